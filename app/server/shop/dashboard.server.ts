// The staff dashboard's figures (issue 46 item 5, decision 080): one query per widget, grouped in
// the database (a widget's rows are at most a few dozen, whatever the number of orders), read
// from the shop's own tables. What each counts is said in domain/dashboard.ts's titles and here.
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { RANKED_ROWS, everyDay, type DashboardDays, type WidgetKey, type WidgetRows } from "../../domain/dashboard.ts";
import { IST_OFFSET_MINUTES, shopDayStart, SLOT_KINDS, type SlotKind } from "../../domain/delivery.ts";
import { LOW_STOCK_THRESHOLD_DEFAULT } from "../../domain/stock.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.server.ts";
import { orderLines, orders, payments, products, refunds, stockRequests, variants } from "../db/schema.server.ts";
import { SETTING_DEFAULTS, SETTING_KEYS } from "./delivery.server.ts";

/** The shop's calendar day of a timestamp column, as "2026-11-30" (India has one offset all year). Written out, not a parameter: GROUP BY must see the same expression. */
const shopDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC' + interval '${sql.raw(String(IST_OFFSET_MINUTES))} minutes', 'YYYY-MM-DD')`;
const int = (expression: ReturnType<typeof sql>) => sql<number>`(${expression})::int`;
// Sums of paise as float8: exact to 2^53, where an int would overflow at ₹2.1 crore (bigint comes back from pg as a string).
const paise = (expression: ReturnType<typeof sql>) => sql<number>`(${expression})::float8`;

type Reader<K extends WidgetKey> = (db: Db, days: DashboardDays) => Promise<WidgetRows[K]>;

/** Orders placed (and not cancelled since) by the day they were placed, and what they came to. */
const sales: Reader<"sales"> = async (db, days) => {
  const day = shopDay(orders.placedAt);
  const rows = await db
    .select({ day, orders: int(sql`count(*)`), salesPaise: paise(sql`coalesce(sum(${orders.totalPaise}), 0)`) })
    .from(orders)
    .where(and(eq(orders.state, "confirmed"), gte(orders.placedAt, shopDayStart(days.since))))
    .groupBy(day);
  return everyDay(days, rows, (d) => ({ day: d, orders: 0, salesPaise: 0 }));
};

/**
 * Each slot of the days ahead: its placed orders, its places taken as checkout counts them
 * (orders waiting for an online payment hold theirs), and its capacity (the shop's setting for a
 * slot nobody has booked).
 */
const slots: Reader<"slots"> = async (db, days) => {
  const wanted = sql.join(
    days.ahead.flatMap((date, d) => SLOT_KINDS.map((kind, k) => sql`(${date}, ${kind}, ${d * SLOT_KINDS.length + k}::int)`)),
    sql`, `,
  );
  const result = await db.execute(sql`
    select w.date, w.kind, coalesce(s.capacity, (select value from shop_settings where key = ${SETTING_KEYS.slotCapacity}), ${SETTING_DEFAULTS.slotCapacity})::int as capacity,
           coalesce(o.orders, 0)::int as orders, coalesce(s.booked, 0)::int as booked
    from (values ${wanted}) as w(date, kind, n)
    left join delivery_slots s on s.date = w.date and s.kind = w.kind
    left join (
      select slot_date, slot_kind, count(*) as orders from orders
      where state = 'confirmed' and slot_date >= ${days.ahead[0]} and slot_date <= ${days.ahead.at(-1)}
      group by slot_date, slot_kind
    ) o on o.slot_date = w.date and o.slot_kind = w.kind
    order by w.n`);
  return (result as unknown as { rows: { date: string; kind: SlotKind; capacity: number; orders: number; booked: number }[] }).rows.map((r) => ({
    date: r.date,
    kind: r.kind,
    orders: Number(r.orders),
    booked: Number(r.booked),
    capacity: Number(r.capacity),
  }));
};

/**
 * The items sold most (units) in orders placed in the days looked back, with what they sold for:
 * a weighed line at its weighed price, less the line's share of a coupon. (The day's sales are
 * orders' totals, with their delivery fees: the two are not meant to add up.)
 */
