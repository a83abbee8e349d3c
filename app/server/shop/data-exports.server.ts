// 'Download my data' (issue 48 item 3, decision 085): what the shop holds on one shopper, read table
// by table, and the exports' lifecycle: asked for, claimed by one instance, ready for 24 hours,
// handed over once. Which rows are a shopper's is said once per table here (EXPORTED); a test holds
// it to the personal data table, so a new table of personal data cannot be left out unseen.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ExportTables } from "../../domain/privacy/export.ts";
import { EXPORT_LINK_HOURS } from "../../domain/privacy/rights.ts";
import type { Db } from "../db/client.server.ts";
import * as t from "../db/schema.server.ts";
import type { DataExportsPort } from "./port.server.ts";

/**
 * Never in an export: keys to the account (not facts about the shopper), and which staff member
 * did what (their ids are their personal data, not the shopper's).
 */
const LEFT_OUT_COLUMNS: Record<string, readonly string[]> = {
  order_events: ["by"],
  ticket_replies: ["staff_id"],
  processing_log: ["staff_id"],
  customers: ["password_hash"],
  sessions: ["id"],
  known_devices: ["id"],
  api_tokens: ["access_digest", "refresh_digest"],
  erp_customers: ["access_token", "refresh_token", "clerk_session_id"],
  tickets: ["access_token_hash"],
  newsletter_subscribers: ["unsubscribe_token", "confirm_token"],
  subscriptions: ["autopay_token_id"],
  data_exports: ["file"],
};

/** The shopper's rows of each table, by what ties them to the shopper. */
interface Owner {
  table: PgTable;
  /** The rows that are the shopper's, given their id and e-mail (null unless proved theirs). */
  where: (customerId: number, email: string | null) => SQL | undefined;
  order: PgColumn;
}

const ofOrders = (customerId: number) => sql`(select ${t.orders.id} from ${t.orders} where ${t.orders.customerId} = ${customerId})`;
const ofSubscriptions = (customerId: number) => sql`(select ${t.subscriptions.id} from ${t.subscriptions} where ${t.subscriptions.customerId} = ${customerId})`;
/**
 * The shopper's messages: their account's, and those sent signed out from their proved address. A
 * message someone signed in sent naming this address is that sender's, not this shopper's.
 */
export const theirTickets = (customerId: number, email: string | null) =>
  or(eq(t.tickets.customerId, customerId), email ? and(isNull(t.tickets.customerId), sql`lower(${t.tickets.email}) = ${email}`) : undefined);

