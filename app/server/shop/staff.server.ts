// The staff side's reads and checks (issue 14): who is staff, and the orders of a day by slot.
// Changes staff make go through the aggregates that own them, each writing its audit row in
// its own transaction (orders.advance).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { normalizeEmail } from "../../domain/account.ts";
import { SLOT_KINDS, slotLabel, type SlotKind } from "../../domain/delivery.ts";
import type { Stage } from "../../domain/order-life.ts";
import type { Db } from "../db/client.server.ts";
import { customers, orders } from "../db/schema.server.ts";
import { audit } from "./audit.server.ts";
import { customerOfOrder } from "./order-rows.server.ts";
import type { Customer, StaffOrderRow, StaffPort } from "./port.server.ts";

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

    async ordersOn(date: string, stage: Stage | null) {
      const rows = await db
        .select({
          id: orders.id,
          number: orders.orderNumber,
          state: orders.state,
          stage: orders.stage,
          slotKind: orders.slotKind,
          totalPaise: orders.totalPaise,
          paymentMethod: orders.paymentMethod,
          address: orders.deliveryAddress,
          items: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
          paidOnline: sql<boolean>`exists(select 1 from payments p where p.order_id = "orders"."id" and p.method = 'razorpay' and p.status in ('captured', 'refunded'))`,
        })
        .from(orders)
        .where(and(eq(orders.slotDate, date), inArray(orders.state, ["confirmed", "cancelled"]), stage ? eq(orders.stage, stage) : undefined))
        .orderBy(asc(orders.id));
      const bySlot = (k: SlotKind | null) => (k === null ? SLOT_KINDS.length : SLOT_KINDS.indexOf(k));
      return rows
        .sort((a, b) => bySlot(a.slotKind) - bySlot(b.slotKind) || a.id - b.id)
        .map((r): StaffOrderRow => ({
          id: r.id,
          number: r.number!,
          cancelled: r.state === "cancelled",
          stage: (r.stage ?? "placed") as Stage,
          slot: r.slotKind ? slotLabel({ date, kind: r.slotKind }) : "No slot",
          slotKind: r.slotKind,
          totalPaise: r.totalPaise ?? 0,
          paymentMethod: r.paymentMethod ?? "cod",
          paidOnline: Boolean(r.paidOnline),
          name: r.address?.name ?? "",
          phone: r.address?.phone ?? "",
          zip: r.address?.zip ?? "",
          items: r.items,
        }));
    },

    customerOfOrder: (orderId: number) => customerOfOrder(db, orderId),
  };
}
