import { describe, expect, it } from "vitest";
import { applyPendingWishlistForm, wishlistItemInStock } from "./wishlist.ts";
import { wishlistIntentSchema } from "./wishlist-forms.ts";

describe("wishlistIntentSchema", () => {
  it("needs an internal_reference to add or toggle", () => {
    for (const intent of ["add", "toggle"]) {
      expect(wishlistIntentSchema.safeParse({ intent }).error?.issues[0]?.message).toBe("Missing internal_reference");
    }
  });
  it("removes by id or by reference", () => {
    expect(wishlistIntentSchema.parse({ intent: "remove", item: "4" })).toMatchObject({ item: 4 });
    expect(wishlistIntentSchema.parse({ intent: "remove", internal_reference: "A" })).toMatchObject({ internal_reference: "A" });
  });
});

describe("wishlist rules", () => {
  it("derives in stock from the number first", () => {
    expect(wishlistItemInStock({ inStock: true, inventoryStock: 0 })).toBe(false);
    expect(wishlistItemInStock({ inStock: true, inventoryStock: 3 })).toBe(true);
    expect(wishlistItemInStock({ inStock: false, inventoryStock: 3 })).toBe(false);
  });
  it("toggles optimistically", () => {
    const refs = new Set(["A"]);
    expect(applyPendingWishlistForm(refs, new URLSearchParams({ intent: "toggle", internal_reference: "A" })).has("A")).toBe(false);
    expect(applyPendingWishlistForm(refs, new URLSearchParams({ intent: "toggle", internal_reference: "B" })).has("B")).toBe(true);
    expect(applyPendingWishlistForm(refs, new URLSearchParams({ intent: "add", internal_reference: "A" })).size).toBe(1);
  });
});
