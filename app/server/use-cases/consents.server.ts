// Consent, one purpose at a time (issue 48 item 2, decision 084): My Account's list withdraws each
// in one press, and gives those that need no more than a press. Every way in changes a consent
// through the Shop method that writes its ledger line (shop/consents.server.ts).
import type { I18n } from "../../domain/i18n/messages.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { CONSENT_MESSAGES, type ConsentPurpose, type ConsentVia, type SmsPurpose } from "../../domain/privacy/consent.ts";
import { NOTIFY_MESSAGES } from "../../domain/stock-request.ts";
import { MOBILE_MESSAGES } from "../../domain/mobile-sign-in.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";
import { subscribe } from "./newsletter.server.ts";

/** A purpose as My Account's form names it; 'Notify Me' with the request it withdraws. */
export type ConsentChange = { purpose: ConsentPurpose; request?: number };

/** What the shopper is told after a change. */
const SMS_SAID: Record<SmsPurpose, { on: string; off: string }> = {
  "order-sms": { on: MOBILE_MESSAGES.updatesOn, off: MOBILE_MESSAGES.updatesOff },
  "offers-sms": { on: CONSENT_MESSAGES.grantedToast, off: CONSENT_MESSAGES.withdrawn },
};

/** The newsletter's consent belongs to its address: changed from an account only once its mailbox is proved the account's. */
async function ensureConfirmedEmail(shop: Shop, customer: Customer): Promise<void> {
  if (!(await shop.accounts.emailConfirmed(customer.id))) throw new ShopError("conflict", CONSENT_MESSAGES.needsConfirmedEmail);
}

/** Gives or withdraws an SMS purpose on the account's verified number (My Account, the dashboard's switch, the JSON API). */
export async function setSmsConsent(shop: Shop, customer: Customer, purpose: SmsPurpose, granted: boolean, via: ConsentVia): Promise<{ message: string }> {
  await shop.consents.setSms(customer.id, purpose, granted, via);
  return { message: granted ? SMS_SAID[purpose].on : SMS_SAID[purpose].off };
}

/** Withdraws one consent: the newsletter at once, an SMS purpose, one 'Notify Me' request. */
export async function withdrawConsent(shop: Shop, customer: Customer, change: ConsentChange, via: ConsentVia): Promise<{ message: string }> {
  switch (change.purpose) {
    case "newsletter":
      if (!customer.email) return { message: CONSENT_MESSAGES.nothingToWithdraw };
      await ensureConfirmedEmail(shop, customer);
      if (!(await shop.newsletter.withdraw(customer.email, via))) return { message: CONSENT_MESSAGES.nothingToWithdraw };
      return { message: CONSENT_MESSAGES.withdrawn };
    case "notify-me":
      if (change.request === undefined) throw new ShopError("not_found", NOTIFY_MESSAGES.noRequest);
      await shop.stockRequests.cancel(customer, change.request, via === "api" ? "api" : "my-account");
      return { message: CONSENT_MESSAGES.withdrawn };
    default:
      return setSmsConsent(shop, customer, change.purpose, false, via);
  }
}

/**
 * Gives a consent from My Account. The newsletter is double opt-in whoever asks: a confirmation
 * link is mailed to the account's address, and the grant is recorded when it is followed.
 */
export async function giveConsent(
  shop: Shop,
  mail: Mailer,
  customer: Customer,
  purpose: "newsletter" | SmsPurpose,
  clientAddress: string,
  i18n: I18n = i18nFor("en"),
): Promise<{ message: string }> {
  if (purpose !== "newsletter") return setSmsConsent(shop, customer, purpose, true, "my-account");
  if (!customer.email) throw new ShopError("conflict", CONSENT_MESSAGES.needsEmail);
  await ensureConfirmedEmail(shop, customer);
  await subscribe(shop, mail, clientAddress, customer.email, i18n);
  return { message: CONSENT_MESSAGES.newsletterMailed };
}