const products_: Reader<"products"> = (db, days) =>
  db
    .select({
      internalReference: variants.internalReference,
      title: products.title,
      attribute: variants.attribute,
      units: int(sql`sum(${orderLines.quantity})`),
      salesPaise: paise(sql`sum(coalesce(${orderLines.weighedPaise}, ${orderLines.unitPricePaise} * ${orderLines.quantity}) - coalesce(${orderLines.discountPaise}, 0))`),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(orders.state, "confirmed"), gte(orders.placedAt, shopDayStart(days.since))))
    .groupBy(variants.id, products.id)
    .orderBy(desc(sql`sum(${orderLines.quantity})`), asc(products.title), asc(variants.id))
    .limit(RANKED_ROWS.products);

/** Items on sale with fewer left to sell than their low-stock level (their own, or the shop's), the fewest first. */
const stock: Reader<"stock"> = (db) => {
  const threshold = sql<number>`coalesce(${variants.lowStockBelow}, ${LOW_STOCK_THRESHOLD_DEFAULT})`;
  return db
    .select({ internalReference: variants.internalReference, title: products.title, attribute: variants.attribute, available: variants.inventoryStock, threshold: int(threshold) })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.inStock, true), lt(variants.inventoryStock, threshold)))
    .orderBy(asc(variants.inventoryStock), asc(products.title), asc(variants.id))
    .limit(RANKED_ROWS.stock);
};

/**
 * By day: online payments whose last attempt failed and that were never paid (by `failed_at`, the
 * day of that failure; a payment retried and paid is not one), and refunds asked for (by the day
 * asked, Razorpay's failed ones aside). One query.
 */
const payments_: Reader<"payments"> = async (db, days) => {
  const since = shopDayStart(days.since);
  const failedDay = shopDay(payments.failedAt);
  const refundDay = shopDay(refunds.createdAt);
  const failed = db
    .select({ day: failedDay, failed: int(sql`count(*)`), refunds: int(sql`0`), refundedPaise: paise(sql`0`) })
    .from(payments)
    .where(and(isNotNull(payments.failureReason), isNull(payments.paidAt), gte(payments.failedAt, since)))
    .groupBy(failedDay);
  const refunded = db
    .select({ day: refundDay, failed: int(sql`0`), refunds: int(sql`count(*)`), refundedPaise: paise(sql`sum(${refunds.amountPaise})`) })
    .from(refunds)
    .where(and(sql`${refunds.status} <> 'failed'`, gte(refunds.createdAt, since)))
    .groupBy(refundDay);
  const rows = await failed.unionAll(refunded);
  const byDay = new Map<string, WidgetRows["payments"][number]>();
  for (const r of rows) {
    const seen = byDay.get(r.day) ?? { day: r.day, failed: 0, refunds: 0, refundedPaise: 0 };
    byDay.set(r.day, { day: r.day, failed: seen.failed + r.failed, refunds: seen.refunds + r.refunds, refundedPaise: seen.refundedPaise + r.refundedPaise });
  }
  return everyDay(days, [...byDay.values()], (d) => ({ day: d, failed: 0, refunds: 0, refundedPaise: 0 }));
};

/** The items most shoppers wait for with 'Notify Me' (requests neither sent nor cancelled). */
const demand: Reader<"demand"> = (db) =>
  db
    .select({
      internalReference: variants.internalReference,
      title: products.title,
      attribute: variants.attribute,
      waiting: int(sql`count(*)`),
      available: variants.inventoryStock,
    })
    .from(stockRequests)
    .innerJoin(variants, eq(variants.id, stockRequests.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(isNull(stockRequests.notifiedAt), isNull(stockRequests.cancelledAt)))
    .groupBy(variants.id, products.id)
    .orderBy(desc(sql`count(*)`), asc(products.title), asc(variants.id))
    .limit(RANKED_ROWS.demand);

const READERS: { [K in WidgetKey]: Reader<K> } = { sales, slots, products: products_, stock, payments: payments_, demand };

/** One widget's rows, by one query. */
export function widgetRows<K extends WidgetKey>(db: Db, key: K, days: DashboardDays): Promise<WidgetRows[K]> {
  return (READERS[key] as Reader<K>)(db, days);
}
