import { describe, expect, it } from "vitest";
import { allocate, deliveryChargePaise, deliveryNote, NO_DELIVERY_FEE, prepaidDiscountPaise, priceOrder } from "./pricing.ts";

describe("allocate", () => {
  it("splits in proportion, whole units, summing exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    const shares = allocate(12_345, [999, 12, 40_000, 7]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(12_345);
  });
});

describe("priceOrder", () => {
  const rice = { pricePaise: 18_900, mrpPaise: 21_000, quantity: 2, taxRate: 5 };
  const glass = { pricePaise: 59_900, mrpPaise: 59_900, quantity: 1, taxRate: 18 };

  it("sums subtotal, savings against MRP and the GST inside the prices; delivery free", () => {
    const p = priceOrder([rice, glass]);
    expect(p.subtotalPaise).toBe(97_700);
    expect(p.savingsPaise).toBe(4_200);
    expect(p.couponPaise).toBe(0);
    expect(p.taxPaise).toBe(1_800 + 9_137);
    expect(p.deliveryPaise).toBe(0);
    expect(p.totalPaise).toBe(97_700);
    expect(p.lines[0]).toMatchObject({ grossPaise: 37_800, netPaise: 37_800, taxPaise: 1_800, taxableValuePaise: 36_000 });
  });

  it("spreads a coupon over the lines and taxes what is paid", () => {
    const p = priceOrder([rice, glass], 10_000);
    expect(p.couponPaise).toBe(10_000);
    expect(p.totalPaise).toBe(87_700);
    expect(p.lines.map((l) => l.discountPaise).reduce((a, b) => a + b, 0)).toBe(10_000);
    for (const l of p.lines) expect(l.netPaise).toBe(l.grossPaise - l.discountPaise);
    expect(p.taxPaise).toBe(p.lines.reduce((a, l) => a + l.taxPaise, 0));
    expect(p.taxPaise).toBeLessThan(priceOrder([rice, glass]).taxPaise);
  });

  it("gives the prepaid discount on what is left after the coupon, spread over the lines like it", () => {
    const p = priceOrder([rice, glass], 10_000, 5);
    // 5% of ₹877.00, rounded down to the paisa.
    expect(p.prepaidPaise).toBe(4_385);
    expect(p.totalPaise).toBe(97_700 - 10_000 - 4_385);
    expect(p.lines.map((l) => l.discountPaise).reduce((a, b) => a + b, 0)).toBe(10_000 + 4_385);
    expect(p.taxPaise).toBe(p.lines.reduce((a, l) => a + l.taxPaise, 0));
    expect(priceOrder([rice, glass], 0, 0).prepaidPaise).toBe(0);
    expect(priceOrder([rice], 0, 5).prepaidPaise).toBe(1_890);
    expect(prepaidDiscountPaise(99, 5)).toBe(4);
    expect(prepaidDiscountPaise(100, -5)).toBe(0);
  });

  it("never takes the total below zero", () => {
    const p = priceOrder([rice], 1_000_000);
    expect(p.couponPaise).toBe(37_800);
    expect(p.totalPaise).toBe(0);
    expect(priceOrder([rice], -500).couponPaise).toBe(0);
  });

  it("prices an empty cart at zero", () => {
    expect(priceOrder([])).toMatchObject({ subtotalPaise: 0, totalPaise: 0, taxPaise: 0 });
  });

  it("charges the delivery fee staff set up to the free-delivery threshold, and none above it", () => {
    const fee = { feePaise: 4_900, freeAbovePaise: 99_900 };
    expect(deliveryChargePaise(50_000, fee)).toBe(4_900);
    expect(deliveryChargePaise(99_900, fee)).toBe(4_900);
    expect(deliveryChargePaise(99_901, fee)).toBe(0);
    expect(deliveryChargePaise(0, fee)).toBe(0);
    expect(deliveryChargePaise(50_000, NO_DELIVERY_FEE)).toBe(0);
    const p = priceOrder([rice], 0, 0, fee);
    expect(p).toMatchObject({ subtotalPaise: 37_800, deliveryPaise: 4_900, totalPaise: 42_700 });
    // Delivery carries no GST share of the goods: the lines' tax is unchanged.
    expect(p.taxPaise).toBe(priceOrder([rice]).taxPaise);
    const rupees = (paise: number) => `₹${paise / 100}`;
    expect(deliveryNote(37_800, rupees, fee)).toBe("Delivery costs ₹49; add items worth ₹622 more for free delivery (orders above ₹999).");
    expect(deliveryNote(120_000, rupees, fee)).toBe("Free delivery on orders above ₹999.");
    expect(deliveryNote(37_800, rupees)).toBe("Delivery is free on every order for now; orders above ₹999 always ship free.");
  });

  it("reprices a placed order with its prepaid discount and delivery charge as fixed amounts", () => {
    const p = priceOrder([rice], 1_000, { paise: 500 }, { paise: 4_900 });
    expect(p).toMatchObject({ couponPaise: 1_000, prepaidPaise: 500, deliveryPaise: 4_900, totalPaise: 37_800 - 1_500 + 4_900 });
    expect(priceOrder([rice], 37_000, { paise: 5_000 }).prepaidPaise).toBe(800);
  });
});
