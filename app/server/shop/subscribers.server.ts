// The newsletter's subscriber list, for staff (issue 14): how many addresses stand where, and
// the confirmed, still-subscribed ones for the CSV export (decision 036). Who exported the list,
// and how many addresses it held, is written to staff_audit with the read.
import { and, asc, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { newsletterSubscribers as subscribers } from "../db/schema.server.ts";
import type { SubscribersPort } from "./port.server.ts";
import { audit } from "./audit.server.ts";

/** Confirmed by its link and not unsubscribed since: an address the newsletter may be sent to. */
const subscribed = and(isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt));

export function createSubscribers(db: Db): SubscribersPort {
  return {
    async summary() {
      const [row] = await db
        .select({
          subscribed: sql<number>`count(*) filter (where ${subscribers.confirmedAt} is not null and ${subscribers.unsubscribedAt} is null)::int`,
          waiting: sql<number>`count(*) filter (where ${subscribers.confirmedAt} is null and ${subscribers.unsubscribedAt} is null)::int`,
          unsubscribed: sql<number>`count(*) filter (where ${subscribers.unsubscribedAt} is not null)::int`,
        })
        .from(subscribers);
      return { subscribed: Number(row?.subscribed ?? 0), waiting: Number(row?.waiting ?? 0), unsubscribed: Number(row?.unsubscribed ?? 0) };
    },

    export: (staffId) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .select({ email: subscribers.email, subscribedAt: subscribers.confirmedAt })
          .from(subscribers)
          .where(subscribed)
          .orderBy(asc(subscribers.confirmedAt), asc(subscribers.id));
        await audit(tx, { staffId, action: "newsletter.export", entity: "newsletter", entityId: "subscribers", after: { rows: rows.length } });
        return rows.map((r) => ({ email: r.email, subscribedAt: r.subscribedAt! }));
      }),
  };
}
