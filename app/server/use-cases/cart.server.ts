// One line of the cart changed (Specification: Adding to cart and Cart): the cart's forms and the
// JSON API. Stock, the clamp and a coupon the cart no longer qualifies for are the Shop's cart,
// in the same transaction as the change; what the shopper is told of each is the caller's.
import type { CartChange, Customer, Shop } from "../shop/port.server.ts";

export function addToCart(shop: Shop, customer: Customer, line: { internalReference: string; quantity: number }): Promise<CartChange> {
  return shop.cart.add(customer, line);
}

/** One more or one fewer (the stepper). */
export function stepCartLine(shop: Shop, customer: Customer, internalReference: string, by: 1 | -1): Promise<CartChange> {
  return shop.cart.step(customer, internalReference, by);
}

export function removeFromCart(shop: Shop, customer: Customer, internalReference: string): Promise<{ title: string; couponDropped?: string }> {
  return shop.cart.remove(customer, internalReference);
}

/** A quantity typed or sent: 0 takes the line off (the JSON API's update, Specification: Transaction calls). */
export async function setCartQuantity(shop: Shop, customer: Customer, internalReference: string, quantity: number): Promise<Pick<CartChange, "warning" | "couponDropped">> {
  if (quantity === 0) {
    const removed = await shop.cart.remove(customer, internalReference);
    return { warning: undefined, couponDropped: removed.couponDropped };
  }
  return shop.cart.setQuantity(customer, internalReference, quantity);
}

export function clearCart(shop: Shop, customer: Customer): Promise<void> {
  return shop.cart.clear(customer);
}
