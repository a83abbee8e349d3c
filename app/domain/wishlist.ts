// Wishlist rules of browsing §3, §5, §8 and transactions §8. No I/O.

export const WISHLIST_MESSAGES = {
  added: "Added to wishlist",
  removed: "Removed from wishlist",
  failed: "Wishlist action failed",
  missingReference: "Missing internal_reference",
  outOfStock: "Out of stock. Cannot move to cart.",
  moved: "Moved to cart",
  moveFailed: "Move to cart failed",
  notFound: "That item is not in your wishlist.",
  signInToView: "Please sign in to view your wishlist.",
} as const;

export interface WishlistItemView {
  id: number;
  productId: number;
  internalReference: string;
  title: string;
  attribute: string;
  image: string;
  pricePaise: number;
  mrpPaise: number;
  inStock: boolean;
  inventoryStock: number;
}

/** In stock is derived: a stock number must be above 0, else the flag decides (browsing §3). */
export function wishlistItemInStock(item: Pick<WishlistItemView, "inStock" | "inventoryStock">): boolean {
  return item.inStock && item.inventoryStock > 0;
}

/** Optimistic view: references in the wishlist once a pending toggle, add or remove lands. */
export function applyPendingWishlistForm(refs: ReadonlySet<string>, form: FormData | URLSearchParams): Set<string> {
  const next = new Set(refs);
  const intent = form.get("intent");
  const ref = form.get("internal_reference");
  if (typeof ref !== "string" || !ref) return next;
  if (intent === "add") next.add(ref);
  else if (intent === "remove" || intent === "move-to-cart") next.delete(ref);
  else if (intent === "toggle") {
    if (next.has(ref)) next.delete(ref);
    else next.add(ref);
  }
  return next;
}
