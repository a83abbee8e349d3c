import { describe, expect, it } from "vitest";
import { methodLabel, minutesLeft, paymentNote, paymentStateLabel, providerReference, refundLeft } from "./payment.ts";

describe("payment wording", () => {
  it("advertises the prepaid discount only when card and UPI are offered and the discount is given", () => {
    expect(paymentNote({ online: true, prepaidPercent: 5 })).toBe("pay on delivery, card or UPI with a 5% discount on prepaid orders.");
    expect(paymentNote({ online: true, prepaidPercent: 0 })).toBe("pay on delivery, card or UPI.");
    expect(paymentNote({ online: false, prepaidPercent: 5 })).not.toMatch(/discount/);
  });

  it("names states and methods as the shopper reads them", () => {
    expect(paymentStateLabel("refund_initiated")).toBe("Refund initiated");
    expect(paymentStateLabel("refunded")).toBe("Refunded");
    expect(paymentStateLabel("cod")).toBe("Cash On Delivery");
    expect(methodLabel("upi")).toBe("UPI");
    expect(methodLabel(null)).toBe("Online");
  });

  it("makes a receipt Razorpay accepts: unique per attempt, at most 40 characters", () => {
    expect(providerReference(42, 7)).toBe("haat-42-7");
    expect(providerReference(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER).length).toBeLessThanOrEqual(40);
  });

  it("counts the minutes a hold has left, never below zero", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    expect(minutesLeft(new Date("2026-11-24T10:19:01Z"), now)).toBe(20);
    expect(minutesLeft(new Date("2026-11-24T09:00:00Z"), now)).toBe(0);
  });
});

describe("refundLeft", () => {
  it("is the payment less its part refunds that did not fail; a whole refund or a failed part is not counted; never below nothing", () => {
    const part = (amountPaise: number, reason = "short", status = "processed") => ({ amountPaise, reason, status });
    expect(refundLeft(50_000, [])).toBe(50_000);
    expect(refundLeft(50_000, [part(12_000), part(3_000, "weight", "initiated"), part(7_000, "replaced", "failed")])).toBe(35_000);
    expect(refundLeft(50_000, [part(50_000, "cancelled")])).toBe(50_000);
    expect(refundLeft(50_000, [part(30_000), part(30_000, "returned")])).toBe(0);
  });
});
