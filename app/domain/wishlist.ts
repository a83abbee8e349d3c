// Wishlist rules of Specification: Wishlist, Browsing failure messages and Transaction failure messages. No I/O.

export const WISHLIST_MESSAGES = {
  added: /*i18n*/ "Added to wishlist",
  removed: /*i18n*/ "Removed from wishlist",
  failed: /*i18n*/ "Wishlist action failed",
  // A post without its field: only a broken client sees it, so it stays English.
  missingReference: "Missing internal_reference",
  outOfStock: /*i18n*/ "Out of stock. Cannot move to cart.",
  moved: /*i18n*/ "Moved to cart",
  notFound: /*i18n*/ "That item is not in your wishlist.",
  signInToView: /*i18n*/ "Please sign in to view your wishlist.",
  signInToSave: /*i18n*/ "Please sign in to use your wishlist.",
} as const;

export interface WishlistItemView {
  id: number;
  productId: number;
  internalReference: string;
  title: string;
  /** The product's Hindi name (issue 27), when the catalogue has one. */
  titleHi?: string;
  attribute: string;
  image: string;
  pricePaise: number;
  mrpPaise: number;
  inStock: boolean;
  inventoryStock: number;
}

/** In stock is derived: a stock number must be above 0, else the flag decides (Specification: Wishlist). */
export function wishlistItemInStock(item: Pick<WishlistItemView, "inStock" | "inventoryStock">): boolean {
  return item.inStock && item.inventoryStock > 0;
}

/** A wishlist post not yet answered, as the browser reads it (typed from the wishlist form's declaration). */
export type PendingWishlistChange = { intent: "add" | "toggle" | "remove" | "move-to-cart"; fields: { internal_reference?: string } };

/** Optimistic view: references in the wishlist once a pending toggle, add or remove lands. */
export function applyPendingWishlistChange(refs: ReadonlySet<string>, pending: PendingWishlistChange): Set<string> {
  const next = new Set(refs);
  const ref = pending.fields.internal_reference;
  if (!ref) return next;
  if (pending.intent === "add") next.add(ref);
  else if (pending.intent === "remove" || pending.intent === "move-to-cart") next.delete(ref);
  else if (next.has(ref)) next.delete(ref);
  else next.add(ref);
  return next;
}
