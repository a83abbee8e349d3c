import { describe, expect, it } from "vitest";
import { discountPercent, downToRupee, formatRupees, rupeesToPaise, taxIncluded, taxRate } from "./money.ts";

describe("money", () => {
  it("formats whole rupees in the Indian grouping", () => {
    expect(formatRupees(129900)).toBe("₹1,299");
    expect(formatRupees(12345600)).toBe("₹1,23,456");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(4950)).toBe("₹50");
  });
  it("converts rupees to paise without float drift", () => {
    expect(rupeesToPaise(249)).toBe(24900);
    expect(rupeesToPaise(19.99)).toBe(1999);
  });
  it("rounds the discount against MRP and ignores equal or missing MRP", () => {
    expect(discountPercent(24900, 29900)).toBe(17);
    expect(discountPercent(29900, 29900)).toBe(0);
    expect(discountPercent(29900, 0)).toBe(0);
    expect(discountPercent(50, 100)).toBe(50);
  });
  it("takes the tax out of a tax-inclusive price", () => {
    expect(taxIncluded(10500, 5)).toBe(500);
    expect(taxIncluded(11800, 18)).toBe(1800);
    expect(taxIncluded(10000, 0)).toBe(0);
  });
  it("reads the first sales tax entry", () => {
    expect(taxRate(["12%"])).toBe(12);
    expect(taxRate([])).toBe(0);
    expect(taxRate(undefined)).toBe(0);
    expect(taxRate(["GST"])).toBe(0);
  });
});

describe("rounding down to the whole rupee (one place, issue 42)", () => {
  it("drops the paise, never rounds up", () => {
    expect([downToRupee(0), downToRupee(99), downToRupee(100), downToRupee(12_399), downToRupee(12_400.5)]).toEqual([0, 0, 100, 12_300, 12_400]);
  });
});
