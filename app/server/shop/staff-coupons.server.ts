// Coupons as staff keep them (issue 14): the list with each coupon's use, a new coupon, its
// limits and dates, and switching it off or on. Each change and its staff_audit row are one
// transaction: a refused change (a taken code) writes neither.
import { and, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { datesInOrder, maximumAllowed, STAFF_COUPON_MESSAGES } from "../../domain/staff-coupon.ts";
import type { CouponLimits, NewCoupon } from "../../domain/staff-coupon-view.ts";
import type { Db } from "../db/client.server.ts";
import { coupons, orders, type CouponRow } from "../db/schema.server.ts";
import { COUPON_USING_STATES, toRule, type Conn } from "./coupons.server.ts";
import { ShopError, type StaffCouponsPort, type StaffCouponView } from "./port.server.ts";
import { audit } from "./audit.server.ts";

/** Orders by coupon, counted as couponUsage counts them (COUPON_USING_STATES). */
async function usedBy(conn: Conn, ids?: number[]): Promise<Map<number, number>> {
  const rows = await conn
    .select({ id: orders.couponId, n: count() })
    .from(orders)
    .where(and(isNotNull(orders.couponId), inArray(orders.state, [...COUPON_USING_STATES]), ids ? inArray(orders.couponId, ids) : undefined))
    .groupBy(orders.couponId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}

function view(row: CouponRow, used: number): StaffCouponView {
  // The rule as the cart reads it (toRule), with what staff see beside it.
  return { ...toRule(row), id: row.id, description: row.description, used, createdAt: row.createdAt };
}

/** What the audit keeps of a coupon: its rule and standing. */
function snapshot(row: CouponRow) {
  const { id: _id, createdAt: _createdAt, ...rest } = row;
  return rest;
}

async function locked(tx: Conn, id: number): Promise<CouponRow> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
  if (!row) throw new ShopError("not_found", STAFF_COUPON_MESSAGES.notFound);
  return row;
}

function checkDates(limits: Pick<CouponLimits, "startsAt" | "endsAt">) {
  if (!datesInOrder(limits)) throw new ShopError("invalid", STAFF_COUPON_MESSAGES.endsBeforeStarts);
}

export function createStaffCoupons(db: Db): StaffCouponsPort {
  return {
    async list() {
      const [rows, used] = await Promise.all([db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)), usedBy(db)]);
      return rows.map((r) => view(r, used.get(r.id) ?? 0));
    },

    create: (staffId, coupon: NewCoupon) =>
      db.transaction(async (tx) => {
        checkDates(coupon);
        const [row] = await tx.insert(coupons).values(coupon).onConflictDoNothing({ target: coupons.code }).returning();
        if (!row) throw new ShopError("conflict", STAFF_COUPON_MESSAGES.duplicate(coupon.code));
        await audit(tx, { staffId, action: "coupon.create", entity: "coupon", entityId: row.id, after: snapshot(row) });
        return view(row, 0);
      }),

    update: (staffId, id, limits) =>
      db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (!maximumAllowed(before.kind, limits.maxDiscountPaise)) throw new ShopError("invalid", STAFF_COUPON_MESSAGES.flatMax);
        checkDates(limits);
        const [after] = await tx
          .update(coupons)
          .set({
            description: limits.description,
            minSubtotalPaise: limits.minSubtotalPaise,
            maxDiscountPaise: limits.maxDiscountPaise,
            startsAt: limits.startsAt,
            endsAt: limits.endsAt,
            usageLimit: limits.usageLimit,
            perCustomerLimit: limits.perCustomerLimit,
          })
          .where(eq(coupons.id, id))
          .returning();
        await audit(tx, { staffId, action: "coupon.update", entity: "coupon", entityId: id, before: snapshot(before), after: snapshot(after!) });
        return view(after!, (await usedBy(tx, [id])).get(id) ?? 0);
      }),

    setActive: (staffId, id, active) =>
      db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.active === active) return { code: before.code, changed: false };
        await tx.update(coupons).set({ active }).where(eq(coupons.id, id));
        await audit(tx, { staffId, action: active ? "coupon.on" : "coupon.off", entity: "coupon", entityId: id, before: { active: before.active }, after: { active } });
        return { code: before.code, changed: true };
      }),
  };
}
