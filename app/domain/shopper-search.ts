// Staff's search for a shopper (issue 48 item 7, the processing log): an e-mail, a mobile number,
// an order's number, or part of the name; read as the orders' search box reads what is typed. No I/O.
import { normalizeEmail } from "./account.ts";
import { parseOrderQuery } from "./order-search.ts";

export interface ShopperQuery {
  email: string | null;
  /** A verified mobile number's ten digits. */
  mobile: string | null;
  /** The number of one of the shopper's orders. */
  number: number | null;
  /** Part of the name, matched without regard to case. */
  name: string | null;
}

export const SHOPPER_SEARCH_MESSAGES = {
  tooShort: "Type an e-mail, a mobile number, an order number, or at least 2 letters of a name.",
} as const;

/** What `typed` asks for, or null when it is too little to ask anything. */
export function parseShopperQuery(typed: string): ShopperQuery | null {
  const q = typed.trim();
  if (q.includes("@")) return { email: normalizeEmail(q), mobile: null, number: null, name: null };
  const order = parseOrderQuery(q);
  return order && { email: null, mobile: order.phone, number: order.number, name: order.name };
}
