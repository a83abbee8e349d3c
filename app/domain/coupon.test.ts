import { describe, expect, it } from "vitest";
import { evaluateCoupon, normalizeCouponCode, type CouponRule } from "./coupon.ts";

const rule: CouponRule = {
  code: "HAAT10",
  kind: "percent",
  value: 10,
  minSubtotalPaise: 50_000,
  maxDiscountPaise: 15_000,
  startsAt: new Date("2026-01-01T00:00:00Z"),
  endsAt: new Date("2027-01-01T00:00:00Z"),
  usageLimit: 100,
  perCustomerLimit: 1,
  active: true,
};
const now = new Date("2026-11-23T10:00:00Z");
const fresh = { total: 0, byCustomer: 0 };

describe("normalizeCouponCode", () => {
  it("trims and upper-cases", () => {
    expect(normalizeCouponCode("  haat10 ")).toBe("HAAT10");
    expect(normalizeCouponCode("   ")).toBe("");
    expect(normalizeCouponCode(null)).toBe("");
  });
});

describe("evaluateCoupon", () => {
  it("gives a percent discount in whole rupees, up to its cap", () => {
    expect(evaluateCoupon(rule, { subtotalPaise: 56_789, now, usage: fresh })).toEqual({ ok: true, discountPaise: 5_600 });
    expect(evaluateCoupon(rule, { subtotalPaise: 500_000, now, usage: fresh })).toEqual({ ok: true, discountPaise: 15_000 });
  });
  it("gives a flat discount, never more than the cart", () => {
    const flat = { ...rule, kind: "flat" as const, value: 20_000, minSubtotalPaise: 0, maxDiscountPaise: null };
    expect(evaluateCoupon(flat, { subtotalPaise: 75_000, now, usage: fresh })).toEqual({ ok: true, discountPaise: 20_000 });
    expect(evaluateCoupon(flat, { subtotalPaise: 15_000, now, usage: fresh })).toEqual({ ok: true, discountPaise: 15_000 });
  });
  it.each([
    [null, 60_000, fresh, "Invalid coupon code"],
    [{ ...rule, active: false }, 60_000, fresh, "Invalid coupon code"],
    [rule, 0, fresh, "Add items to your cart before applying a coupon."],
    [{ ...rule, startsAt: new Date("2026-12-01T00:00:00Z") }, 60_000, fresh, "This coupon is not active yet."],
    [{ ...rule, endsAt: now }, 60_000, fresh, "This coupon has expired."],
    [rule, 60_000, { total: 100, byCustomer: 0 }, "This coupon has reached its usage limit."],
    [rule, 60_000, { total: 1, byCustomer: 1 }, "You have already used this coupon."],
    [rule, 49_999, fresh, "This coupon needs a cart of at least ₹500."],
  ])("refuses %#", (r, subtotalPaise, usage, reason) => {
    expect(evaluateCoupon(r, { subtotalPaise, now, usage })).toEqual({ ok: false, reason });
  });
});
