// Contact tickets: created by the contact form, viewable by their customer or by the
// holder of the ticket's secret link.
import crypto from "node:crypto";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { ticketName } from "../../domain/contact.ts";
import { isLocale } from "../../domain/i18n/locale.ts";
import { digest, newToken } from "../security/tokens.server.ts";
import type { Db } from "../db/client.server.ts";
import { customers, ticketReplies, tickets } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { ShopError, type TicketsPort, type TicketView } from "./port.server.ts";
import { audit } from "./audit.server.ts";

type TicketRow = typeof tickets.$inferSelect;

/** Tickets with their sender's account's chosen language (none when sent signed out). */
function ticketRows(conn: Conn) {
  return conn.select({ ticket: tickets, accountLanguage: customers.language }).from(tickets).leftJoin(customers, eq(customers.id, tickets.customerId));
}

async function view(conn: Conn, { ticket: row, accountLanguage }: { ticket: TicketRow; accountLanguage: string | null }): Promise<TicketView> {
  const replies = await conn
    .select({ body: ticketReplies.body, at: ticketReplies.createdAt })
    .from(ticketReplies)
    .where(eq(ticketReplies.ticketId, row.id))
    .orderBy(asc(ticketReplies.id));
  // The account's chosen language wins over the page's, as for every mail (issue 27).
  const language = accountLanguage ?? row.language;
  return {
    id: row.id,
    name: ticketName(row.id),
    customerId: row.customerId,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt,
    senderName: row.name,
    email: row.email,
    language: language && isLocale(language) ? language : null,
    replies,
  };
}

const NOT_FOUND = "That ticket could not be found.";

export function createTickets(db: Db): TicketsPort {
  return {
    async create(input) {
      const key = newToken();
      const [row] = await db
        .insert(tickets)
        .values({
          customerId: input.customer?.id ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone,
          subject: input.subject,
          message: input.message,
          language: input.language ?? null,
          accessTokenHash: digest(key),
        })
        .returning({ id: tickets.id });
      return { id: row!.id, name: ticketName(row!.id), key };
    },

    async get(id, access) {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
      const [found] = await ticketRows(db).where(eq(tickets.id, id)).limit(1);
      if (!found) return null;
      const row = found.ticket;
      const owner = access.customer !== null && row.customerId === access.customer.id;
      const keyed = access.key !== null && access.key.length > 0 && crypto.timingSafeEqual(Buffer.from(digest(access.key)), Buffer.from(row.accessTokenHash));
      if (!owner && !keyed) return null;
      return view(db, found);
    },

    async inbox() {
      const rows = await ticketRows(db)
        .where(inArray(tickets.status, ["open", "answered"]))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(200);
      return Promise.all(rows.map((r) => view(db, r)));
    },

    async read(id) {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
      const [found] = await ticketRows(db).where(eq(tickets.id, id));
      return found ? view(db, found) : null;
    },

    answer: (staffId, id, body) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for("update");
        if (!row) throw new ShopError("not_found", NOT_FOUND);
        await tx.insert(ticketReplies).values({ ticketId: id, staffId, body });
        await tx.update(tickets).set({ status: "answered" }).where(eq(tickets.id, id));
        await audit(tx, { staffId, action: "ticket.answer", entity: "ticket", entityId: id, before: { status: row.status }, after: { status: "answered", body } });
        const [updated] = await ticketRows(tx).where(eq(tickets.id, id));
        return view(tx, updated!);
      }),

    close: (staffId, id) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for("update");
        if (!row) throw new ShopError("not_found", NOT_FOUND);
        await tx.update(tickets).set({ status: "closed" }).where(eq(tickets.id, id));
        await audit(tx, { staffId, action: "ticket.close", entity: "ticket", entityId: id, before: { status: row.status }, after: { status: "closed" } });
      }),
  };
}
