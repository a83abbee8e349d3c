// What every page knows of the signed-in shopper (root loader): name, cart lines by
// internal_reference and wishlist items, in the smallest shape the browser needs.
import type { RouterContextProvider } from "react-router";
import type { CartEntries } from "../domain/cart.ts";
import type { Viewer } from "../domain/viewer.ts";
import { shopOf } from "./context.server.ts";
import type { CartView, Customer } from "./shop/port.server.ts";

// The root loader (for the header) and the cart and review pages (for themselves) run side
// by side in one request: they share one read of the cart.
const carts = new WeakMap<object, Promise<CartView>>();

/** The customer's cart, read once per request. Actions read the Shop directly: they change it. */
export function cartOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<CartView> {
  let cart = carts.get(context);
  if (!cart) {
    cart = shopOf(context).cart.get(customer);
    carts.set(context, cart);
  }
  return cart;
}

export async function viewerOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<Viewer> {
  const [cart, wishlist] = await Promise.all([cartOf(context, customer), shopOf(context).wishlist.list(customer)]);
  const entries: CartEntries = {};
  for (const l of cart.lines) entries[l.internalReference] = { line: l.id, quantity: l.quantity, pricePaise: l.pricePaise, inventoryStock: l.inventoryStock };
  return {
    name: customer.name,
    cart: entries,
    wishlist: Object.fromEntries(wishlist.map((i) => [i.internalReference, i.id])),
  };
}
