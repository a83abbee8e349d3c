// The newsletter (browsing §2, §7; decision 024): asking to subscribe (the footer's form and the
// JSON API), confirming by the mailed link, and unsubscribing. Double opt-in and its resend
// pause are the Shop's newsletter port.
import { NEWSLETTER_MESSAGES } from "../../domain/contact.ts";
import { store } from "../../store-config.ts";
import { appEnv } from "../env.server.ts";
import { mailer } from "../mail/mailer.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type Shop } from "../shop/port.server.ts";

/**
 * Asks to subscribe `email`, counted against the client address's limit (ShopError "too_many").
 * The answer is the same whether the address was new, waiting or subscribed: it tells a
 * stranger nothing about someone else's address.
 */
export async function subscribe(shop: Shop, clientAddress: string, email: string): Promise<{ message: string }> {
  if (!(await hitLimit(shop, "newsletterPerAddress", clientAddress)).allowed) throw new ShopError("too_many", NEWSLETTER_MESSAGES.tooMany);
  const { confirmToken } = await shop.newsletter.subscribe(email);
  if (confirmToken) {
    const link = `${appEnv().publicOrigin}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
    // A mail that cannot go now is kept and sent later.
    await sendOrKeep(shop, mailer(appEnv()), {
      to: email,
      subject: `Please confirm your ${store.name} newsletter subscription`,
      text:
        `Someone, we hope you, asked for the ${store.name} newsletter at this address.\n\n` +
        `To start receiving it, open this link and confirm: ${link}\n\n` +
        `If it was not you, ignore this e-mail: nothing will be sent unless the link is used.\n`,
    });
  }
  return { message: NEWSLETTER_MESSAGES.subscribed };
}

/** The confirmation link's button: the address is subscribed and welcomed (once). */
export async function confirmSubscription(shop: Shop, token: string): Promise<void> {
  const confirmed = await shop.newsletter.confirm(token);
  if (!confirmed) throw new ShopError("not_found", NEWSLETTER_MESSAGES.unknownConfirmLink);
  if (confirmed.already) return;
  const unsubscribe = `${appEnv().publicOrigin}/newsletter/unsubscribe?token=${encodeURIComponent(confirmed.unsubscribeToken)}`;
  await sendOrKeep(shop, mailer(appEnv()), {
    to: confirmed.email,
    subject: `You're on the ${store.name} newsletter`,
    text: `Thank you for subscribing to the ${store.name} newsletter.\n\nTo stop receiving it, open this link: ${unsubscribe}\n`,
  });
}

/** The unsubscribe link's button, without signing in. */
export async function unsubscribe(shop: Shop, token: string): Promise<void> {
  if (!(await shop.newsletter.unsubscribe(token))) throw new ShopError("not_found", NEWSLETTER_MESSAGES.unknownLink);
}
