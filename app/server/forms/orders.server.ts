// The shopper's orders (transactions §2; issue 14): cancelling from 'Your Orders' or an order's
// page, moving its delivery slot, and buying its lines again.
import { z } from "zod";
import { DELIVERY_MESSAGES, parseSlot } from "../../domain/delivery.ts";
import { recordId } from "../../domain/form-fields.ts";
import { orderCancelledMail } from "../../domain/order-mail.ts";
import { LIFE_MESSAGES } from "../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { ShopError } from "../shop/port.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

const order = z.object({ order: recordId(ORDER_MESSAGES.notFound) });

export const ordersForm = defineForm({
  action: "/orders",
  intents: {
    cancel: intent(order, async ({ shop, customer, value }) => {
      const { refundId } = await shop.orders.cancel(customer, value.order);
      // Paid online: the refund is recorded with the cancel; Razorpay is asked now (and again by
      // the server's sweep if it does not answer), never twice for one payment.
      if (refundId !== null) await shop.payments.sendRefunds();
      await mailOrder(shop, customer, value.order, orderCancelledMail);
      return { toast: { type: "success", message: refundId !== null ? `${ORDER_MESSAGES.cancelled} ${ORDER_MESSAGES.refundInitiated}` : ORDER_MESSAGES.cancelled } };
    }),
    "change-slot": intent(
      order.extend({
        slot: z
          .string({ error: DELIVERY_MESSAGES.chooseSlot })
          .transform((v, ctx) => parseSlot(v) ?? (ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.chooseSlot }), z.NEVER)),
      }),
      async ({ shop, customer, value }) => {
        await shop.orders.changeSlot(customer, value.order, value.slot);
        return { toast: { type: "success", message: LIFE_MESSAGES.slotChanged } };
      },
    ),
    // Puts the order's lines that are still sold into the cart, by the same rules as any add.
    "buy-again": intent(order, async ({ shop, customer, value }) => {
      const placed = await shop.orders.get(customer, value.order);
      if (!placed) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
      const { added, refused } = await shop.cart.addMany(
        customer,
        placed.lines.map((l) => ({ internalReference: l.internalReference, quantity: l.quantity, label: l.title })),
      );
      const gone = refused.map((r) => r.label);
      const warnings = added.flatMap((c) => (c.warning ? [`${c.title}: ${c.warning}`] : []));
      if (gone.length === placed.lines.length) throw new ShopError("conflict", LIFE_MESSAGES.notSoldAnyMore(gone));
      const message = [LIFE_MESSAGES.boughtAgain, ...warnings, ...(gone.length ? [LIFE_MESSAGES.notSoldAnyMore(gone)] : [])].join(" ");
      return { to: "/addtocart", toast: { type: gone.length || warnings.length ? "warning" : "success", message } };
    }),
  },
});
