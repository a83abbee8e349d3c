// The newsletter's subscriber list, for staff (issue 14): how many addresses stand where, and
// the confirmed, still-subscribed ones for the CSV export (decision 036). Who exported the list,
// and how many addresses it held, is written to staff_audit with the read.
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { isLocale } from "../../domain/i18n/locale.ts";
import type { Db } from "../db/client.server.ts";
import { consents, customers, newsletterSubscribers as subscribers } from "../db/schema.server.ts";
import type { SubscribersPort } from "./port.server.ts";
import { audit } from "./audit.server.ts";

/** A verified number whose owner agreed to offers by SMS (issue 48 item 2). */
const takesOffers = and(eq(customers.smsOffers, true), isNotNull(customers.mobile));

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
      const [offers] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(takesOffers);
      return { subscribed: Number(row?.subscribed ?? 0), waiting: Number(row?.waiting ?? 0), unsubscribed: Number(row?.unsubscribed ?? 0), smsOffers: Number(offers?.n ?? 0) };
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

    exportSmsOffers: (staffId) =>
      db.transaction(async (tx) => {
        // Since the last grant in the ledger: the consent that stands.
        const since = sql<Date>`(select max(${consents.at}) from ${consents} where ${consents.customerId} = ${customers.id} and ${consents.purpose} = 'offers-sms' and ${consents.granted})`;
        const rows = await tx
          .select({ mobile: customers.mobile, language: customers.language, since, updatedAt: customers.updatedAt })
          .from(customers)
          .where(takesOffers)
          .orderBy(asc(customers.id));
        await audit(tx, { staffId, action: "sms-offers.export", entity: "sms-offers", entityId: "numbers", after: { rows: rows.length } });
        return rows.map((r) => ({ mobile: r.mobile!, language: r.language && isLocale(r.language) ? r.language : "en", since: new Date(r.since ?? r.updatedAt) }));
      }),
  };
}
