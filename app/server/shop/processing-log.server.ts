// The processing log (issue 48 item 7, decision 088): who read or changed a shopper's personal
// data other than the shopper. Staff's reads and the shop's jobs are written here; staff's changes
// are their audit rows (audit.server.ts), tied to the shopper as the export ties them, so a change
// is written once. Staff see both, merged, per shopper, for the year the log is kept.
import { and, desc, eq, gte, ilike, inArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { containsPattern } from "../../domain/order-search.ts";
import { RETENTION_DAYS } from "../../domain/privacy/retention.ts";
import type { Db } from "../db/client.server.ts";
import * as t from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { EXPORTED } from "./data-exports.server.ts";
import type { ProcessingEntry, ProcessingLogPort } from "./port.server.ts";

/** Writes the entries in the caller's transaction (or alone). */
export async function logProcessing(tx: Conn, entries: readonly ProcessingEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx
    .insert(t.processingLog)
    .values(entries.map((e) => ({ customerId: e.customerId, staffId: e.staffId ?? null, system: e.system ?? null, action: e.action, what: e.what, detail: e.detail ?? null })));
}

const DAY_MS = 86_400_000;

export function createProcessingLog(db: Db, now: () => number = Date.now): ProcessingLogPort {
  return {
    record: (entries) => logProcessing(db, entries),

    async findShoppers(query, limit = 20) {
      return db
        .select({ id: t.customers.id, name: t.customers.name, email: t.customers.email, mobile: t.customers.mobile, erasedAt: t.customers.erasedAt, createdAt: t.customers.createdAt })
        .from(t.customers)
        .where(
          or(
            query.email ? eq(t.customers.email, query.email) : undefined,
            query.mobile ? eq(t.customers.mobile, query.mobile) : undefined,
            query.number !== null ? inArray(t.customers.id, db.select({ id: t.orders.customerId }).from(t.orders).where(eq(t.orders.orderNumber, query.number))) : undefined,
            query.name ? ilike(t.customers.name, containsPattern(query.name)) : undefined,
          ),
        )
        .orderBy(t.customers.id)
        .limit(limit);
    },

    async person(customerId) {
      const [row] = await db
        .select({
          id: t.customers.id,
          name: t.customers.name,
          email: t.customers.email,
          mobile: t.customers.mobile,
          erasedAt: t.customers.erasedAt,
          createdAt: t.customers.createdAt,
          emailVerifiedAt: t.customers.emailVerifiedAt,
        })
        .from(t.customers)
        .where(eq(t.customers.id, customerId));
      if (!row) return null;
      const { emailVerifiedAt, ...person } = row;
      // Only a proved address ties messages sent signed out to the shopper (as the export ties them).
      return { ...person, provedEmail: row.email && emailVerifiedAt ? row.email : null };
    },

    async forCustomer(customerId, email, limit = 500) {
      const since = new Date(now() - RETENTION_DAYS.processingLog * DAY_MS);
      const staff = alias(t.customers, "staff");
      const reads = await db
        .select({
          at: t.processingLog.at,
          staff: staff.name,
          system: t.processingLog.system,
          action: t.processingLog.action,
          what: t.processingLog.what,
          detail: t.processingLog.detail,
        })
        .from(t.processingLog)
        .leftJoin(staff, eq(staff.id, t.processingLog.staffId))
        .where(and(eq(t.processingLog.customerId, customerId), gte(t.processingLog.at, since)))
        .orderBy(desc(t.processingLog.at))
        .limit(limit);
      // Staff's changes: their audit rows about this shopper's account, orders, reviews and messages.
      const changes = await db
        .select({ at: t.staffAudit.at, staff: staff.name, action: t.staffAudit.action, entity: t.staffAudit.entity, entityId: t.staffAudit.entityId })
        .from(t.staffAudit)
        .leftJoin(staff, eq(staff.id, t.staffAudit.staffId))
        .where(and(EXPORTED.staff_audit!.where(customerId, email), gte(t.staffAudit.at, since)))
        .orderBy(desc(t.staffAudit.at))
        .limit(limit);
      return [
        ...reads.map((r) => ({ at: r.at, by: r.system ? { system: r.system } : { staff: r.staff }, action: r.action, what: r.what, detail: r.detail })),
        ...changes.map((c) => ({ at: c.at, by: { staff: c.staff }, action: "change" as const, what: c.action, detail: `${c.entity} ${c.entityId}` })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, limit);
    },
  };
}
