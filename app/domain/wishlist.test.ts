import { describe, expect, it } from "vitest";
import { applyPendingWishlistChange, wishlistItemInStock, type PendingWishlistChange } from "./wishlist.ts";

const pending = (fields: Record<string, string>) => ({ intent: fields.intent, fields }) as PendingWishlistChange;

describe("wishlist rules", () => {
  it("derives in stock from the number first", () => {
    expect(wishlistItemInStock({ inStock: true, inventoryStock: 0 })).toBe(false);
    expect(wishlistItemInStock({ inStock: true, inventoryStock: 3 })).toBe(true);
    expect(wishlistItemInStock({ inStock: false, inventoryStock: 3 })).toBe(false);
  });
  it("toggles optimistically", () => {
    const refs = new Set(["A"]);
    expect(applyPendingWishlistChange(refs, pending({ intent: "toggle", internal_reference: "A" })).has("A")).toBe(false);
    expect(applyPendingWishlistChange(refs, pending({ intent: "toggle", internal_reference: "B" })).has("B")).toBe(true);
    expect(applyPendingWishlistChange(refs, pending({ intent: "add", internal_reference: "A" })).size).toBe(1);
  });
});
