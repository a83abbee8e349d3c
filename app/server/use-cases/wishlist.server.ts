// The wishlist (Specification: Wishlist): the hearts, the wishlist page and the JSON API.
import type { CartChange, Customer, Shop } from "../shop/port.server.ts";

export function addToWishlist(shop: Shop, customer: Customer, internalReference: string): Promise<void> {
  return shop.wishlist.add(customer, internalReference);
}

/** By the wishlist item's id or by its variant: the JSON API accepts either. */
export function removeFromWishlist(shop: Shop, customer: Customer, which: { item?: number; internalReference?: string }): Promise<void> {
  return shop.wishlist.remove(customer, which);
}

/** The heart: adds when absent, removes when present. */
export function toggleWishlist(shop: Shop, customer: Customer, internalReference: string): Promise<{ added: boolean }> {
  return shop.wishlist.toggle(customer, internalReference);
}

/** 'Move to cart': the item's variant into the cart, off the wishlist. */
export function moveToCart(shop: Shop, customer: Customer, itemId: number): Promise<CartChange> {
  return shop.wishlist.moveToCart(customer, itemId);
}
