// Confirming an online payment (issue 12; decision 030): whichever of the shopper's return
// (Standard Checkout's fields or a payment link's callback), the JSON API's verify call or
// Razorpay's webhook comes first confirms the order and mails it; the others change nothing.
// The signature checks and the order's confirmation are the Shop's payments port.
import { orderPlacedMail } from "../../domain/order-mail.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import type { PaymentOutcome, Shop, WebhookResult } from "../shop/port.server.ts";

async function mailIfFresh(shop: Shop, outcome: PaymentOutcome): Promise<PaymentOutcome> {
  // Only the call that confirmed it mails it: the webhook may have come first.
  if (outcome.kind === "confirmed" && outcome.fresh) await mailOrder(shop, outcome.customer, outcome.orderId, orderPlacedMail);
  return outcome;
}

/** Standard Checkout's three fields (its handler, its callback_url, or the API's verify call). */
export async function confirmCheckout(shop: Shop, fields: { orderId: string; paymentId: string; signature: string }): Promise<PaymentOutcome> {
  return mailIfFresh(shop, await shop.payments.completeCheckout(fields));
}

/** A payment link's callback. */
export async function confirmLink(shop: Shop, fields: { linkId: string; referenceId: string; status: string; paymentId: string; signature: string }): Promise<PaymentOutcome> {
  return mailIfFresh(shop, await shop.payments.completeLink(fields));
}

/** Razorpay's webhook, verified over its raw body. */
export async function confirmByWebhook(shop: Shop, rawBody: string, signature: string | null, eventId: string | null): Promise<WebhookResult> {
  const result = await shop.payments.webhook(rawBody, signature, eventId);
  if (result.placed) await mailOrder(shop, result.placed.customer, result.placed.orderId, orderPlacedMail);
  return result;
}

/** A failed attempt: noted on the order's payment; the shopper may try again or cancel. */
export function noteFailedPayment(shop: Shop, fields: { orderId: string; reason: string }): Promise<number | null> {
  return shop.payments.noteFailure(fields);
}
