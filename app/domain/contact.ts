// The contact form and the newsletter (Specification: Contact form, Newsletter and Browsing failure messages). No I/O.
import { z } from "zod";
import { say, type I18n } from "./i18n/messages.ts";

export const CONTACT_MESSAGES = {
  name: /*i18n*/ "Name is required",
  email: /*i18n*/ "Valid email is required",
  subject: /*i18n*/ "Subject is required",
  message: /*i18n*/ "Message is required",
  failed: /*i18n*/ "Failed to submit. Please try again.",
  tooMany: /*i18n*/ "You have sent several messages just now. Please wait a few minutes and try again.",
  created: (ticketName: string) => say(/*i18n*/ "Thanks! Ticket created: {ticketName}.", { ticketName }),
} as const;

export const NEWSLETTER_MESSAGES = {
  empty: /*i18n*/ "Please enter an email address.",
  invalid: /*i18n*/ "Please enter a valid email address.",
  // The spec's confirmation, and what double opt-in asks of the reader next (decision 024).
  subscribed: /*i18n*/ " You’ve been subscribed! Please confirm with the link we have e-mailed you.",
  confirmed: /*i18n*/ "Your subscription is confirmed. Thank you for reading the newsletter!",
  unknownConfirmLink: /*i18n*/ "This confirmation link is not valid. Please subscribe again with the form at the bottom of any page.",
  failed: (status: number) => say(/*i18n*/ " Subscription failed ({status})", { status }),
  tooMany: /*i18n*/ "Too many sign-ups from this connection. Please try again later.",
  unsubscribed: /*i18n*/ "You have been unsubscribed. You will not receive the newsletter any more.",
  unknownLink: /*i18n*/ "This unsubscribe link is not valid. It may have been used already.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, say(/*i18n*/ "Use at most {max} characters.", { max }));

/** Checked in the spec's order; the action shows only the first failure. */
export const contactSchema = z.object({
  name: text(CONTACT_MESSAGES.name, 100),
  email: z.string({ error: CONTACT_MESSAGES.email }).trim().max(254, CONTACT_MESSAGES.email).regex(EMAIL, CONTACT_MESSAGES.email),
  subject: text(CONTACT_MESSAGES.subject, 150),
  message: text(CONTACT_MESSAGES.message, 5000),
  phone: z
    .string()
    .trim()
    .max(20, /*i18n*/ "Enter a valid phone number")
    .regex(/^[+\d\s()-]*$/, /*i18n*/ "Enter a valid phone number")
    .optional()
    .transform((v) => v ?? ""),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.empty })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.empty)
    .max(254, NEWSLETTER_MESSAGES.invalid)
    .regex(EMAIL, NEWSLETTER_MESSAGES.invalid)
    .transform((v) => v.toLowerCase()),
});

/** A readable, sequential ticket name. */
export function ticketName(id: number): string {
  return `HAAT-T-${String(id).padStart(6, "0")}`;
}

/** The shop's answer to a ticket, mailed to its sender (issue 14), in their language (issue 27). */
export function ticketAnswerMail(ticket: { id: number; senderName: string; subject: string }, answer: string, shopName: string, i18n: I18n): { subject: string; text: string } {
  const name = ticketName(ticket.id);
  return {
    subject: `Re: ${ticket.subject} [${name}]`,
    text: [
      i18n._("Hello {name},", { name: ticket.senderName }),
      "",
      answer,
      "",
      i18n._("The {shop} team", { shop: shopName }),
      "",
      i18n._("This answers your message “{subject}” ({ticket}). The answer is also on the ticket’s page, at the link you were given.", { subject: ticket.subject, ticket: name }),
      "",
    ].join("\n"),
  };
}
