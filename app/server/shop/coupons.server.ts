// Coupons as the embedded Shop keeps them: the rule rows, their usage by placed orders,
// and the check of a draft order's coupon against the cart as it is now.
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { evaluateCoupon, type CouponCheck, type CouponRule } from "../../domain/coupon.ts";
import type { Db } from "../db/client.server.ts";
import { coupons, orders, type CouponRow } from "../db/schema.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Conn = Db | Tx;

export function toRule(row: CouponRow): CouponRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalPaise: row.minSubtotalPaise,
    maxDiscountPaise: row.maxDiscountPaise,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
  };
}

export async function couponByCode(tx: Conn, code: string, lock = false): Promise<CouponRow | null> {
  const q = tx.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/**
 * The orders that count as a use of their coupon (issue 24): placed and not cancelled, and
 * those placed for online payment still waiting for it (their stock and their coupon are held).
 * A cancelled order, and one whose payment never came (lapsed, or back to a cart), gives its
 * use back. The staff's coupon list counts by the same states.
 */
export const COUPON_USING_STATES = ["confirmed", "awaiting_payment"] as const;

/** The orders that used the coupon, everyone's and this customer's (`except`: leaving one order out). */
export async function couponUsage(tx: Conn, couponId: number, customerId: number, except?: number) {
  const using = and(eq(orders.couponId, couponId), inArray(orders.state, [...COUPON_USING_STATES]), except === undefined ? undefined : ne(orders.id, except));
  const [total] = await tx.select({ n: count() }).from(orders).where(using);
  const [mine] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(using, eq(orders.customerId, customerId)));
  return { total: Number(total?.n ?? 0), byCustomer: Number(mine?.n ?? 0) };
}

export async function checkCoupon(tx: Conn, row: CouponRow | null, customerId: number, subtotalPaise: number, now = new Date(), except?: number): Promise<CouponCheck> {
  const usage = row ? await couponUsage(tx, row.id, customerId, except) : { total: 0, byCustomer: 0 };
  return evaluateCoupon(row ? toRule(row) : null, { subtotalPaise, now, usage });
}

/** Seeds the demo coupons (README lists them) when there are none. */
export async function seedDemoCoupons(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(coupons);
  if (Number(existing?.n ?? 0) > 0) return;
  await db.insert(coupons).values([
    { code: "WELCOME10", description: "10% off your first order, up to ₹200", kind: "percent", value: 10, maxDiscountPaise: 20_000, perCustomerLimit: 1 },
    { code: "HAAT100", description: "₹100 off orders of ₹999 or more", kind: "flat", value: 10_000, minSubtotalPaise: 99_900 },
    { code: "FESTIVE15", description: "15% off orders of ₹1,500 or more, up to ₹500", kind: "percent", value: 15, minSubtotalPaise: 150_000, maxDiscountPaise: 50_000, usageLimit: 500 },
    { code: "MONSOON20", description: "An ended monsoon offer", kind: "percent", value: 20, endsAt: new Date("2026-09-30T18:29:59Z") },
  ]);
}
