// The contact form (home, /contact, /aboutus) and the footer's newsletter (Specification: Contact form and Newsletter).
// Both have the honeypot and a rate limit by client address, and say their answer on the form.
import { z } from "zod";
import { CONTACT_MESSAGES, contactSchema, NEWSLETTER_MESSAGES, newsletterSchema } from "../../domain/contact.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { clientAddressOf } from "../context.server.ts";
import { i18nOf } from "../i18n.server.ts";
import type { UseCases } from "../use-cases/index.server.ts";
import { defineForm, openIntent } from "./pipeline.server.ts";

export const contactForm = defineForm({
  // Also the action of the home page and /aboutus, which show the same form: each answers on its own page.
  action: "/contact",
  fetcher: true,
  inline: true,
  honeypot: CONTACT_MESSAGES.failed,
  intents: {
    send: openIntent(contactSchema, async ({ useCases, customer, context, request, value }) => {
      // The answer's mail is in the language of the page the message was sent from.
      const ticket = await useCases.tickets.openTicket({ customer, clientAddress: clientAddressOf(context), ...value, language: i18nOf(request).locale });
      // Without JavaScript the new ticket's own page answers, with the thanks on top.
      return { to: ticket.path, navigate: false, toast: { type: "success", message: ticket.message }, data: { ticket: { name: ticket.name, url: ticket.path } } };
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
    // The confirmation mail in the language of the page the form was on.
    subscribe: openIntent(z.object({ email: newsletterSchema.shape.email }), async ({ useCases, context, request, value }) => ({
      toast: { type: "success", message: (await useCases.newsletter.subscribe(clientAddressOf(context), value.email, i18nOf(request))).message },
    })),
  },
});

/** A mailed link's button: the token it carries, the use case it runs; the page then says it in place of the question. */
const linkToken = z.object({ token: z.string().max(200).default("") });
const answersInPlace = (run: (useCases: UseCases, token: string, i18n: I18n) => Promise<void>) =>
  openIntent(linkToken, async ({ useCases, request, value }) => {
    await run(useCases, value.token, i18nOf(request));
    return { stay: true };
  });

// The link in the confirmation mail opens a page that asks; its button (a POST, so a mail
// scanner fetching the link confirms nothing) subscribes and sends the welcome, in the page's language.
export const confirmForm = defineForm({
  action: "/newsletter/confirm",
  intents: { confirm: answersInPlace((useCases, token, i18n) => useCases.newsletter.confirmSubscription(token, i18n)) },
});

// The link in every newsletter mail asks; its button unsubscribes, without signing in.
export const unsubscribeForm = defineForm({ action: "/newsletter/unsubscribe", intents: { unsubscribe: answersInPlace((useCases, token) => useCases.newsletter.unsubscribe(token)) } });
