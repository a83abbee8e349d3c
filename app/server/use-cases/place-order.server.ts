// Placing an order (Specification: Checkout; decision 030): the one way the cart becomes an order,
// by cash on delivery or online (UPI, card), whoever asks: Review Order's Confirm Order, the
// JSON API's /api/order/create and /api/razorpay/order. The rules themselves (stock, coupon,
// minimum, PIN, slot, idempotency) are the Shop's orders.place, in one transaction.
import type { Locale } from "../../domain/i18n/locale.ts";
import { API_MESSAGES } from "../../domain/api.ts";
import type { Slot } from "../../domain/delivery.ts";
import { DELIVERY_MESSAGES } from "../../domain/delivery.ts";
import { orderPlacedMail } from "../../domain/order-mail.ts";
import { PAYMENT_MESSAGES } from "../../domain/payment.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { choosePayment, requireOnlinePayment } from "./checkout.server.ts";
import { ShopError, type Customer, type PaymentStart, type Shop } from "../shop/port.server.ts";

export interface PlaceOrder {
  cartId: number;
  addressId: number;
  /** The chosen slot; "earliest" takes the first slot with room (callers that have no slot picker: the JSON API). */
  slot: Slot | "earliest" | null;
  /** How the shopper pays: as chosen on the cart page, or whatever was chosen there, cash on delivery (the API's create call) or online (its Razorpay call). */
  method: "as-chosen" | "cod" | "online";
  /** Online only: a payment link to redirect to (no JavaScript) or Standard Checkout's options. */
  via: "link" | "modal";
  /** The language of the page it was placed on (issue 27): its mails are in it. */
  locale?: Locale;
}

export type Placed = { kind: "confirmed"; orderId: number; alreadyPlaced: boolean } | { kind: "paying"; orderId: number; start: PaymentStart };

/** The first delivery slot with room: what an order gets when its caller offers no choice. */
async function earliestSlot(shop: Shop): Promise<Slot> {
  const slot = (await shop.delivery.slots()).find((s) => s.available);
  if (!slot) throw new ShopError("conflict", API_MESSAGES.noSlot);
  return { date: slot.date, kind: slot.kind };
}

/**
 * Places the customer's cart `cartId`. Cash on delivery: confirmed and mailed (once, however
 * often it is confirmed). Online: the stock is held and the payment begins; the order is
 * confirmed by confirm-payment when Razorpay says it is paid.
 */
export async function placeOrder(shop: Shop, customer: Customer, input: PlaceOrder): Promise<Placed> {
  const cart = await shop.cart.get(customer);
  const thisCart = cart.id === input.cartId;
  // A form for another cart (placed in another tab, or tampered) hears about that from
  // orders.place, which never places anything but this customer's cart.
  const online = input.method === "online" || (input.method === "as-chosen" && thisCart && cart.paymentMethod === "razorpay");
  // Refused before anything changes: to the API, a part that is missing; on the page, news about the cart's choice.
  if (online) requireOnlinePayment(shop, input.method === "online" ? "unavailable" : "conflict");
  if (input.method === "online" && thisCart && cart.paymentMethod !== "razorpay") await choosePayment(shop, customer, "upi");
  if (!input.slot && thisCart) throw new ShopError("invalid", DELIVERY_MESSAGES.chooseSlot);
  const slot = input.slot === "earliest" ? await earliestSlot(shop) : input.slot;
  const placed = await shop.orders.place(customer, { cartId: input.cartId, addressId: input.addressId, paymentMethod: online ? "razorpay" : "cod", slot });
  // A shopper who never chose a language and shops in Hindi gets the order's later mails (and
  // their next device) in Hindi too; a choice they made stays theirs.
  if (input.locale && !customer.language) await shop.accounts.setLanguage(customer.id, input.locale);
  if (placed.awaitingPayment) {
    // Placed for online payment before (another tab): paid for, not placed again by cash.
    if (input.method === "cod") throw new ShopError("conflict", API_MESSAGES.alreadyOrdered);
    return { kind: "paying", orderId: placed.orderId, start: await shop.payments.begin(customer, placed.orderId, input.via) };
  }
  if (input.method === "online") throw new ShopError("conflict", API_MESSAGES.alreadyOrdered);
  // A second Confirm of the same cart is the same order: one confirmation mail.
  if (!placed.alreadyPlaced) await mailOrder(shop, customer, placed.orderId, orderPlacedMail, input.locale, "orderPlaced");
  return { kind: "confirmed", orderId: placed.orderId, alreadyPlaced: placed.alreadyPlaced };
}

/** Paying again for an order waiting for its payment (after a failure, or back from the link). */
export function payAgain(shop: Shop, customer: Customer, orderId: number, via: "link" | "modal"): Promise<PaymentStart> {
  return shop.payments.begin(customer, orderId, via);
}

/** The shopper gave up paying (closed the modal, or 'Cancel payment'): the hold ends and the cart is as it was. */
export function abandonPayment(shop: Shop, customer: Customer, orderId: number): Promise<void> {
  return shop.payments.abandon(customer, orderId);
}

/** An order the customer paid online and Razorpay confirmed (the API's create call for a paid order answers it). */
export async function paidOrder(shop: Shop, customer: Customer, orderId: number): Promise<number> {
  const order = await shop.orders.get(customer, orderId);
  if (!order || order.paymentMethod !== "razorpay" || order.state !== "confirmed") throw new ShopError("conflict", PAYMENT_MESSAGES.verificationFailed);
  return order.id;
}
