import { describe, expect, it } from "vitest";
import { displayVariant, isAvailable, isLowStock, validLowStockThreshold } from "./stock.ts";

describe("stock rules", () => {
  it("treats stock 0 or the flag off as unavailable", () => {
    expect(isAvailable({ inStock: true, inventoryStock: 0 })).toBe(false);
    expect(isAvailable({ inStock: false, inventoryStock: 5 })).toBe(false);
    expect(isAvailable({ inStock: true, inventoryStock: 1 })).toBe(true);
  });
  it("flags low stock at 1 and 2 only", () => {
    expect([0, 1, 2, 3].map((n) => isLowStock({ inStock: true, inventoryStock: n }))).toEqual([false, true, true, false]);
  });
  it("takes a variant's own low-stock threshold as a whole number from 0 to 100000", () => {
    expect([0, 10, 100_000].map(validLowStockThreshold)).toEqual([true, true, true]);
    expect([-1, 2.5, 100_001, Number.NaN].map(validLowStockThreshold)).toEqual([false, false, false, false]);
  });
  it("displays the first in-stock variant, else the first", () => {
    const a = { ref: "A", inStock: true, inventoryStock: 0 };
    const b = { ref: "B", inStock: true, inventoryStock: 4 };
    expect(displayVariant([a, b])?.ref).toBe("B");
    expect(displayVariant([a])?.ref).toBe("A");
    expect(displayVariant([])).toBeUndefined();
  });
});
