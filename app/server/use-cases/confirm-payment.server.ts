// Confirming an online payment (issue 12; decision 030): whichever of the shopper's return
// (Standard Checkout's fields or a payment link's callback), the JSON API's verify call,
// Razorpay's webhook, the background sweep or the shopper's next visit comes first confirms
// the order; the others change nothing. The signature checks, the confirmation and its one
// 'order placed' mail (sent after the confirming transaction commits, whichever way came
// first: open-shop.server.ts wires it) are the Shop's payments port.
import type { PaymentOutcome, Shop, WebhookResult } from "../shop/port.server.ts";

/** Standard Checkout's three fields (its handler, its callback_url, or the API's verify call). */
export function confirmCheckout(shop: Shop, fields: { orderId: string; paymentId: string; signature: string }): Promise<PaymentOutcome> {
  return shop.payments.completeCheckout(fields);
}

/** A payment link's callback. */
export function confirmLink(shop: Shop, fields: { linkId: string; referenceId: string; status: string; paymentId: string; signature: string }): Promise<PaymentOutcome> {
  return shop.payments.completeLink(fields);
}

/** Razorpay's webhook, verified over its raw body. */
export function confirmByWebhook(shop: Shop, rawBody: string, signature: string | null, eventId: string | null): Promise<WebhookResult> {
  return shop.payments.webhook(rawBody, signature, eventId);
}

/** A failed attempt: noted on the order's payment; the shopper may try again or cancel. */
export function noteFailedPayment(shop: Shop, fields: { orderId: string; reason: string }): Promise<number | null> {
  return shop.payments.noteFailure(fields);
}
