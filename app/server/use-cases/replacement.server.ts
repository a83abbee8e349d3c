// The shopper's replacement choices on the cart (issue 29, decision 056): the cart page's form and
// the JSON API. What a choice means at packing is app/server/shop/packing.server.ts (replaceIn).
import { REPLACEMENT_MESSAGES, type ReplacementChoice } from "../../domain/replacement.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

/** Sets the cart's choice and its lines' ('' or absent: the order's); answers what to tell the shopper. */
export async function setReplacement(
  shop: Shop,
  customer: Customer,
  choice: { replacement: ReplacementChoice; lines: { internal_reference: string; replacement?: ReplacementChoice | "" }[] },
): Promise<{ message: string }> {
  const lines = new Map(choice.lines.map((l) => [l.internal_reference, l.replacement || null] as const));
  await shop.cart.setReplacement(customer, choice.replacement, lines);
  return { message: REPLACEMENT_MESSAGES.saved };
}
