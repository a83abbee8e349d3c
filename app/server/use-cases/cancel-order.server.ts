// Cancelling an order (Specification: Orders; issue 14): from an order's page, 'Your Orders' or the
// JSON API. Whether it may be cancelled is decided here, for every back end (issue 42: the ERP's
// adapter had no such check): the shopper's order, not cancelled, not yet packed (canCancel).
// The Shop then cancels it in one transaction (stock back, slot freed, the refund of a prepaid
// order recorded; the embedded one asks canCancel again with the row locked, so a staff member
// packing it meanwhile wins); then its own refund is asked of Razorpay (the background sweep
// retries it if Razorpay does not answer) and the shopper is mailed.
import type { Locale } from "../../domain/i18n/locale.ts";
import { orderCancelledMail } from "../../domain/order-mail.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { canCancel, LIFE_MESSAGES } from "../../domain/order-life.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

export interface Cancelled {
  /** What the shopper is told. */
  message: string;
  /** A refund of the payment was recorded. */
  refunding: boolean;
}

/** `locale`: the page's language (issue 27), for the mail. */
export async function cancelOrder(shop: Shop, customer: Customer, orderId: number, locale?: Locale): Promise<Cancelled> {
  const order = await shop.orders.get(customer, orderId);
  if (!order) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
  if (order.state === "cancelled") throw new ShopError("conflict", ORDER_MESSAGES.alreadyCancelled);
  if (!canCancel(order.stage, false)) throw new ShopError("conflict", LIFE_MESSAGES.tooLateToCancel);
  const { refundId } = await shop.orders.cancel(customer, orderId);
  // This order's refund only, never another's: the rest are the sweep's.
  if (refundId !== null) await shop.payments.sendRefund(refundId);
  await mailOrder(shop, customer, orderId, orderCancelledMail, locale, "cancelled");
  return { refunding: refundId !== null, message: refundId !== null ? `${ORDER_MESSAGES.cancelled} ${ORDER_MESSAGES.refundInitiated}` : ORDER_MESSAGES.cancelled };
}
