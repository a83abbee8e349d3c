// How staff see a coupon (issue 14, decision 036): its limits as the table keeps them, its days
// as date inputs show them, and its discount and dates in words. No zod, so the staff's pages
// ship none of it (the forms are checked on the server: app/domain/staff-coupon.ts).
import type { CouponRule } from "./coupon.ts";
import { shopDate } from "./delivery.ts";
import { formatRupees } from "./money.ts";

export const COUPON_CODE_MAX = 40;
export const COUPON_DESCRIPTION_MAX = 200;

/** The fields both coupon forms set. */
export type LimitField = "description" | "min_subtotal" | "max_discount" | "starts_on" | "ends_on" | "usage_limit" | "per_customer_limit";

/** What staff may change on a coupon after it is made: its description, limits and dates (the rule's own fields). */
export type CouponLimits = Pick<CouponRule, "minSubtotalPaise" | "maxDiscountPaise" | "startsAt" | "endsAt" | "usageLimit" | "perCustomerLimit"> & { description: string };

/** A new coupon: its code, kind and value, and its limits. */
export type NewCoupon = CouponLimits & Pick<CouponRule, "code" | "kind" | "value">;

/** The instant a shop day starts (midnight, India Standard Time). */
export function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

/** The first day a coupon runs, as a date input shows it; null when it has no start. */
export function firstDayOf(startsAt: Date | null): string | null {
  return startsAt ? shopDate(startsAt) : null;
}

/** The last day a coupon runs (its end is the first instant it no longer does); null when it has no end. */
export function lastDayOf(endsAt: Date | null): string | null {
  return endsAt ? shopDate(new Date(endsAt.getTime() - 1)) : null;
}

/** The edit form's fields as they are now. */
export function couponFormValues(c: CouponLimits): Record<LimitField, string> {
  return {
    description: c.description,
    min_subtotal: c.minSubtotalPaise ? String(c.minSubtotalPaise / 100) : "",
    max_discount: c.maxDiscountPaise === null ? "" : String(c.maxDiscountPaise / 100),
    starts_on: firstDayOf(c.startsAt) ?? "",
    ends_on: lastDayOf(c.endsAt) ?? "",
    usage_limit: c.usageLimit === null ? "" : String(c.usageLimit),
    per_customer_limit: c.perCustomerLimit === null ? "" : String(c.perCustomerLimit),
  };
}

/** "10% off, up to ₹200" or "₹100 off". */
export function discountLabel(c: Pick<CouponRule, "kind" | "value" | "maxDiscountPaise">): string {
  if (c.kind === "flat") return `${formatRupees(c.value)} off`;
  return c.maxDiscountPaise === null ? `${c.value}% off` : `${c.value}% off, up to ${formatRupees(c.maxDiscountPaise)}`;
}

const dayFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "24 Nov 2026 to 30 Nov 2026", "from 24 Nov 2026", "until 30 Nov 2026" or "always". */
export function runsLabel(c: Pick<CouponLimits, "startsAt" | "endsAt">): string {
  const show = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));
  const first = firstDayOf(c.startsAt);
  const last = lastDayOf(c.endsAt);
  if (first && last) return `${show(first)} to ${show(last)}`;
  if (first) return `from ${show(first)}`;
  if (last) return `until ${show(last)}`;
  return "always";
}
