// Confirming a new account's e-mail (issue 25, decision 047): the link mailed at sign-up, the
// same link asked for again from My Account, and the confirmation itself, which needs the
// account's own session as well as the link, so a mail scanner or a stranger holding the link
// cannot confirm an account someone else opened with this address. Until it is confirmed an
// account shops as any other, but is never staff (staff.isStaff).
import { pathIn } from "../../domain/i18n/locale.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { EMAIL_CONFIRMATION_LIFETIME_MS, EMAIL_CONFIRMATION_MESSAGES } from "../../domain/account.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { sendInBackground } from "../mail/queue.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

/** The path of the link in the mail; the page is /verify-email. */
export function confirmationPath(token: string): string {
  return `/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * Mails a fresh link when the e-mail is not confirmed yet. The mail goes after the answer (or is
 * kept for a retry), so a slow or refused mail server never holds up a sign-up. `mailed` is for
 * tests to wait on.
 */
export async function mailConfirmationLink(shop: Shop, mail: Mailer, customer: Customer, i18n: I18n = i18nFor("en")): Promise<{ mailed: Promise<unknown> | null }> {
  if (!customer.email) return { mailed: null };
  const token = await shop.accounts.newEmailConfirmation(customer.id);
  if (!token) return { mailed: null };
  const days = EMAIL_CONFIRMATION_LIFETIME_MS / (24 * 60 * 60 * 1000);
  const mailed = sendInBackground(shop, mail, {
    to: customer.email,
    subject: i18n._("Please confirm your e-mail address for {shop}", { shop: store.name }),
    text:
      `${i18n._("Hello {name},", { name: customer.name })}\n\n` +
      `${i18n._("To confirm that this is your e-mail address, open this link while signed in to your {shop} account, and press the button:", { shop: store.name })}\n` +
      `${appEnv().publicOrigin}${pathIn(i18n.locale, confirmationPath(token))}\n\n` +
      `${i18n._("The link works for {days} days. If you did not open an account at {shop}, ignore this e-mail.", { days, shop: store.name })}\n`,
  });
  return { mailed };
}

/** My Account's 'Send the link again': a few per account per window, since each sends a mail. */
export async function mailConfirmationAgain(shop: Shop, mail: Mailer, customer: Customer, i18n: I18n = i18nFor("en")): Promise<{ message: string; mailed: Promise<unknown> | null }> {
  if (await shop.accounts.emailConfirmed(customer.id)) return { message: EMAIL_CONFIRMATION_MESSAGES.already, mailed: null };
  if (!(await hitLimit(shop, "confirmationPerAccount", String(customer.id))).allowed) throw new ShopError("too_many", EMAIL_CONFIRMATION_MESSAGES.tooMany);
  const { mailed } = await mailConfirmationLink(shop, mail, customer, i18n);
  return { message: EMAIL_CONFIRMATION_MESSAGES.sent(customer.email ?? ""), mailed };
}

/** The link's button, signed in as the account the link was mailed to. ShopError "not_found" for any other link. */
export async function confirmEmail(shop: Shop, customer: Customer, token: string): Promise<void> {
  if (await shop.accounts.emailConfirmed(customer.id)) return;
  if (!(await shop.accounts.confirmEmail(customer.id, token))) throw new ShopError("not_found", EMAIL_CONFIRMATION_MESSAGES.unknownLink);
}
