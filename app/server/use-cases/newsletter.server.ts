// The newsletter (Specification: Newsletter and Browsing calls; decision 024): asking to subscribe (the footer's form and the
// JSON API), confirming by the mailed link, and unsubscribing. Double opt-in and its resend
// pause are the Shop's newsletter port.
import { pathIn } from "../../domain/i18n/locale.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { NEWSLETTER_MESSAGES } from "../../domain/contact.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type Shop } from "../shop/port.server.ts";

/**
 * Asks to subscribe `email`, counted against the client address's limit (ShopError "too_many").
 * The answer is the same whether the address was new, waiting or subscribed: it tells a
 * stranger nothing about someone else's address.
 */
export async function subscribe(shop: Shop, mail: Mailer, clientAddress: string, email: string, i18n: I18n = i18nFor("en")): Promise<{ message: string }> {
  if (!(await hitLimit(shop, "newsletterPerAddress", clientAddress)).allowed) throw new ShopError("too_many", NEWSLETTER_MESSAGES.tooMany);
  const { confirmToken } = await shop.newsletter.subscribe(email);
  if (confirmToken) {
    // In the language of the page it was asked on (issue 27), and so is the link's page.
    const link = `${appEnv().publicOrigin}${pathIn(i18n.locale, `/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`)}`;
    // A mail that cannot go now is kept and sent later.
    await sendOrKeep(shop, mail, {
      to: email,
      subject: i18n._("Please confirm your {shop} newsletter subscription", { shop: store.name }),
      text:
        `${i18n._("Someone, we hope you, asked for the {shop} newsletter at this address.", { shop: store.name })}\n\n` +
        `${i18n._("To start receiving it, open this link and confirm: {link}", { link })}\n\n` +
        `${i18n._("If it was not you, ignore this e-mail: nothing will be sent unless the link is used.")}\n`,
    });
  }
  return { message: NEWSLETTER_MESSAGES.subscribed };
}

/** The confirmation link's button: the address is subscribed and welcomed (once). */
export async function confirmSubscription(shop: Shop, mail: Mailer, token: string, i18n: I18n = i18nFor("en")): Promise<void> {
  const confirmed = await shop.newsletter.confirm(token);
  if (!confirmed) throw new ShopError("not_found", NEWSLETTER_MESSAGES.unknownConfirmLink);
  if (confirmed.already) return;
  const unsubscribe = `${appEnv().publicOrigin}${pathIn(i18n.locale, `/newsletter/unsubscribe?token=${encodeURIComponent(confirmed.unsubscribeToken)}`)}`;
  await sendOrKeep(shop, mail, {
    to: confirmed.email,
    subject: i18n._("You're on the {shop} newsletter", { shop: store.name }),
    text: `${i18n._("Thank you for subscribing to the {shop} newsletter.", { shop: store.name })}\n\n${i18n._("To stop receiving it, open this link: {link}", { link: unsubscribe })}\n`,
  });
}

/** The unsubscribe link's button, without signing in. */
export async function unsubscribe(shop: Shop, token: string): Promise<void> {
  if (!(await shop.newsletter.unsubscribe(token))) throw new ShopError("not_found", NEWSLETTER_MESSAGES.unknownLink);
}

/** Staff: the confirmed, still-subscribed addresses (decision 036); each export writes the staff audit row. */
export function exportSubscribers(shop: Shop, staffId: number): ReturnType<Shop["subscribers"]["export"]> {
  return shop.subscribers.export(staffId);
}

/** Staff: the numbers that agreed to offers by SMS (issue 48 item 2); each export writes the staff audit row. */
export function exportSmsOffers(shop: Shop, staffId: number): ReturnType<Shop["subscribers"]["exportSmsOffers"]> {
  return shop.subscribers.exportSmsOffers(staffId);
}
