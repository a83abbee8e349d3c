// Cancelling an order from 'Your Orders' (/orders and /myaccount/orders, transactions §2).
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { recordId } from "../../domain/form-fields.ts";
import { z } from "zod";
import { defineForm, intent } from "./pipeline.server.ts";
import { orderCancelledMail } from "../../domain/order-mail.ts";
import { mailOrder } from "../mail/order-mail.server.ts";

export const ordersForm = defineForm({
  action: "/orders",
  intents: {
    cancel: intent(z.object({ order: recordId(ORDER_MESSAGES.notFound) }), async ({ shop, customer, value }) => {
      const { refundId } = await shop.orders.cancel(customer, value.order);
      // Paid online: the refund is recorded with the cancel; Razorpay is asked now (and again by
      // the server's sweep if it does not answer), never twice for one payment.
      if (refundId !== null) await shop.payments.sendRefunds();
      await mailOrder(shop, customer, value.order, orderCancelledMail);
      return { toast: { type: "success", message: refundId !== null ? `${ORDER_MESSAGES.cancelled} ${ORDER_MESSAGES.refundInitiated}` : ORDER_MESSAGES.cancelled } };
    }),
  },
});