export const EXPORTED: Record<string, Owner> = {
  customers: { table: t.customers, where: (id) => eq(t.customers.id, id), order: t.customers.id },
  addresses: { table: t.addresses, where: (id) => eq(t.addresses.customerId, id), order: t.addresses.id },
  orders: { table: t.orders, where: (id) => eq(t.orders.customerId, id), order: t.orders.id },
  order_lines: { table: t.orderLines, where: (id) => sql`${t.orderLines.orderId} in ${ofOrders(id)}`, order: t.orderLines.id },
  order_events: { table: t.orderEvents, where: (id) => sql`${t.orderEvents.orderId} in ${ofOrders(id)}`, order: t.orderEvents.id },
  invoices: { table: t.invoices, where: (id) => sql`${t.invoices.orderId} in ${ofOrders(id)}`, order: t.invoices.id },
  credit_notes: { table: t.creditNotes, where: (id) => sql`${t.creditNotes.orderId} in ${ofOrders(id)}`, order: t.creditNotes.id },
  payments: { table: t.payments, where: (id) => sql`${t.payments.orderId} in ${ofOrders(id)}`, order: t.payments.id },
  refunds: {
    table: t.refunds,
    where: (id) => sql`${t.refunds.paymentId} in (select ${t.payments.id} from ${t.payments} where ${t.payments.orderId} in ${ofOrders(id)})`,
    order: t.refunds.id,
  },
  product_reviews: { table: t.productReviews, where: (id) => eq(t.productReviews.customerId, id), order: t.productReviews.id },
  tickets: { table: t.tickets, where: theirTickets, order: t.tickets.id },
  ticket_replies: {
    table: t.ticketReplies,
    where: (id, email) => sql`${t.ticketReplies.ticketId} in (select ${t.tickets.id} from ${t.tickets} where ${theirTickets(id, email)})`,
    order: t.ticketReplies.id,
  },
  wishlist_items: { table: t.wishlistItems, where: (id) => eq(t.wishlistItems.customerId, id), order: t.wishlistItems.id },
  stock_requests: { table: t.stockRequests, where: (id) => eq(t.stockRequests.customerId, id), order: t.stockRequests.id },
  subscriptions: { table: t.subscriptions, where: (id) => eq(t.subscriptions.customerId, id), order: t.subscriptions.id },
  subscription_pauses: { table: t.subscriptionPauses, where: (id) => sql`${t.subscriptionPauses.subscriptionId} in ${ofSubscriptions(id)}`, order: t.subscriptionPauses.id },
  subscription_skips: { table: t.subscriptionSkips, where: (id) => sql`${t.subscriptionSkips.subscriptionId} in ${ofSubscriptions(id)}`, order: t.subscriptionSkips.date },
  subscription_days: { table: t.subscriptionDays, where: (id) => sql`${t.subscriptionDays.subscriptionId} in ${ofSubscriptions(id)}`, order: t.subscriptionDays.date },
  subscription_reminders: {
    table: t.subscriptionReminders,
    where: (id) => sql`${t.subscriptionReminders.subscriptionId} in ${ofSubscriptions(id)}`,
    order: t.subscriptionReminders.date,
  },
  consents: {
    table: t.consents,
    where: (id, email) => or(eq(t.consents.customerId, id), email ? and(eq(t.consents.purpose, "newsletter"), eq(t.consents.email, email)) : undefined),
    order: t.consents.id,
  },
  newsletter_subscribers: { table: t.newsletterSubscribers, where: (_, email) => (email ? eq(t.newsletterSubscribers.email, email) : sql`false`), order: t.newsletterSubscribers.id },
  // Sign-in history: when each session began and was last renewed, each device's first and last sign-in, each app token.
  sessions: { table: t.sessions, where: (id) => eq(t.sessions.customerId, id), order: t.sessions.createdAt },
  known_devices: { table: t.knownDevices, where: (id) => eq(t.knownDevices.customerId, id), order: t.knownDevices.createdAt },
  api_tokens: { table: t.apiTokens, where: (id) => eq(t.apiTokens.customerId, id), order: t.apiTokens.id },
  erp_customers: { table: t.erpCustomers, where: (id) => eq(t.erpCustomers.customerId, id), order: t.erpCustomers.customerId },
  // The staff's records of changes to the shopper's own account, orders, reviews and messages. What a
  // staff member did to other shoppers' records is theirs, not in this one's export.
  staff_audit: {
    table: t.staffAudit,
    where: (id, email) =>
      or(
        and(eq(t.staffAudit.entity, "customer"), eq(t.staffAudit.entityId, String(id))),
        and(eq(t.staffAudit.entity, "order"), sql`${t.staffAudit.entityId} in (select ${t.orders.id}::text from ${t.orders} where ${t.orders.customerId} = ${id})`),
        and(
          eq(t.staffAudit.entity, "review"),
          sql`${t.staffAudit.entityId} in (select ${t.productReviews.id}::text from ${t.productReviews} where ${t.productReviews.customerId} = ${id})`,
        ),
        and(eq(t.staffAudit.entity, "ticket"), sql`${t.staffAudit.entityId} in (select ${t.tickets.id}::text from ${t.tickets} where ${theirTickets(id, email)})`),
      ),
    order: t.staffAudit.id,
  },
  // A staff member's own ticks on the pick list: which shelf items, when.
  pick_ticks: { table: t.pickTicks, where: (id) => eq(t.pickTicks.pickedBy, id), order: t.pickTicks.pickedAt },
  data_exports: { table: t.dataExports, where: (id) => eq(t.dataExports.customerId, id), order: t.dataExports.id },
  // Who read or changed the shopper's data (staff without their names, or the shop's jobs).
  processing_log: { table: t.processingLog, where: (id) => eq(t.processingLog.customerId, id), order: t.processingLog.id },
  // A staff member's own records of breaches: which they recorded (the breach itself is the shop's).
  breaches: { table: t.breaches, where: (id) => eq(t.breaches.recordedBy, id), order: t.breaches.id },
  // The breaches that touched the shopper by name, and the log of telling them.
  breach_people: { table: t.breachPeople, where: (id) => eq(t.breachPeople.customerId, id), order: t.breachPeople.breachId },
  breach_notices: { table: t.breachNotices, where: (id) => eq(t.breachNotices.customerId, id), order: t.breachNotices.id },
};

/**
 * Tables of personal data not in an export, and why: secrets and counts kept a day or a week,
 * which the README names (decision 085).
 */
export const NOT_EXPORTED: Record<string, string> = {
  one_time_codes: "sign-in codes: secrets, removed a day after they expire",
  password_resets: "reset codes: secrets, removed a day after they expire",
  email_confirmations: "confirmation links: secrets, removed a day after they expire",
  rate_limits: "counts of attempts, keyed by address, e-mail or number: removed after a day",
  post_keys: "keys of repeated posts: removed after a day",
  mail_queue: "messages waiting for a retry: sent or removed within 7 days",
};

/** Every table's rows that are the shopper's, in its database column names, secrets left out. */
export function personalDataOf(db: Db, customerId: number): Promise<ExportTables> {
  // One snapshot: an order placed meanwhile is in it with its lines, or not at all.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const [me] = await tx.select({ email: t.customers.email, proved: t.customers.emailVerifiedAt }).from(t.customers).where(eq(t.customers.id, customerId));
    // An address not proved the account's may be someone else's: nothing is matched by it.
    const email = me?.email && me.proved ? me.email : null;
    const tables: ExportTables = {};
    for (const [name, owner] of Object.entries(EXPORTED)) {
      // The table's own column names (snake_case), as the notice and the schema name them.
      const columns = Object.values(owner.table as unknown as Record<string, PgColumn>).filter(
        (c): c is PgColumn => typeof c === "object" && c !== null && "name" in c && "columnType" in c,
      );
      const left = LEFT_OUT_COLUMNS[name] ?? [];
      const shown = Object.fromEntries(columns.filter((c) => !left.includes(c.name)).map((c) => [c.name, c]));
      tables[name] = (await tx.select(shown).from(owner.table).where(owner.where(customerId, email)).orderBy(asc(owner.order))) as Record<string, unknown>[];
    }
    return tables;
  });
}

