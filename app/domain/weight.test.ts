import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing.ts";
import { repricePacked } from "./repricing.ts";
import { awaitsWeighing, formatGrams, inRange, leaveRefusal, mostPaise, soldByWeightOf, stockAfterWeighing, weighedPaise, weightProblem, weightRange } from "./weight.ts";

const tomatoes = { pricePaise: 3_500, quantity: 2, byWeight: { unitGrams: 500, tolerancePercent: 10 } };

describe("weighing produce sold by weight", () => {
  it("accepts weights within the tolerance of the estimate, and none outside", () => {
    expect(weightRange(tomatoes.byWeight, 2)).toEqual({ estimate: 1000, min: 900, max: 1100 });
    expect(inRange(tomatoes.byWeight, 2, 900)).toBe(true);
    expect(inRange(tomatoes.byWeight, 2, 1100)).toBe(true);
    expect(inRange(tomatoes.byWeight, 2, 899)).toBe(false);
    expect(inRange(tomatoes.byWeight, 2, 1101)).toBe(false);
    expect(inRange(tomatoes.byWeight, 2, 950.5)).toBe(false);
    expect(inRange({ unitGrams: 500, tolerancePercent: 0 }, 1, 500)).toBe(true);
    expect(inRange({ unitGrams: 500, tolerancePercent: 0 }, 1, 501)).toBe(false);
  });

  it("prices the weight in proportion, rounded down to the rupee, never above the estimate plus the tolerance", () => {
    expect(weighedPaise(tomatoes, 900)).toBe(6_300);
    expect(weighedPaise(tomatoes, 1000)).toBe(7_000);
    expect(weighedPaise(tomatoes, 1100)).toBe(7_700);
    expect(weighedPaise(tomatoes, 1013)).toBe(7_000); // ₹70.91 rounds down to ₹70
    expect(weighedPaise(tomatoes, 5000)).toBe(mostPaise(7_000, tomatoes.byWeight));
    expect(mostPaise(7_000, tomatoes.byWeight)).toBe(7_700);
  });

  it("charges a prepaid order no more than it paid: the estimate", () => {
    expect(weighedPaise(tomatoes, 1100, { paidAhead: true })).toBe(7_000);
    expect(weighedPaise(tomatoes, 900, { paidAhead: true })).toBe(6_300);
  });

  it("prices the order again on the weight: the coupon share and the tax follow, the delivery charge stays", () => {
    const oil = { pricePaise: 20_000, mrpPaise: 22_000, quantity: 1, taxRate: 5 };
    const tom = { pricePaise: 3_500, mrpPaise: 4_000, quantity: 2, taxRate: 0 };
    const placed = priceOrder([tom, oil], 1_000);
    const figures = { subtotalPaise: placed.subtotalPaise, couponPaise: placed.couponPaise, prepaidPaise: 0, deliveryPaise: 0, totalPaise: placed.totalPaise };
    const lighter = repricePacked([{ ...tom, weighedPaise: 6_300 }, oil], figures, null);
    expect(lighter.subtotalPaise).toBe(26_300);
    expect(lighter.couponPaise).toBe(1_000);
    expect(lighter.totalPaise).toBe(25_300);
    expect(lighter.refundPaise).toBe(700);
    expect(lighter.mrpTotalPaise).toBe(Math.floor((8_000 * 6_300) / 7_000) + 22_000);
    const heavier = repricePacked([{ ...tom, weighedPaise: 7_700 }, oil], figures, null);
    expect(heavier.totalPaise).toBe(placed.totalPaise + 700);
    expect(heavier.couponPaise).toBe(1_000);
    expect(heavier.refundPaise).toBe(0);
  });

  it("moves the stock by the grams over or under the estimate, keeping grams below a pack, never below nothing", () => {
    expect(stockAfterWeighing({ packs: 10, balanceGrams: 0 }, 500, 1000, 900)).toEqual({ packs: 10, balanceGrams: 100 });
    expect(stockAfterWeighing({ packs: 10, balanceGrams: 100 }, 500, 1000, 600)).toEqual({ packs: 11, balanceGrams: 0 });
    expect(stockAfterWeighing({ packs: 10, balanceGrams: 0 }, 500, 1000, 1100)).toEqual({ packs: 9, balanceGrams: 400 });
    expect(stockAfterWeighing({ packs: 0, balanceGrams: 50 }, 500, 1000, 1100)).toEqual({ packs: 0, balanceGrams: 0 });
  });

  it("reads and checks a variant's weight fields", () => {
    expect(soldByWeightOf(null, null)).toBeNull();
    expect(soldByWeightOf(500, 10)).toEqual({ unitGrams: 500, tolerancePercent: 10 });
    expect(weightProblem({ unitGrams: 0, tolerancePercent: 10 })).toMatch(/whole grams/);
    expect(weightProblem({ unitGrams: 500, tolerancePercent: 26 })).toMatch(/tolerance/);
    expect(weightProblem({ unitGrams: 500, tolerancePercent: 10 })).toBeNull();
    expect(weightProblem(null)).toBeNull();
  });

  it("says weights the way the shop's pages do, and knows when a total is an estimate", () => {
    expect(formatGrams(950)).toBe("950 g");
    expect(formatGrams(1000)).toBe("1 kg");
    expect(formatGrams(1250)).toBe("1.25 kg");
    expect(awaitsWeighing([{ byWeight: tomatoes.byWeight }])).toBe(true);
    expect(awaitsWeighing([{ byWeight: tomatoes.byWeight, packedGrams: 950 }])).toBe(false);
    expect(awaitsWeighing([{}])).toBe(false);
  });
});

describe("leaveRefusal", () => {
  const line = { title: "Tomatoes (1 kg)", weightUnitGrams: 1000, packedGrams: null };
  it("refuses to let an order leave with a line sold by weight unweighed, naming it and what to do", () => {
    expect(leaveRefusal(42, [line, { title: "Atta (5 kg)", weightUnitGrams: null, packedGrams: null }])).toBe(
      "Order #42 cannot leave unweighed: enter what Tomatoes (1 kg) weighed under “Weigh before it leaves”, then mark it Out for delivery.",
    );
  });
  it("lets it leave once weighed, or when nothing is sold by weight", () => {
    expect(leaveRefusal(42, [{ ...line, packedGrams: 980 }])).toBeNull();
    expect(leaveRefusal(42, [{ ...line, weightUnitGrams: null }])).toBeNull();
    expect(leaveRefusal(42, [])).toBeNull();
  });
});
