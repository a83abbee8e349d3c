import { describe, expect, it } from "vitest";
import { displayVariant, isAvailable, isLowStock } from "./stock.ts";

describe("stock rules", () => {
  it("treats stock 0 or the flag off as unavailable", () => {
    expect(isAvailable({ inStock: true, inventoryStock: 0 })).toBe(false);
    expect(isAvailable({ inStock: false, inventoryStock: 5 })).toBe(false);
    expect(isAvailable({ inStock: true, inventoryStock: 1 })).toBe(true);
  });
  it("flags low stock at 1 and 2 only", () => {
    expect([0, 1, 2, 3].map((n) => isLowStock({ inStock: true, inventoryStock: n }))).toEqual([false, true, true, false]);
  });
  it("displays the first in-stock variant, else the first", () => {
    const a = { ref: "A", inStock: true, inventoryStock: 0 };
    const b = { ref: "B", inStock: true, inventoryStock: 4 };
    expect(displayVariant([a, b])?.ref).toBe("B");
    expect(displayVariant([a])?.ref).toBe("A");
    expect(displayVariant([])).toBeUndefined();
  });
});
