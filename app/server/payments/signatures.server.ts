// Razorpay's four signatures (razorpay.com/docs: payment verification, payment links,
// webhooks), each a hex HMAC-SHA256, compared in constant time. The ids signed over are
// always the ones Haat stored, never the ones a browser sent back.
import { createHmac, timingSafeEqual } from "node:crypto";

function hmacHex(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

/** Standard Checkout: HMAC(key_secret, order_id|payment_id). */
export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** A payment link's callback: HMAC(key_secret, payment_link_id|reference_id|status|payment_id). */
export function linkSignature(keySecret: string, link: { linkId: string; referenceId: string; status: string; paymentId: string }): string {
  return hmacHex(keySecret, `${link.linkId}|${link.referenceId}|${link.status}|${link.paymentId}`);
}

/** An invoice's callback, as a mandate's registration link returns: HMAC(key_secret, invoice_id|receipt|status|payment_id). */
export function invoiceSignature(keySecret: string, invoice: { invoiceId: string; receipt: string; status: string; paymentId: string }): string {
  return hmacHex(keySecret, `${invoice.invoiceId}|${invoice.receipt}|${invoice.status}|${invoice.paymentId}`);
}

/** A webhook: HMAC(webhook_secret, the raw body as received). */
export function webhookSignature(webhookSecret: string, rawBody: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/** Whether `given` is the hex signature `expected`, without leaking where they differ. */
export function sameSignature(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== "string" || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(given.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
