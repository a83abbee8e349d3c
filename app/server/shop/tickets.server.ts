// Contact tickets: created by the contact form, viewable by their customer or by the
// holder of the ticket's secret link.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { ticketName } from "../../domain/contact.ts";
import { digest, newToken } from "../auth/password.server.ts";
import type { Db } from "../db/client.server.ts";
import { tickets } from "../db/schema.server.ts";
import type { TicketsPort } from "./port.server.ts";

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
          accessTokenHash: digest(key),
        })
        .returning({ id: tickets.id });
      return { id: row!.id, name: ticketName(row!.id), key };
    },

    async get(id, access) {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
      if (!row) return null;
      const owner = access.customer !== null && row.customerId === access.customer.id;
      const keyed = access.key !== null && access.key.length > 0 && crypto.timingSafeEqual(Buffer.from(digest(access.key)), Buffer.from(row.accessTokenHash));
      if (!owner && !keyed) return null;
      return { id: row.id, name: ticketName(row.id), subject: row.subject, message: row.message, status: row.status, createdAt: row.createdAt, senderName: row.name, email: row.email };
    },
  };
}
