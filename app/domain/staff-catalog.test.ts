import { describe, expect, it } from "vitest";
import { sameEdit, type VariantEdit } from "./staff-catalog.ts";

const seen: VariantEdit = { pricePaise: 18_900, mrpPaise: 21_000, onHand: 12, inStock: true, byWeight: null, lowStockBelow: null };

describe("a staff member's edit of a variant", () => {
  it("is the same only when every figure is, the low-stock threshold too", () => {
    expect(sameEdit(seen, { ...seen })).toBe(true);
    expect(sameEdit(seen, { ...seen, byWeight: { unitGrams: 500, tolerancePercent: 10 } })).toBe(false);
    expect(sameEdit(seen, { ...seen, lowStockBelow: 10 })).toBe(false);
    expect(sameEdit({ ...seen, lowStockBelow: 0 }, { ...seen, lowStockBelow: null })).toBe(false);
    expect(sameEdit({ ...seen, lowStockBelow: 25 }, { ...seen, lowStockBelow: 25 })).toBe(true);
  });
});
