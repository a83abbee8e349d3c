// Standing orders paid by Razorpay Autopay (issue 45, decision 078): a mandate the shopper
// approves once (UPI Autopay or a card), then each order the cut-off makes is charged against
// it. The rules here are pure: what the mandate's ceiling is, when a charge may go, and what the
// shopper is told. The calls to Razorpay live in app/server/shop/autopay.server.ts.
import { say } from "./i18n/messages.ts";
import { formatRupees } from "./money.ts";

/** Razorpay's word on a mandate's token (recurring_details.status), and `created` before the shopper approves it. */
export const AUTOPAY_STATUSES = ["created", "confirmed", "rejected", "cancelled", "paused"] as const;
export type AutopayStatus = (typeof AUTOPAY_STATUSES)[number];

/** Above ₹15,000 a UPI or card debit needs the shopper's own approval each time (RBI, NPCI): a standing order stays below it. */
export const AUTOPAY_CEILING_PAISE = 1_500_000;
/** The smallest ceiling asked for: room for a few more items later without a new mandate. */
export const AUTOPAY_FLOOR_PAISE = 100_000;
/** What the shopper pays to approve the mandate (Razorpay's minimum, ₹1), refunded by the bank rules as an authorisation. */
export const AUTOPAY_AUTH_PAISE = 100;

export const AUTOPAY_MESSAGES = {
  tooMuch: (ceiling: number) => say(/*i18n*/ "Autopay can take at most {amount} a delivery. Choose a smaller quantity or pay on delivery.", { amount: formatRupees(ceiling) }),
  notApproved: /*i18n*/ "Autopay is not approved yet",
  stopped: /*i18n*/ "Autopay was stopped in your UPI app or by your bank",
  overCeiling: /*i18n*/ "the delivery costs more than your Autopay allows",
  refused: (why: string) => say(/*i18n*/ "Autopay could not charge it ({why})", { why }),
  unavailable: /*i18n*/ "Autopay is not available at this shop.",
  approved: /*i18n*/ "Autopay is approved. Each delivery will be charged the evening before.",
  waiting: /*i18n*/ "We have not heard from Razorpay yet. Your Autopay will show as approved as soon as it does.",
  linkFailed: /*i18n*/ "Razorpay could not start Autopay just now. Your subscription is saved: set up Autopay from My Account.",
} as const;

/**
 * The most one charge may take, asked for when the mandate is made: three deliveries' worth
 * (room to add to it), at least ₹1,000, rounded up to a hundred rupees, never above the ₹15,000
 * a debit may take without the shopper's approval. Null when one delivery is already above it.
 */
export function autopayCeiling(deliveryPaise: number): number | null {
  if (!Number.isInteger(deliveryPaise) || deliveryPaise <= 0 || deliveryPaise > AUTOPAY_CEILING_PAISE) return null;
  const wanted = Math.ceil((deliveryPaise * 3) / 10_000) * 10_000;
  return Math.min(AUTOPAY_CEILING_PAISE, Math.max(AUTOPAY_FLOOR_PAISE, wanted));
}

/** Why a day paid by Autopay cannot be charged before anything is asked of Razorpay, or null when it can. */
export function autopayRefusal(mandate: { status: AutopayStatus | null; maxPaise: number | null }, amountPaise: number): string | null {
  if (mandate.status === "created" || mandate.status === null) return AUTOPAY_MESSAGES.notApproved;
  if (mandate.status !== "confirmed") return AUTOPAY_MESSAGES.stopped;
  if (mandate.maxPaise === null || amountPaise > mandate.maxPaise) return AUTOPAY_MESSAGES.overCeiling;
  return null;
}

/** Razorpay's reason for a failed charge, made short enough for a sentence (and an SMS variable). */
export function chargeFailure(description: string | null | undefined): string {
  const text = (description ?? "").replace(/\s+/g, " ").trim();
  if (!text) return AUTOPAY_MESSAGES.refused("payment failed");
  const first = text.split(/(?<=\.)\s/)[0]!.replace(/\.$/, "");
  return AUTOPAY_MESSAGES.refused(first.length > 80 ? `${first.slice(0, 79).trimEnd()}…` : first);
}
