// Coupon rules (Specification: Coupons and Transaction failure messages): a coupon is data; whether it applies to a
// cart, and for how much, is decided here. Discounts are whole rupees.
import { say } from "./i18n/messages.ts";
import { downToRupee, formatRupees } from "./money.ts";

export const COUPON_MESSAGES = {
  applied: /*i18n*/ "Coupon applied successfully",
  invalid: /*i18n*/ "Invalid coupon code",
  alreadyApplied: /*i18n*/ "Coupon already applied",
  removed: /*i18n*/ "Coupon removed",
  cartIdMissing: /*i18n*/ "Cart ID missing. Please try again.",
  expired: /*i18n*/ "This coupon has expired.",
  notYet: /*i18n*/ "This coupon is not active yet.",
  usedUp: /*i18n*/ "This coupon has reached its usage limit.",
  usedByYou: /*i18n*/ "You have already used this coupon.",
  emptyCart: /*i18n*/ "Add items to your cart before applying a coupon.",
  /** Before the reason, when a change to the cart took the coupon off. */
  droppedPrefix: /*i18n*/ "Your coupon was removed:",
} as const;

export function minimumMessage(minSubtotalPaise: number): string {
  return say(/*i18n*/ "This coupon needs a cart of at least {amount}.", { amount: formatRupees(minSubtotalPaise) });
}

export interface CouponRule {
  code: string;
  kind: "percent" | "flat";
  /** Percent (1 to 100) or paise. */
  value: number;
  minSubtotalPaise: number;
  maxDiscountPaise: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
}

export interface CouponUsage {
  /** Orders that hold a use of it (placed, or waiting for their payment), everyone's. */
  total: number;
  /** The same, of this customer. */
  byCustomer: number;
}

export type CouponCheck = { ok: true; discountPaise: number } | { ok: false; reason: string };

/** Trimmed and upper-cased; empty means 'do nothing'. */
export function normalizeCouponCode(raw: string | null | undefined): string {
  return (raw ?? "").trim().toUpperCase();
}

export function evaluateCoupon(rule: CouponRule | null, cart: { subtotalPaise: number; now: Date; usage: CouponUsage }): CouponCheck {
  if (!rule || !rule.active) return { ok: false, reason: COUPON_MESSAGES.invalid };
  if (cart.subtotalPaise <= 0) return { ok: false, reason: COUPON_MESSAGES.emptyCart };
  if (rule.startsAt && cart.now < rule.startsAt) return { ok: false, reason: COUPON_MESSAGES.notYet };
  if (rule.endsAt && cart.now >= rule.endsAt) return { ok: false, reason: COUPON_MESSAGES.expired };
  if (rule.usageLimit !== null && cart.usage.total >= rule.usageLimit) return { ok: false, reason: COUPON_MESSAGES.usedUp };
  if (rule.perCustomerLimit !== null && cart.usage.byCustomer >= rule.perCustomerLimit) return { ok: false, reason: COUPON_MESSAGES.usedByYou };
  if (cart.subtotalPaise < rule.minSubtotalPaise) return { ok: false, reason: minimumMessage(rule.minSubtotalPaise) };
  const discount = couponDiscount(rule, cart.subtotalPaise);
  return discount > 0 ? { ok: true, discountPaise: discount } : { ok: false, reason: COUPON_MESSAGES.invalid };
}

/** What the coupon takes off `subtotalPaise` by its rule alone (no dates, limits or minimum): whole rupees, never more than the subtotal. */
export function couponDiscount(rule: Pick<CouponRule, "kind" | "value" | "maxDiscountPaise">, subtotalPaise: number): number {
  let discount = rule.kind === "percent" ? (subtotalPaise * rule.value) / 100 : rule.value;
  if (rule.maxDiscountPaise !== null) discount = Math.min(discount, rule.maxDiscountPaise);
  return Math.max(0, Math.min(downToRupee(discount), subtotalPaise));
}
