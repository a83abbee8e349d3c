// Cancelling an order (Specification: Orders; issue 14): from an order's page, 'Your Orders' or the
// JSON API. The Shop cancels it in one transaction (stock back, slot freed, the refund of a
// prepaid order recorded); then its own refund is asked of Razorpay (the background sweep
// retries it if Razorpay does not answer) and the shopper is mailed.
import type { Locale } from "../../domain/i18n/locale.ts";
import { orderCancelledMail } from "../../domain/order-mail.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

export interface Cancelled {
  /** What the shopper is told. */
  message: string;
  /** A refund of the payment was recorded. */
  refunding: boolean;
}

/** `locale`: the page's language (issue 27), for the mail. */
export async function cancelOrder(shop: Shop, customer: Customer, orderId: number, locale?: Locale): Promise<Cancelled> {
  const { refundId } = await shop.orders.cancel(customer, orderId);
  // This order's refund only, never another's: the rest are the sweep's.
  if (refundId !== null) await shop.payments.sendRefund(refundId);
  await mailOrder(shop, customer, orderId, orderCancelledMail, locale, "cancelled");
  return { refunding: refundId !== null, message: refundId !== null ? `${ORDER_MESSAGES.cancelled} ${ORDER_MESSAGES.refundInitiated}` : ORDER_MESSAGES.cancelled };
}