const HOUR_MS = 3_600_000;
/** How long an instance may work on one export before another may take it over. */
const CLAIM_MS = 5 * 60_000;

export function createDataExports(db: Db, now: () => number = Date.now): DataExportsPort {
  return {
    async request(customerId, language) {
      return db.transaction(async (tx) => {
        // One at a time: the customer row is the lock, so two presses make one export.
        await tx.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.id, customerId)).for("update");
        const at = new Date(now());
        const [open] = await tx
          .select({ id: t.dataExports.id, status: t.dataExports.status })
          .from(t.dataExports)
          .where(
            and(
              eq(t.dataExports.customerId, customerId),
              or(eq(t.dataExports.status, "pending"), and(eq(t.dataExports.status, "ready"), sql`${t.dataExports.expiresAt} > ${at.toISOString()}::timestamptz`)),
            ),
          )
          .orderBy(desc(t.dataExports.id))
          .limit(1);
        if (open) return { id: open.id, status: open.status as "pending" | "ready", fresh: false };
        const [made] = await tx.insert(t.dataExports).values({ customerId, language, requestedAt: at }).returning({ id: t.dataExports.id });
        return { id: made!.id, status: "pending" as const, fresh: true };
      });
    },

    async claim() {
      const at = new Date(now());
      const next = db
        .select({ id: t.dataExports.id })
        .from(t.dataExports)
        .where(and(eq(t.dataExports.status, "pending"), or(isNull(t.dataExports.claimedUntil), lt(t.dataExports.claimedUntil, at))))
        .orderBy(asc(t.dataExports.requestedAt))
        .limit(1)
        .for("update", { skipLocked: true });
      const [claimed] = await db
        .update(t.dataExports)
        .set({ claimedUntil: new Date(at.getTime() + CLAIM_MS) })
        .where(inArray(t.dataExports.id, next))
        .returning({ id: t.dataExports.id, customerId: t.dataExports.customerId, language: t.dataExports.language });
      return claimed ?? null;
    },

    personalData: (customerId) => personalDataOf(db, customerId),

    async dropExpired() {
      const gone = await db
        .update(t.dataExports)
        .set({ file: null })
        .where(and(eq(t.dataExports.status, "ready"), isNotNull(t.dataExports.file), lt(t.dataExports.expiresAt, new Date(now()))))
        .returning({ id: t.dataExports.id });
      return gone.length;
    },

    async finish(id, file) {
      const at = new Date(now());
      const [row] = await db
        .update(t.dataExports)
        .set(
          file
            ? { status: "ready", file, bytes: file.byteLength, readyAt: at, expiresAt: new Date(at.getTime() + EXPORT_LINK_HOURS * HOUR_MS), claimedUntil: null }
            : { status: "failed", claimedUntil: null },
        )
        .where(and(eq(t.dataExports.id, id), eq(t.dataExports.status, "pending")))
        .returning({ expiresAt: t.dataExports.expiresAt });
      return row ? { expiresAt: row.expiresAt } : null;
    },

    async latest(customerId) {
      const [row] = await db
        .select({
          id: t.dataExports.id,
          status: t.dataExports.status,
          bytes: t.dataExports.bytes,
          requestedAt: t.dataExports.requestedAt,
          readyAt: t.dataExports.readyAt,
          expiresAt: t.dataExports.expiresAt,
          downloadedAt: t.dataExports.downloadedAt,
        })
        .from(t.dataExports)
        .where(eq(t.dataExports.customerId, customerId))
        .orderBy(desc(t.dataExports.id))
        .limit(1);
      return row ?? null;
    },

    take(customerId, id) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: t.dataExports.status, file: t.dataExports.file, expiresAt: t.dataExports.expiresAt })
          .from(t.dataExports)
          .where(and(eq(t.dataExports.id, id), eq(t.dataExports.customerId, customerId)))
          .for("update");
        if (!row) return { refused: "not-found" as const };
        if (row.status === "pending") return { refused: "pending" as const };
        if (row.status !== "ready" || !row.file) return { refused: "used" as const };
        const at = new Date(now());
        if (!row.expiresAt || row.expiresAt.getTime() <= at.getTime()) {
          await tx.update(t.dataExports).set({ file: null }).where(eq(t.dataExports.id, id));
          return { refused: "expired" as const };
        }
        // Once, and the bytes go with it: a link forwarded or kept is worth nothing after.
        await tx.update(t.dataExports).set({ status: "downloaded", downloadedAt: at, file: null }).where(eq(t.dataExports.id, id));
        return { file: row.file };
      });
    },
  };
}
