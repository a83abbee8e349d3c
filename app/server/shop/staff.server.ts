// The staff side's reads and checks (issue 14): who is staff, and the orders of a day by slot.
// Changes staff make go through the aggregates that own them, each writing its audit row in
// its own transaction (orders.advance).
import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../../domain/order-search.ts";
import { normalizeEmail } from "../../domain/account.ts";
import { SLOT_KINDS, slotLabel, type SlotKind } from "../../domain/delivery.ts";
import type { Stage } from "../../domain/order-life.ts";
import type { Db } from "../db/client.server.ts";
import { customers, orderLines, orders, pickTicks, products, variants } from "../db/schema.server.ts";
import { audit } from "./audit.server.ts";
import { widgetRows } from "./dashboard.server.ts";
import { customerOfOrder } from "./order-rows.server.ts";
import { ShopError, type Customer, type StaffOrderRow, type StaffPort } from "./port.server.ts";
import { PICK_MESSAGES } from "../../domain/picking.ts";

export function createStaff(db: Db, { staffEmails = [] }: { staffEmails?: readonly string[] } = {}): StaffPort {
  const listed = new Set(staffEmails.map(normalizeEmail));
  return {
    async isStaff(customer: Customer) {
      const [row] = await db.select({ role: customers.role, email: customers.email, confirmed: customers.emailVerifiedAt }).from(customers).where(eq(customers.id, customer.id));
      // Whoever signs up with a listed address is not staff until the mailbox is proved theirs (decision 047).
      return Boolean(row?.confirmed) && (row!.role === "staff" || (row!.email !== null && listed.has(row!.email)));
    },

    async makeStaff(email: string) {
      const [account] = await db
        .select({ id: customers.id, confirmed: customers.emailVerifiedAt })
        .from(customers)
        .where(eq(customers.email, normalizeEmail(email)));
      if (!account) return "no_account";
      if (!account.confirmed) return "unconfirmed";
      await db.update(customers).set({ role: "staff" }).where(eq(customers.id, account.id));
      await audit(db, { staffId: null, action: "staff.add", entity: "customer", entityId: account.id, after: { role: "staff" } });
      return "made";
    },

    ordersOn: (date, stage) => staffOrders(db, and(eq(orders.slotDate, date), stage ? eq(orders.stage, stage) : undefined), { limit: null }),

    findOrders: (query, limit) => {
      const phoneDigits = sql`right(regexp_replace(coalesce(${orders.deliveryAddress}->>'phone', ''), '[^0-9]', '', 'g'), 10)`;
      const matches = or(
        query.number !== null ? eq(orders.orderNumber, query.number) : undefined,
        query.phone !== null ? sql`${phoneDigits} = ${query.phone}` : undefined,
        query.pin !== null ? sql`${orders.deliveryAddress}->>'zip' = ${query.pin}` : undefined,
        query.name !== null ? sql`${orders.deliveryAddress}->>'name' ilike ${containsPattern(query.name)}` : undefined,
      );
      return matches ? staffOrders(db, matches, { limit }) : Promise.resolve([]);
    },

    async nextDeliveryDay(from) {
      const [row] = await db
        .select({ date: sql<string | null>`min(${orders.slotDate})` })
        .from(orders)
        .where(and(eq(orders.state, "confirmed"), sql`coalesce(${orders.stage}, 'placed') <> 'delivered'`, gte(orders.slotDate, from)));
      return row?.date ?? null;
    },

    async pickList(slot) {
      const inSlot = and(eq(orders.slotDate, slot.date), eq(orders.slotKind, slot.kind), eq(orders.state, "confirmed"));
      const [lines, ticks] = await Promise.all([
        db
          .select({
            variantId: variants.id,
            title: products.title,
            attribute: variants.attribute,
            internalReference: variants.internalReference,
            shelf: products.categoryPath,
            units: sql<number>`sum(${orderLines.quantity})::int`,
            orders: sql<number>`count(distinct ${orders.id})::int`,
            estimateGrams: sql<number | null>`sum(${orderLines.quantity} * ${orderLines.weightUnitGrams})::int`,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .innerJoin(variants, eq(variants.id, orderLines.variantId))
          .innerJoin(products, eq(products.id, variants.productId))
          .where(inSlot)
          .groupBy(variants.id, products.id)
          // By shelf: category, then subcategory, then the item, as a picker walks the aisles.
          .orderBy(asc(products.categoryPath), sql`${products.subSlug} nulls first`, asc(products.title), asc(variants.id)),
        db
          .select({ variantId: pickTicks.variantId, at: pickTicks.pickedAt, by: customers.name })
          .from(pickTicks)
          .leftJoin(customers, eq(customers.id, pickTicks.pickedBy))
          .where(and(eq(pickTicks.date, slot.date), eq(pickTicks.kind, slot.kind))),
      ]);
      const ticked = new Map(ticks.map((t) => [t.variantId, { by: t.by, at: t.at }]));
      return lines.map((l) => ({ ...l, estimateGrams: l.estimateGrams ?? null, picked: ticked.get(l.variantId) ?? null }));
    },

    async tickPicked(slot, variantId, picked, by) {
      const [onList] = await db
        .select({ title: products.title, attribute: variants.attribute })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(variants, eq(variants.id, orderLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(orders.slotDate, slot.date), eq(orders.slotKind, slot.kind), eq(orders.state, "confirmed"), eq(orderLines.variantId, variantId)))
        .limit(1);
      if (!onList) throw new ShopError("not_found", PICK_MESSAGES.notOnList);
      if (picked) await db.insert(pickTicks).values({ date: slot.date, kind: slot.kind, variantId, pickedBy: by }).onConflictDoNothing();
      else await db.delete(pickTicks).where(and(eq(pickTicks.date, slot.date), eq(pickTicks.kind, slot.kind), eq(pickTicks.variantId, variantId)));
      return { title: `${onList.title} (${onList.attribute})` };
    },

    customerOfOrder: (orderId: number) => customerOfOrder(db, orderId),

    figures: (key, days) => widgetRows(db, key, days),
  };
}

/**
 * The placed (or cancelled) orders matching `where`, as staff's lists show them: by day, then slot,
 * then order. Each with its item count and whether its money is in, in the one query.
 */
async function staffOrders(db: Db, where: SQL | undefined, { limit }: { limit: number | null }): Promise<StaffOrderRow[]> {
  const query = db
    .select({
      id: orders.id,
      number: orders.orderNumber,
      state: orders.state,
      stage: orders.stage,
      slotDate: orders.slotDate,
      slotKind: orders.slotKind,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      address: orders.deliveryAddress,
      items: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
      paidOnline: sql<boolean>`exists(select 1 from payments p where p.order_id = "orders"."id" and p.method = 'razorpay' and p.status in ('captured', 'refunded'))`,
    })
    .from(orders)
    .where(and(inArray(orders.state, ["confirmed", "cancelled"]), where))
    // A search shows the latest deliveries first; a day's list is read in slot order below.
    .orderBy(sql`${orders.slotDate} desc nulls last`, desc(orders.id));
  const rows = await (limit === null ? query : query.limit(limit));
  const bySlot = (k: SlotKind | null) => (k === null ? SLOT_KINDS.length : SLOT_KINDS.indexOf(k));
  return rows
    .sort((a, b) => (b.slotDate ?? "").localeCompare(a.slotDate ?? "") || bySlot(a.slotKind) - bySlot(b.slotKind) || a.id - b.id)
    .map((r): StaffOrderRow => ({
      id: r.id,
      number: r.number!,
      cancelled: r.state === "cancelled",
      stage: (r.stage ?? "placed") as Stage,
      slot: r.slotDate && r.slotKind ? slotLabel({ date: r.slotDate, kind: r.slotKind }) : "No slot",
      slotKind: r.slotKind,
      date: r.slotDate,
      totalPaise: r.totalPaise ?? 0,
      paymentMethod: r.paymentMethod ?? "cod",
      paidOnline: Boolean(r.paidOnline),
      name: r.address?.name ?? "",
      phone: r.address?.phone ?? "",
      zip: r.address?.zip ?? "",
      items: r.items,
    }));
}
