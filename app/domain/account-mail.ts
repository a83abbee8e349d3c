// The mails an account's owner gets about signing in (issues 25 and 28), in their language (issue
// 41 item 12): a pause of sign-ins after wrong passwords, and a mobile number added or changed.
// Each sentence is a message, so the catalogue holds its Hindi. Pure: the use cases send them
// through the mailer, kept for a retry if it fails.
import { pathIn } from "./i18n/locale.ts";
import type { I18n } from "./i18n/messages.ts";

export interface AccountMail {
  subject: string;
  text: string;
}

/** Too many wrong passwords for the account: its sign-ins are paused, and what the owner can do. */
export function signInPausedMail(who: { name: string }, pause: { limit: number; minutes: number }, shopName: string, origin: string, i18n: I18n): AccountMail {
  const { limit, minutes } = pause;
  return {
    subject: i18n._("Sign-ins to your {shop} account are paused for {minutes} minutes", { shop: shopName, minutes }),
    text:
      `${i18n._("Hello {name},", { name: who.name })}\n\n` +
      `${i18n._("A wrong password was entered for your {shop} account {limit} times, so we have paused sign-ins to it for {minutes} minutes.", { shop: shopName, limit, minutes })}\n\n` +
      `${i18n._("If it was you: you can still sign in now from a phone or computer you have signed in on before. Anywhere else, wait {minutes} minutes and try again.", { minutes })}\n\n` +
      `${i18n._("If it was not you: someone may be trying to guess your password. Reset it now: {link}", { link: origin + pathIn(i18n.locale, "/forgot-password") })} ` +
      `${i18n._("The new password works at once, on any device.")}\n`,
  };
}

/** A mobile number that signs in to the account was added, or replaced another (`previous`). */
export function mobileChangedMail(who: { name: string }, numbers: { previous: string | null; mobile: string }, shopName: string, origin: string, i18n: I18n): AccountMail {
  const contact = origin + pathIn(i18n.locale, "/contact");
  return {
    subject: numbers.previous
      ? i18n._("The mobile number of your {shop} account was changed", { shop: shopName })
      : i18n._("A mobile number was added to your {shop} account", { shop: shopName }),
    text:
      `${i18n._("Hello {name},", { name: who.name })}\n\n` +
      (numbers.previous
        ? `${i18n._("The mobile number you sign in with was changed from {previous} to {mobile}.", { previous: numbers.previous, mobile: numbers.mobile })}\n\n`
        : `${i18n._("{mobile} can now sign in to your account with a code by SMS.", { mobile: numbers.mobile })}\n\n`) +
      `${i18n._("If this was not you, write to us now: {link}", { link: contact })}\n`,
  };
}
