// What every page knows of the signed-in shopper (root loader): name, cart lines by
// internal_reference and wishlist items, in the smallest shape the browser needs.
import type { CartEntries } from "../domain/cart.ts";
import type { Viewer } from "../domain/viewer.ts";
import type { Customer, Shop } from "./shop/port.server.ts";

export async function viewerOf(shop: Shop, customer: Customer): Promise<Viewer> {
  const [lines, wishlist] = await Promise.all([shop.cart.lines(customer), shop.wishlist.list(customer)]);
  const entries: CartEntries = {};
  for (const l of lines) entries[l.internalReference] = { line: l.id, quantity: l.quantity, pricePaise: l.pricePaise, inventoryStock: l.inventoryStock };
  return {
    name: customer.name,
    cart: entries,
    wishlist: Object.fromEntries(wishlist.map((i) => [i.internalReference, i.id])),
  };
}
