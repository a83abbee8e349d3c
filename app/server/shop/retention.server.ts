// The daily removal of personal data that has outlived its period (issue 48 item 5, decision
// 083): each period from the one retention table (domain/privacy/retention.ts), each kind removed
// by one statement, so a run finds done what an earlier (or a killed) run removed.
import { and, eq, exists, inArray, isNotNull, isNull, lt, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { RETENTION_DAYS } from "../../domain/privacy/retention.ts";
import type { Db } from "../db/client.server.ts";
import {
  apiTokens,
  breaches,
  consents,
  dataExports,
  emailConfirmations,
  knownDevices,
  mailQueue,
  newsletterSubscribers,
  oneTimeCodes,
  orders,
  passwordResets,
  payments,
  pickTicks,
  postKeys,
  processingLog,
  rateLimits,
  sessions,
  staffAudit,
  ticketReplies,
  tickets,
} from "../db/schema.server.ts";
import { leaseHolder, underLease } from "./leases.server.ts";
import { eraseCustomer } from "./erasure.server.ts";

/** How many rows of each kind a run removed. */
export type Removed = Record<keyof typeof RETENTION_DAYS, number>;

const DAY_MS = 86_400_000;

/** Removes what is due at `now`, kind by kind; the counts of what went. */
export async function removeExpired(db: Db, now: Date): Promise<Removed> {
  const before = (kind: keyof typeof RETENTION_DAYS) => new Date(now.getTime() - RETENTION_DAYS[kind] * DAY_MS);
  // One statement per kind: how many rows it removed.
  const remove = async (table: PgTable, where: SQL | undefined) => (await db.delete(table).where(where).returning()).length;
  const older = (table: PgTable, column: PgColumn, kind: keyof typeof RETENTION_DAYS) => remove(table, lt(column, before(kind)));
  // Never confirmed (from the last confirmation mail), or unsubscribed: the address is kept no longer.
  const newsletterGone = or(
    and(isNull(newsletterSubscribers.confirmedAt), lt(sql`coalesce(${newsletterSubscribers.confirmSentAt}, ${newsletterSubscribers.subscribedAt})`, before("newsletter"))),
    lt(newsletterSubscribers.unsubscribedAt, before("newsletter")),
  );
  // A conversation ends with its last word: the ticket's, or its last reply's. One statement, so a
  // reply written meanwhile keeps its ticket; its replies go with it (on delete cascade).
  const lastWord = sql`coalesce((select max(${ticketReplies.createdAt}) from ${ticketReplies} where ${ticketReplies.ticketId} = ${tickets.id}), ${tickets.createdAt})`;
  // A cart left unordered (never placed, no payment begun), with its lines (on delete cascade).
  // One statement, so a line added meanwhile (which moves updated_at) keeps its cart.
  const abandoned = and(
    eq(orders.state, "draft"),
    isNull(orders.placedAt),
    lt(orders.updatedAt, before("carts")),
    notExists(
      db
        .select({ one: sql`1` })
        .from(payments)
        .where(eq(payments.orderId, orders.id)),
    ),
  );
  // A consent's lines up to a withdrawal (or its end) older than the period; a grant standing now is
  // kept, however old, as the proof of what was agreed (DPDP Act s.6(10)).
  const w = alias(consents, "withdrawal");
  const withdrawnLongAgo = db
    .select({ one: sql`1` })
    .from(w)
    .where(
      and(
        eq(w.granted, false),
        lt(w.at, before("consents")),
        sql`${w.at} >= ${consents.at}`,
        eq(w.purpose, consents.purpose),
        sql`${w.customerId} is not distinct from ${consents.customerId}`,
        sql`${w.email} is not distinct from ${consents.email}`,
        sql`${w.detail} is not distinct from ${consents.detail}`,
      ),
    );
  return {
    codes: await older(oneTimeCodes, oneTimeCodes.expiresAt, "codes"),
    passwordResets: await older(passwordResets, passwordResets.expiresAt, "passwordResets"),
    emailConfirmations: await older(emailConfirmations, emailConfirmations.expiresAt, "emailConfirmations"),
    sessions: await older(sessions, sessions.expiresAt, "sessions"),
    // A token ends when its refresh token does. A revoked one stays until then: a spent refresh
    // token presented again is how reuse is caught (tokens.server.ts), and its family revoked.
    apiTokens: await older(apiTokens, apiTokens.refreshExpiresAt, "apiTokens"),
    devices: await older(knownDevices, knownDevices.lastSignedInAt, "devices"),
    rateLimits: await older(rateLimits, rateLimits.windowStart, "rateLimits"),
    postKeys: await older(postKeys, postKeys.createdAt, "postKeys"),
    newsletter: await remove(newsletterSubscribers, newsletterGone),
    outgoingMessages: await older(mailQueue, mailQueue.createdAt, "outgoingMessages"),
    tickets: await remove(tickets, and(inArray(tickets.status, ["answered", "closed"]), lt(lastWord, before("tickets")))),
    carts: await remove(orders, abandoned),
    staffRecords: await older(staffAudit, staffAudit.at, "staffRecords"),
    pickTicks: await remove(pickTicks, and(isNotNull(pickTicks.pickedAt), lt(pickTicks.pickedAt, before("pickTicks")))),
    consents: await remove(consents, exists(withdrawnLongAgo)),
    dataExports: await older(dataExports, dataExports.requestedAt, "dataExports"),
    processingLog: await older(processingLog, processingLog.at, "processingLog"),
    // With whom it touched and the log of telling them (on delete cascade).
    breaches: await older(breaches, breaches.foundAt, "breaches"),
  };
}

/** The shop's retention pass under its lease: one instance of a cluster at a time; null while another runs it. */
export function createRetention(db: Db) {
  const holder = leaseHolder();
  return {
    removeExpired: (now = new Date()) => underLease(db, { name: "retention", holder, ms: 10 * 60_000 }, now, () => removeExpired(db, now)),
    erase: (customerId: number) => eraseCustomer(db, customerId),
  };
}
