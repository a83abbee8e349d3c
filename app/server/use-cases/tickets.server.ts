// Contact tickets (Specification: Contact form and Browsing calls; issue 14): a shopper opens one (the contact form on three
// pages, the JSON API), staff answer and close them.
import { CONTACT_MESSAGES, ticketAnswerMail } from "../../domain/contact.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv } from "../env.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { sendOrKeep } from "../mail/queue.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

export interface OpenedTicket {
  id: number;
  name: string;
  /** The ticket's page: its customer's, or with its key for whoever sent it signed out. */
  path: string;
  /** The same page with its key, for the sender to keep (the API's portal_url). */
  portalUrl: string;
  message: string;
}

/** A contact message becomes a ticket, counted against the client address's limit (ShopError "too_many"). */
export async function openTicket(
  shop: Shop,
  input: { customer: Customer | null; clientAddress: string; name: string; email: string; phone: string; subject: string; message: string; language?: Locale },
): Promise<OpenedTicket> {
  if (!(await hitLimit(shop, "contactPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", CONTACT_MESSAGES.tooMany);
  const { customer, name, email, phone, subject, message, language } = input;
  const ticket = await shop.tickets.create({ customer, name, email, phone, subject, message, language });
  const keyed = `/tickets/${ticket.id}?key=${encodeURIComponent(ticket.key)}`;
  return {
    id: ticket.id,
    name: ticket.name,
    path: customer ? `/tickets/${ticket.id}` : keyed,
    portalUrl: `${appEnv().publicOrigin}${keyed}`,
    message: CONTACT_MESSAGES.created(ticket.name),
  };
}

/** Staff: the answer is kept on the ticket and mailed to its sender. */
export async function answerTicket(shop: Shop, mail: Mailer, staff: Customer, ticketId: number, answer: string): Promise<{ message: string }> {
  const answered = await shop.tickets.answer(staff.id, ticketId, answer);
  // In the sender's language (issue 27): the staff's own words as they wrote them, the rest translated.
  await sendOrKeep(shop, mail, { to: answered.email, ...ticketAnswerMail(answered, answer, store.name, i18nFor(answered.language ?? "en")) });
  return { message: `Answer sent to ${answered.email}.` };
}

/** Staff: the ticket is closed. */
export async function closeTicket(shop: Shop, staff: Customer, ticketId: number): Promise<{ message: string }> {
  await shop.tickets.close(staff.id, ticketId);
  return { message: "Ticket closed." };
}
