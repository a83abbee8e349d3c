// From the cart to Review Order (Specification: Checkout): the payment the shopper chose, once the
// cart can be bought. One home for what every way in must check before it: a cart with lines;
// lines another shopper bought out are lowered to what is left and said here, on the cart,
// rather than at Confirm Order; and card or UPI only when Razorpay is configured (issue 42: this
// was checked in the cart form alone, and the port took UPI whatever the shop could do).
import { CART_MESSAGES, stockProblems, stockStopMessage } from "../../domain/cart.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { PAYMENT_MESSAGES, type PaymentChoice } from "../../domain/payment.ts";
import { ShopError, type CartView, type Customer, type Shop } from "../shop/port.server.ts";

/**
 * The one check of online payment: card and UPI only when Razorpay is configured. Refused before
 * anything changes; `code`: news about the cart's choice on a page ("conflict"), a part that is
 * missing to the JSON API ("unavailable").
 */
export function requireOnlinePayment(shop: Pick<Shop, "payments">, code: "conflict" | "unavailable" = "conflict"): void {
  if (!shop.payments.available) throw new ShopError(code, PAYMENT_MESSAGES.configMissing);
}

/** Card or UPI: refused when the shop takes no online payment. */
export async function choosePayment(shop: Shop, customer: Customer, choice: PaymentChoice): Promise<void> {
  if (choice !== "cod") requireOnlinePayment(shop);
  await shop.cart.choosePayment(customer, choice);
}

/**
 * The cart can be bought: it has lines, and every line's stock is there. A line short of stock is
 * lowered to what is left (and a coupon that no longer applies taken off), and the whole is said
 * in one "conflict", so the shopper looks again before anything is placed. The cart's Place order
 * and the JSON API's order calls ask it; the place transaction checks the stock again, locked.
 * `i18n`: the page's language, for the message's sentences.
 */
export async function checkStock(shop: Shop, customer: Customer, i18n?: Pick<I18n, "_">, read?: CartView): Promise<void> {
  // `read`: the cart the caller has just read, not read again.
  const cart = read ?? (await shop.cart.get(customer));
  if (cart.lines.length === 0) throw new ShopError("conflict", CART_MESSAGES.empty);
  const problems = stockProblems(cart.lines);
  let couponDropped: string | null = null;
  for (const p of problems) if (p.kind === "short") couponDropped = (await shop.cart.setQuantity(customer, p.line.internalReference, p.available)).couponDropped ?? couponDropped;
  if (problems.length) throw new ShopError("conflict", stockStopMessage(problems, couponDropped, i18n));
}

/** The cart's Place order: the cart checked, then the payment chosen. */
export async function checkout(shop: Shop, customer: Customer, choice: PaymentChoice, i18n: Pick<I18n, "_" | "locale">): Promise<void> {
  await checkStock(shop, customer, i18n);
  await choosePayment(shop, customer, choice);
}
