// 'Notify Me' (issue 29, decision 057): the product page's and card's button, the account's list
// and the JSON API. When a waiting shopper is told is the Shop's (stock-requests.server.ts).
import type { Locale } from "../../domain/i18n/locale.ts";
import { NOTIFY_MESSAGES } from "../../domain/stock-request.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

/** `via`: where it was asked, for the consent ledger (issue 48): the product page, or the JSON API. */
export async function requestNotice(
  shop: Shop,
  customer: Customer,
  internalReference: string,
  language: Locale,
  via: "product-page" | "api" = "product-page",
): Promise<{ message: string }> {
  await shop.stockRequests.request(customer, internalReference, language, via);
  return { message: NOTIFY_MESSAGES.requested };
}

export async function cancelNotice(shop: Shop, customer: Customer, id: number, via: "my-account" | "api" = "my-account"): Promise<{ message: string }> {
  await shop.stockRequests.cancel(customer, id, via);
  return { message: NOTIFY_MESSAGES.cancelled };
}
