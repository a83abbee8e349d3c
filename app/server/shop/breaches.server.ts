// Breaches of personal data (issue 48 item 6, decision 087): staff record one, with whom it
// touched; the shop queues one notice per account and channel (mail to its e-mail, SMS to its
// verified number), once, and the sender claims them (one instance at a time per notice) and logs
// each outcome. The drafts themselves are domain/privacy/breach.ts.
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { BreachRecord, NoticeCounts } from "../../domain/privacy/breach.ts";
import type { Db } from "../db/client.server.ts";
import * as t from "../db/schema.server.ts";
import { audit } from "./audit.server.ts";
import type { BreachesPort, BreachNoticeJob } from "./port.server.ts";

/** How long an instance may take to send one notice before another may take it over. */
const CLAIM_MS = 5 * 60_000;

const record = {
  id: t.breaches.id,
  what: t.breaches.what,
  location: t.breaches.location,
  occurredAt: t.breaches.occurredAt,
  foundAt: t.breaches.foundAt,
  items: t.breaches.items,
  everyone: t.breaches.everyone,
  consequences: t.breaches.consequences,
  mitigation: t.breaches.mitigation,
  safety: t.breaches.safety,
  cause: t.breaches.cause,
  prevention: t.breaches.prevention,
};

export function createBreaches(db: Db, now: () => number = Date.now): BreachesPort {
  /**
   * The accounts a breach touched, erased ones left out (nobody is there to tell). Every account is
   * every one open when it was found: an account opened after it was not touched.
   */
  const touched = (breach: { id: number; everyone: boolean; foundAt: Date }) =>
    and(
      isNull(t.customers.erasedAt),
      breach.everyone
        ? lte(t.customers.createdAt, breach.foundAt)
        : sql`${t.customers.id} in (select ${t.breachPeople.customerId} from ${t.breachPeople} where ${t.breachPeople.breachId} = ${breach.id})`,
    );

  async function counts(breach: { id: number; everyone: boolean; foundAt: Date }): Promise<NoticeCounts> {
    const [people] = await db.select({ n: count() }).from(t.customers).where(touched(breach));
    const rows = await db
      .select({ channel: t.breachNotices.channel, status: t.breachNotices.status, n: count() })
      .from(t.breachNotices)
      .where(eq(t.breachNotices.breachId, breach.id))
      .groupBy(t.breachNotices.channel, t.breachNotices.status);
    const of = (channel: "mail" | "sms", statuses: string[]) => rows.filter((r) => r.channel === channel && statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
    return {
      people: people?.n ?? 0,
      // A mail kept for the queue's retry was handed over: the queue sends it within its days.
      sent: { mail: of("mail", ["sent", "kept"]), sms: of("sms", ["sent", "kept"]) },
      waiting: of("mail", ["pending"]) + of("sms", ["pending"]),
      failed: of("mail", ["failed"]) + of("sms", ["failed"]),
    };
  }

  return {
    async record(staffId, input, people) {
      return db.transaction(async (tx) => {
        let ids: number[] = [];
        if (!input.everyone) {
          const found = await tx
            .select({ id: t.customers.id, email: t.customers.email, mobile: t.customers.mobile })
            .from(t.customers)
            .where(
              and(
                isNull(t.customers.erasedAt),
                or(people.emails.length ? inArray(t.customers.email, people.emails) : undefined, people.mobiles.length ? inArray(t.customers.mobile, people.mobiles) : undefined),
              ),
            );
          const unknown = [...people.emails.filter((e) => !found.some((f) => f.email === e)), ...people.mobiles.filter((m) => !found.some((f) => f.mobile === m))];
          if (unknown.length) return { unknown };
          ids = [...new Set(found.map((f) => f.id))];
        }
        const [made] = await tx
          .insert(t.breaches)
          .values({ ...input, recordedBy: staffId, recordedAt: new Date(now()) })
          .returning({ id: t.breaches.id });
        if (ids.length) await tx.insert(t.breachPeople).values(ids.map((customerId) => ({ breachId: made!.id, customerId })));
        await audit(tx, { staffId, action: "breach.record", entity: "breach", entityId: made!.id, after: { ...input, people: ids.length } });
        return { id: made!.id };
      });
    },

    async list() {
      const rows = await db
        .select({ ...record, recordedAt: t.breaches.recordedAt, noticesQueuedAt: t.breaches.noticesQueuedAt, boardNotifiedAt: t.breaches.boardNotifiedAt })
        .from(t.breaches)
        .orderBy(desc(t.breaches.foundAt));
      return rows;
    },

    async get(id) {
      const [row] = await db
        .select({
          ...record,
          recordedAt: t.breaches.recordedAt,
          noticesQueuedAt: t.breaches.noticesQueuedAt,
          boardNotifiedAt: t.breaches.boardNotifiedAt,
          boardReference: t.breaches.boardReference,
        })
        .from(t.breaches)
        .where(eq(t.breaches.id, id));
      return row ? { ...row, counts: await counts(row) } : null;
    },

    async notices(id, limit = 100) {
      return db
        .select({
          id: t.breachNotices.id,
          customerId: t.breachNotices.customerId,
          channel: t.breachNotices.channel,
          status: t.breachNotices.status,
          error: t.breachNotices.error,
          queuedAt: t.breachNotices.queuedAt,
          sentAt: t.breachNotices.sentAt,
        })
        .from(t.breachNotices)
        .where(eq(t.breachNotices.breachId, id))
        .orderBy(desc(t.breachNotices.sentAt), asc(t.breachNotices.id))
        .limit(limit);
    },

    async queueNotices(staffId, id) {
      return db.transaction(async (tx) => {
        // The breach row is the lock: two presses queue each notice once (and the unique key holds it).
        const [breach] = await tx
          .select({ id: t.breaches.id, everyone: t.breaches.everyone, foundAt: t.breaches.foundAt, queued: t.breaches.noticesQueuedAt })
          .from(t.breaches)
          .where(eq(t.breaches.id, id))
          .for("update");
        if (!breach) return null;
        const at = new Date(now());
        const queue = (channel: "mail" | "sms", reachable: ReturnType<typeof sql>) =>
          tx.execute(sql`
            insert into ${t.breachNotices} (breach_id, customer_id, channel, queued_at)
            select ${id}, ${t.customers.id}, ${channel}, ${at.toISOString()}::timestamptz from ${t.customers}
            where ${touched(breach)} and ${reachable}
            on conflict do nothing`);
        await queue("mail", sql`${t.customers.email} is not null`);
        await queue("sms", sql`${t.customers.mobile} is not null`);
        const [people] = await tx
          .select({ n: sql<number>`count(distinct ${t.breachNotices.customerId})::int` })
          .from(t.breachNotices)
          .where(eq(t.breachNotices.breachId, id));
        await tx
          .update(t.breaches)
          .set({ noticesQueuedAt: breach.queued ?? at })
          .where(eq(t.breaches.id, id));
        await audit(tx, { staffId, action: "breach.notify", entity: "breach", entityId: id, after: { people: people?.n ?? 0 } });
        return { people: people?.n ?? 0, again: breach.queued !== null };
      });
    },

    async claimNotices(limit = 20) {
      const at = new Date(now());
      const next = db
        .select({ id: t.breachNotices.id })
        .from(t.breachNotices)
        .where(and(eq(t.breachNotices.status, "pending"), or(isNull(t.breachNotices.claimedUntil), lt(t.breachNotices.claimedUntil, at))))
        .orderBy(asc(t.breachNotices.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(t.breachNotices)
        .set({ claimedUntil: new Date(at.getTime() + CLAIM_MS) })
        .where(inArray(t.breachNotices.id, next))
        .returning({ id: t.breachNotices.id, breachId: t.breachNotices.breachId, customerId: t.breachNotices.customerId, channel: t.breachNotices.channel });
      if (!claimed.length) return [];
      // The address is the account's now: a number changed since the queueing gets the notice.
      const people = await db
        .select({ id: t.customers.id, email: t.customers.email, mobile: t.customers.mobile, language: t.customers.language, erasedAt: t.customers.erasedAt })
        .from(t.customers)
        .where(
          inArray(
            t.customers.id,
            claimed.map((c) => c.customerId),
          ),
        );
      const breachIds = [...new Set(claimed.map((c) => c.breachId))];
      const breaches = await db.select(record).from(t.breaches).where(inArray(t.breaches.id, breachIds));
      return claimed.map((c): BreachNoticeJob => {
        const person = people.find((p) => p.id === c.customerId);
        const to = person?.erasedAt ? null : c.channel === "mail" ? (person?.email ?? null) : (person?.mobile ?? null);
        return { ...c, to, language: person?.language ?? null, breach: breaches.find((b) => b.id === c.breachId)! };
      });
    },

    async noticeDone(id, status, error) {
      await db
        .update(t.breachNotices)
        .set({ status, error: error ?? null, sentAt: status === "sent" || status === "kept" ? new Date(now()) : null, claimedUntil: null })
        .where(and(eq(t.breachNotices.id, id), eq(t.breachNotices.status, "pending")));
    },

    async recordBoardNotice(staffId, id, reference) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(t.breaches)
          .set({ boardNotifiedAt: new Date(now()), boardReference: reference })
          .where(eq(t.breaches.id, id))
          .returning({ id: t.breaches.id });
        if (row) await audit(tx, { staffId, action: "breach.board", entity: "breach", entityId: id, after: { reference } });
        return Boolean(row);
      });
    },

    async forCustomer(customerId) {
      // Those the shopper was told of (or is being told of): the notice stays in their account.
      const rows = await db
        .select({ ...record, notifiedAt: sql<Date>`min(${t.breachNotices.queuedAt})`.mapWith(t.breachNotices.queuedAt) })
        .from(t.breaches)
        .innerJoin(t.breachNotices, and(eq(t.breachNotices.breachId, t.breaches.id), eq(t.breachNotices.customerId, customerId)))
        .groupBy(t.breaches.id)
        .orderBy(desc(t.breaches.foundAt));
      return rows as (BreachRecord & { notifiedAt: Date })[];
    },
  };
}
