import { describe, expect, it } from "vitest";
import { AUTOPAY_CEILING_PAISE, AUTOPAY_MESSAGES, autopayCeiling, autopayRefusal, chargeFailure } from "./autopay.ts";

describe("autopayCeiling", () => {
  it("asks for three deliveries' worth, at least ₹1,000, rounded up to ₹100, at most ₹15,000", () => {
    expect(autopayCeiling(9_000)).toBe(100_000);
    expect(autopayCeiling(40_050)).toBe(130_000);
    expect(autopayCeiling(600_000)).toBe(AUTOPAY_CEILING_PAISE);
    expect(autopayCeiling(AUTOPAY_CEILING_PAISE)).toBe(AUTOPAY_CEILING_PAISE);
  });
  it("has none for a delivery above what a debit may take, or for no amount", () => {
    expect(autopayCeiling(AUTOPAY_CEILING_PAISE + 1)).toBeNull();
    expect(autopayCeiling(0)).toBeNull();
    expect(autopayCeiling(12.5)).toBeNull();
  });
});

describe("autopayRefusal", () => {
  it("charges only an approved mandate, within its ceiling", () => {
    expect(autopayRefusal({ status: "confirmed", maxPaise: 100_000 }, 100_000)).toBeNull();
    expect(autopayRefusal({ status: "confirmed", maxPaise: 100_000 }, 100_001)).toBe(AUTOPAY_MESSAGES.overCeiling);
    expect(autopayRefusal({ status: "created", maxPaise: 100_000 }, 1)).toBe(AUTOPAY_MESSAGES.notApproved);
    expect(autopayRefusal({ status: null, maxPaise: null }, 1)).toBe(AUTOPAY_MESSAGES.notApproved);
    for (const status of ["paused", "cancelled", "rejected"] as const) expect(autopayRefusal({ status, maxPaise: 100_000 }, 1)).toBe(AUTOPAY_MESSAGES.stopped);
  });
});

describe("chargeFailure", () => {
  it("keeps Razorpay's first sentence, short, inside the shop's words", () => {
    expect(chargeFailure("Amount exceeds maximum amount allowed")).toBe("Autopay could not charge it (Amount exceeds maximum amount allowed)");
    expect(chargeFailure("Payment failed.  If amount got deducted, it will be refunded.")).toBe("Autopay could not charge it (Payment failed)");
    expect(chargeFailure(null)).toBe("Autopay could not charge it (payment failed)");
    expect(chargeFailure("x".repeat(200)).length).toBeLessThan(120);
  });
});
