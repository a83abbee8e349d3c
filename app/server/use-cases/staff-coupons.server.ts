// Staff: the coupons (issue 14). A coupon's rules (its dates in order, a flat coupon's maximum)
// are domain/staff-coupon.ts's, checked by the form and again by the Shop with the row locked;
// every change writes the staff audit row in its transaction.
import type { Shop, StaffCouponsPort } from "../shop/port.server.ts";

export function createCoupon(shop: Shop, ...args: Parameters<StaffCouponsPort["create"]>): ReturnType<StaffCouponsPort["create"]> {
  return shop.coupons.create(...args);
}

export function updateCoupon(shop: Shop, ...args: Parameters<StaffCouponsPort["update"]>): ReturnType<StaffCouponsPort["update"]> {
  return shop.coupons.update(...args);
}

/** Turns a coupon on or off. */
export function setCouponActive(shop: Shop, ...args: Parameters<StaffCouponsPort["setActive"]>): ReturnType<StaffCouponsPort["setActive"]> {
  return shop.coupons.setActive(...args);
}
