// Paying online (Specification: Payment and Transaction constants): the messages, the hold on stock while a shopper
// pays (decision 030), the prepaid discount (decision 031), and how a payment reads on an
// order. No I/O.
import { say } from "./i18n/messages.ts";

export const PAYMENT_MESSAGES = {
  configMissing: /*i18n*/ "Payment config error: missing Razorpay key.",
  createFailed: /*i18n*/ "Failed to create payment order.",
  verificationFailed: /*i18n*/ "Payment verification failed.",
  cancelled: /*i18n*/ "Payment cancelled. Order not placed.",
  wentWrong: /*i18n*/ "Something went wrong with payment.",
  // 'Invalid cart total. Please check your items.' is ORDER_MESSAGES.invalidTotal: placing refuses it, for any method.
  /** A payment that came after its order's hold ended, or a second one: given back. */
  late: /*i18n*/ "Your payment reached us after this order's hold ended, so the order was not placed and the full amount is being refunded.",
  stillWaiting: /*i18n*/ "We have not heard from Razorpay about this payment yet. If you paid, your order will be placed as soon as it arrives.",
} as const;

/** The two online choices of the cart page (Specification: Cart); cod is the third. */
export type Instrument = "upi" | "card";
export type PaymentChoice = Instrument | "cod";

/** How long stock stays held for an order waiting for its payment (Razorpay's payment links need at least 15 minutes). */
export const DEFAULT_HOLD_MINUTES = 20;
export const MIN_HOLD_MINUTES = 16;

/** The prepaid discount's default percentage (Specification: Product page and Transaction constants: 5%). */
export const DEFAULT_PREPAID_DISCOUNT_PERCENT = 5;

/**
 * The payment line of the product page (Specification: Product page: 'payment on delivery, card or UPI with
 * a 5% discount on prepaid orders'), worded from what the shop actually offers: no discount
 * is advertised that is not given (decision 031).
 */
export function paymentNote(offer: { online: boolean; prepaidPercent: number }): string {
  if (!offer.online) return /*i18n*/ "pay on delivery. Card and UPI payments are coming soon.";
  return offer.prepaidPercent > 0
    ? say(/*i18n*/ "pay on delivery, card or UPI with a {percent}% discount on prepaid orders.", { percent: offer.prepaidPercent })
    : /*i18n*/ "pay on delivery, card or UPI.";
}

/** The receipt (orders) and reference_id (payment links) Razorpay keeps for one attempt: unique, under 40 characters. */
export function providerReference(orderId: number, attempt: number): string {
  return `haat-${orderId}-${attempt}`;
}

/** What Standard Checkout is opened with (the server sends it to Review Order): never the key secret. */
export interface CheckoutOptions {
  /** Where checkout.js is loaded from (RAZORPAY_CHECKOUT_JS). */
  script: string;
  key: string;
  /** Razorpay's order id, made by the server for the amount the server decided. */
  orderId: string;
  amount: number;
  currency: "INR";
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string; method?: Instrument };
  callbackUrl: string;
  /** Seconds until the hold ends: the modal closes then. */
  timeout: number;
}

/** What a shopper reads about an order's payment. Its labels are English (the invoice, staff); a page says them with `i18n._`. */
/**
 * Refunds of part of a payment, several to a payment (staff marked items short; weighed items, or a
 * replacement, came to less; items were taken back after the order left the shop): the payment stays paid.
 */
export const PART_REFUNDS = ["short", "weight", "replaced", "returned"] as const;
export type PartRefund = (typeof PART_REFUNDS)[number];

export function isPartRefund(reason: string): boolean {
  return (PART_REFUNDS as readonly string[]).includes(reason);
}

/**
 * What of a payment is left to give back: the payment, less its part refunds that did not fail.
 * A cancel gives back exactly this; a part refund may not be more than this. One rule for both
 * back ends' sums, so refunds never add up to more than was paid.
 */
export function refundLeft(paidPaise: number, refunds: readonly { amountPaise: number; reason: string; status: string }[]): number {
  const given = refunds.reduce((sum, r) => (isPartRefund(r.reason) && r.status !== "failed" ? sum + r.amountPaise : sum), 0);
  return Math.max(0, paidPaise - given);
}

export type PaymentState = "cod" | "paid" | "refund_initiated" | "refunded" | "refund_failed";

export function paymentStateLabel(state: PaymentState): string {
  switch (state) {
    case "cod":
      return /*i18n*/ "Cash On Delivery";
    case "paid":
      return /*i18n*/ "Paid";
    case "refund_initiated":
      return /*i18n*/ "Refund initiated";
    case "refunded":
      return /*i18n*/ "Refunded";
    case "refund_failed":
      return /*i18n*/ "Refund failed: our team will contact you";
  }
}

/** An order's payment in one line: 'Cash On Delivery', or 'UPI · Paid', 'Card · Refunded'. */
export function paymentLine(payment: { state: PaymentState; method: string | null }): string {
  return payment.state === "cod" ? paymentStateLabel("cod") : `${methodLabel(payment.method)} · ${paymentStateLabel(payment.state)}`;
}

/** How a method Razorpay reports reads on the invoice ("upi" → "UPI"). */
export function methodLabel(method: string | null): string {
  const names: Record<string, string> = { upi: /*i18n*/ "UPI", card: /*i18n*/ "Card", netbanking: /*i18n*/ "Netbanking", wallet: /*i18n*/ "Wallet", emi: /*i18n*/ "EMI" };
  return method ? (names[method] ?? method) : /*i18n*/ "Online";
}

/** Minutes and seconds left on a hold, for the page that waits ("14 min"). */
export function minutesLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000));
}
