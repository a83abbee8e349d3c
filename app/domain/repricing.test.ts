import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing.ts";
import { repricePacked } from "./repricing.ts";

const rice = { pricePaise: 18_900, mrpPaise: 21_000, quantity: 3, taxRate: 5 };
const oil = { pricePaise: 59_900, mrpPaise: 59_900, quantity: 1, taxRate: 18 };

function placedOf(p: ReturnType<typeof priceOrder>) {
  return { subtotalPaise: p.subtotalPaise, couponPaise: p.couponPaise, prepaidPaise: p.prepaidPaise, deliveryPaise: p.deliveryPaise, totalPaise: p.totalPaise };
}

describe("repricePacked", () => {
  it("prices a cash order again for what was packed, tax recomputed", () => {
    const placed = placedOf(priceOrder([rice, oil]));
    const after = repricePacked([{ ...rice, quantity: 1 }, oil], placed, null);
    expect(after.subtotalPaise).toBe(18_900 + 59_900);
    expect(after.totalPaise).toBe(78_800);
    expect(after.taxPaise).toBe(priceOrder([{ ...rice, quantity: 1 }, oil]).taxPaise);
    expect(after.refundPaise).toBe(2 * 18_900);
  });

  it("keeps the coupon by its rule, never more than before", () => {
    const rule = { kind: "percent" as const, value: 10, maxDiscountPaise: 20_000 };
    const placed = placedOf(priceOrder([rice, oil], 11_600));
    const after = repricePacked([{ ...rice, quantity: 1 }, oil], placed, rule);
    expect(after.couponPaise).toBe(7_800); // 10% of ₹788, whole rupees
    const flat = { kind: "flat" as const, value: 10_000, maxDiscountPaise: null };
    expect(repricePacked([oil], placedOf(priceOrder([rice, oil], 10_000)), flat).couponPaise).toBe(10_000);
    // The coupon is gone from the shop: the old discount, at most the new subtotal.
    expect(repricePacked([{ ...rice, quantity: 1 }], placedOf(priceOrder([rice, oil], 50_000)), null).couponPaise).toBe(18_900);
  });

  it("shrinks the prepaid discount in proportion and refunds the difference of what was paid", () => {
    const placed = placedOf(priceOrder([rice, oil], 0, 5));
    const after = repricePacked([oil], placed, null);
    expect(after.prepaidPaise).toBe(Math.floor((placed.prepaidPaise * 59_900) / placed.subtotalPaise));
    expect(after.totalPaise).toBe(59_900 - after.prepaidPaise);
    expect(after.refundPaise).toBe(placed.totalPaise - after.totalPaise);
  });

  it("never adds a delivery charge the order did not have", () => {
    const fee = { feePaise: 4_900, freeAbovePaise: 99_900 };
    const placed = placedOf(priceOrder([rice, oil, { ...oil, quantity: 1 }], 0, 0, fee));
    expect(placed.deliveryPaise).toBe(0);
    expect(repricePacked([{ ...rice, quantity: 1 }], placed, null).deliveryPaise).toBe(0);
  });

  it("never asks for more than before, even when the coupon's rule changed since", () => {
    const placedRule = { kind: "percent" as const, value: 10, maxDiscountPaise: 20_000 };
    const big = { pricePaise: 150_000, mrpPaise: 150_000, quantity: 1, taxRate: 5 };
    const small = { pricePaise: 2_000, mrpPaise: 2_000, quantity: 1, taxRate: 5 };
    const placed = placedOf(priceOrder([big, small], 15_200));
    expect(placedRule.value).toBe(10);
    // Staff lowered the cap to ₹50 after the order was placed; a ₹20 item is short.
    const after = repricePacked([big], placed, { ...placedRule, maxDiscountPaise: 5_000 });
    expect(after.totalPaise).toBeLessThanOrEqual(placed.totalPaise);
    expect(after.couponPaise).toBe(13_200);
    // Paid online, the proportional prepaid discount never makes the total rise either.
    const prepaid = placedOf(priceOrder([big, small], 15_200, 5));
    const shorted = repricePacked([big], prepaid, { ...placedRule, maxDiscountPaise: 5_000 });
    expect(shorted.totalPaise).toBeLessThanOrEqual(prepaid.totalPaise);
    expect(shorted.refundPaise).toBe(prepaid.totalPaise - shorted.totalPaise);
  });
});
