// The contact form (home, /contact, /aboutus) and the footer's newsletter (browsing §2, §5).
// Both have the honeypot and a rate limit by client address, and say their answer on the form.
import { z } from "zod";
import { CONTACT_MESSAGES, contactSchema, NEWSLETTER_MESSAGES, newsletterSchema } from "../../domain/contact.ts";
import { clientAddressOf } from "../context.server.ts";
import { appEnv } from "../env.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
import { mailer } from "../mail/mailer.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { store } from "../../store-config.ts";
import { ShopError, type Shop } from "../shop/port.server.ts";
import { defineForm, openIntent, Refused } from "./pipeline.server.ts";

export const contactForm = defineForm({
  // Also the action of the home page and /aboutus, which show the same form: each answers on its own page.
  action: "/contact",
  fetcher: true,
  inline: true,
  honeypot: CONTACT_MESSAGES.failed,
  intents: {
    send: openIntent(contactSchema, async ({ shop, customer, context, value }) => {
      if (!(await hitLimit(shop, "contactPerAddress", clientAddressOf(context))).allowed) throw new Refused(CONTACT_MESSAGES.tooMany, 429);
      const ticket = await shop.tickets.create({ customer, ...value });
      const url = customer ? `/tickets/${ticket.id}` : `/tickets/${ticket.id}?key=${encodeURIComponent(ticket.key)}`;
      // Without JavaScript the new ticket's own page answers, with the thanks on top.
      return { to: url, navigate: false, toast: { type: "success", message: CONTACT_MESSAGES.created(ticket.name) }, data: { ticket: { name: ticket.name, url } } };
    }),
  },
});

export const newsletterForm = defineForm({
  action: "/newsletter",
  back: "/",
  fetcher: true,
  inline: true,
  answersBack: true,
  honeypot: NEWSLETTER_MESSAGES.failed(400),
  intents: {
    subscribe: openIntent(z.object({ email: newsletterSchema.shape.email }), async ({ shop, context, value }) => {
      if (!(await subscribeToNewsletter(shop, clientAddressOf(context), value.email))) throw new Refused(NEWSLETTER_MESSAGES.tooMany, 429);
      return { toast: { type: "success", message: NEWSLETTER_MESSAGES.subscribed } };
    }),
  },
});

/**
 * Asks to subscribe `email` (the footer's form and `POST /api/subscribe`): false when the
 * client address is over its limit. The answer is the same whether the address was new,
 * waiting or subscribed: it tells a stranger nothing about someone else's address.
 */
export async function subscribeToNewsletter(shop: Shop, clientAddress: string, email: string): Promise<boolean> {
  if (!(await hitLimit(shop, "newsletterPerAddress", clientAddress)).allowed) return false;
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
  return true;
}

// The link in the confirmation mail opens a page that asks; its button (a POST, so a mail
// scanner fetching the link confirms nothing) subscribes and sends the welcome.
export const confirmForm = defineForm({
  action: "/newsletter/confirm",
  intents: {
    confirm: openIntent(z.object({ token: z.string().max(200).default("") }), async ({ shop, value }) => {
      const confirmed = await shop.newsletter.confirm(value.token);
      if (!confirmed) throw new ShopError("not_found", NEWSLETTER_MESSAGES.unknownConfirmLink);
      if (!confirmed.already) {
        const unsubscribe = `${appEnv().publicOrigin}/newsletter/unsubscribe?token=${encodeURIComponent(confirmed.unsubscribeToken)}`;
        await sendOrKeep(shop, mailer(appEnv()), {
          to: confirmed.email,
          subject: `You're on the ${store.name} newsletter`,
          text: `Thank you for subscribing to the ${store.name} newsletter.\n\nTo stop receiving it, open this link: ${unsubscribe}\n`,
        });
      }
      // The page says it in place of the question.
      return { stay: true };
    }),
  },
});

// The link in every newsletter mail asks; its button unsubscribes, without signing in.
export const unsubscribeForm = defineForm({
  action: "/newsletter/unsubscribe",
  intents: {
    unsubscribe: openIntent(z.object({ token: z.string().max(200).default("") }), async ({ shop, value }) => {
      if (!(await shop.newsletter.unsubscribe(value.token))) throw new ShopError("not_found", NEWSLETTER_MESSAGES.unknownLink);
      // The page says it in place of the question.
      return { stay: true };
    }),
  },
});
