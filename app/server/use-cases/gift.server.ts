// A gift message on the cart (issue 29, decision 054): Review Order's form and the JSON API.
// Whether the cart may carry one (a Gifting product in it) is the Shop's cart, by domain/gift.ts.
import { GIFT_MESSAGES, type Gift } from "../../domain/gift.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

/** Sets the cart's gift message (null takes it off); answers what to tell the shopper. */
export async function setGift(shop: Shop, customer: Customer, gift: Gift | null): Promise<{ message: string }> {
  await shop.cart.setGift(customer, gift);
  return { message: gift ? GIFT_MESSAGES.saved : GIFT_MESSAGES.removed };
}
