// Applying and removing a coupon (Specification: Coupons): the cart page's form and the JSON API.
// Whether a coupon applies (dates, minimum, limits) is app/domain/coupon.ts, checked by the
// Shop's cart against the cart and the orders that used it. Whether it was on the cart already
// (its own message) is decided here, for both back ends (issue 42: each adapter decided it, the
// ERP's by comparing the ERP's message text).
import { COUPON_MESSAGES, normalizeCouponCode } from "../../domain/coupon.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

export type CouponApplied = { kind: "empty" } | { kind: "applied"; code: string; already: boolean; message: string };

/**
 * Applies a typed code to the customer's cart. An empty code changes nothing (`empty`: the page
 * says nothing, the API calls it invalid). `cartId`, when the caller names one, must be the cart.
 */
export async function applyCoupon(shop: Shop, customer: Customer, input: { code: string; cartId?: number }): Promise<CouponApplied> {
  if (input.cartId !== undefined && input.cartId !== (await shop.cart.get(customer)).id) throw new ShopError("invalid", ORDER_MESSAGES.invalidCart);
  const code = normalizeCouponCode(input.code);
  if (!code) return { kind: "empty" };
  const before = await shop.cart.get(customer);
  const applied = await shop.cart.applyCoupon(customer, code);
  const already = before.coupon?.code === applied.code;
  return { kind: "applied", code: applied.code, already, message: already ? COUPON_MESSAGES.alreadyApplied : COUPON_MESSAGES.applied };
}

/** Takes the coupon off the customer's cart: there must be one, and it must be `cartId` when the caller names one. */
export async function removeCoupon(shop: Shop, customer: Customer, input: { cartId?: number } = {}): Promise<{ message: string }> {
  const cart = await shop.cart.get(customer);
  if (cart.id === null || (input.cartId !== undefined && cart.id !== input.cartId)) throw new ShopError("invalid", COUPON_MESSAGES.cartIdMissing);
  await shop.cart.removeCoupon(customer);
  return { message: COUPON_MESSAGES.removed };
}
