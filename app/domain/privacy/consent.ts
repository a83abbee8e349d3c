// Consent, one purpose at a time (issue 48 item 2, decision 084): what a shopper may agree to,
// how each grant and withdrawal came about, and the words My Account shows them with. The ledger
// itself is written by the Shop in the same transaction as the change it records.
import { z } from "zod";
import type { SmsTemplate } from "../sms.ts";

/**
 * The purposes that need their own consent (DPDP Act s.6): none is a condition of buying.
 * - newsletter: the newsletter by e-mail (double opt-in: given when the mailed link is followed);
 * - order-sms: order updates and standing-order reminders by SMS to the verified number;
 * - offers-sms: offers by SMS to the verified number;
 * - notify-me: one message when a variant is back in stock (one grant per request).
 */
export const CONSENT_PURPOSES = ["newsletter", "order-sms", "offers-sms", "notify-me"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The purposes an account turns on and off by itself, on its verified number. */
export const SMS_PURPOSES = ["order-sms", "offers-sms"] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Where the account holds each SMS purpose's state (customers.sms_updates, customers.sms_offers). */
export const SMS_ACCOUNT_FIELD = { "order-sms": "smsUpdates", "offers-sms": "smsOffers" } as const satisfies Record<SmsPurpose, string>;

/** The SMS each purpose covers: a withdrawal also drops those still waiting for a retry. */
export const SMS_UNDER_CONSENT: Record<SmsPurpose, readonly SmsTemplate[]> = {
  "order-sms": ["orderPlaced", "outForDelivery", "delivered", "cancelled", "subscriptionReminder", "subscriptionSkipped"],
  // Sent by the shop's SMS provider's promotional route, from the staff's list: none waits here.
  "offers-sms": [],
};

/**
 * How a grant or a withdrawal came about:
 * - mail-link: the newsletter's confirmation or unsubscribe link;
 * - my-account: a button in My Account;
 * - sign-in: the box ticked when a mobile number was verified;
 * - product-page: 'Notify Me' on a product page;
 * - api: the JSON API (the shop's app);
 * - served: the one message a 'Notify Me' request asked for was sent, so it ended;
 * - number-removed: the verified number was taken off the account (a password reset by the
 *   mailbox's owner, decision 053), and the SMS consents given with it went too;
 * - item-removed: the variant a 'Notify Me' waited for left the catalogue;
 * - earlier: the state the shop held when the ledger began, before this notice.
 */
export const CONSENT_VIA = ["mail-link", "my-account", "sign-in", "product-page", "api", "served", "number-removed", "item-removed", "earlier"] as const;
export type ConsentVia = (typeof CONSENT_VIA)[number];

/** One line of the ledger as the shopper reads it. */
export interface ConsentRecord {
  purpose: ConsentPurpose;
  /** What a 'Notify Me' grant is for: the variant's internal_reference; else null. */
  detail: string | null;
  granted: boolean;
  via: ConsentVia;
  /** The privacy notice's version in force when it was given or withdrawn; null for 'earlier'. */
  noticeVersion: string | null;
  at: Date;
}

/** Labels, said in the page's language where they are shown. */
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  newsletter: /*i18n*/ "The newsletter by e-mail",
  "order-sms": /*i18n*/ "Order updates by SMS",
  "offers-sms": /*i18n*/ "Offers by SMS",
  "notify-me": /*i18n*/ "'Notify Me' when back in stock",
};

export const CONSENT_VIA_LABELS: Record<ConsentVia, string> = {
  "mail-link": /*i18n*/ "The link in our e-mail",
  "my-account": /*i18n*/ "My Account",
  "sign-in": /*i18n*/ "When you verified your mobile number",
  "product-page": /*i18n*/ "The product page",
  api: /*i18n*/ "The shop's app",
  served: /*i18n*/ "The message was sent",
  "number-removed": /*i18n*/ "Your mobile number was removed from the account",
  "item-removed": /*i18n*/ "The item left our catalogue",
  earlier: /*i18n*/ "Before this record began",
};

export const CONSENT_MESSAGES = {
  title: /*i18n*/ "Your data and consents",
  description: /*i18n*/ "What you have agreed to, when and how, and a button to withdraw each.",
  intro: /*i18n*/ "Each of these needs your consent, and none is needed to shop. Withdrawing takes one press and stops those messages at once.",
  given: /*i18n*/ "Given",
  notGiven: /*i18n*/ "Not given",
  waiting: /*i18n*/ "Waiting for you to follow the link we e-mailed",
  needsMobile: /*i18n*/ "Verify a mobile number first",
  needsEmail: /*i18n*/ "Add an e-mail address first",
  needsConfirmedEmail: /*i18n*/ "Confirm your e-mail address first, with the link we sent to it",
  withdraw: /*i18n*/ "Withdraw",
  give: /*i18n*/ "Give consent",
  withdrawn: /*i18n*/ "Consent withdrawn.",
  grantedToast: /*i18n*/ "Consent given.",
  newsletterMailed: /*i18n*/ "We sent you an e-mail: follow its link to start the newsletter.",
  nothingToWithdraw: /*i18n*/ "There was nothing to withdraw: it was already off.",
  history: /*i18n*/ "History of your consents",
  noHistory: /*i18n*/ "Nothing recorded yet.",
  withdrawnLabel: /*i18n*/ "Withdrawn",
  ended: /*i18n*/ "Ended",
  smsUpdatesBox: /*i18n*/ "Send me order updates by SMS",
  smsUpdatesHint: /*i18n*/ "Optional. You can turn them off in My Account at any time.",
} as const;

/** My Account's consent form: the purpose withdrawn (a 'Notify Me' names its request), or given. */
export const withdrawSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  request: z.coerce.number().int().positive().optional(),
});
export const giveSchema = z.object({ purpose: z.enum(["newsletter", ...SMS_PURPOSES]) });

/** An unticked box sends nothing: only "on" (what a ticked checkbox sends) is a grant. */
export const optInBox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");
