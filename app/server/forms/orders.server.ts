// The shopper's orders (Specification: Orders; issue 14): cancelling from 'Your Orders' or an order's
// page, moving its delivery slot, and buying its lines again.
import { z } from "zod";
import { DELIVERY_MESSAGES, parseSlot } from "../../domain/delivery.ts";
import { recordId } from "../../domain/form-fields.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { i18nOf } from "../i18n.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

const order = z.object({ order: recordId(ORDER_MESSAGES.notFound) });

export const ordersForm = defineForm({
  action: "/orders",
  intents: {
    cancel: intent(order, async ({ useCases, customer, value, request }) => {
      const i18n = i18nOf(request);
      const { refunding, message } = await useCases.cancel.cancelOrder(customer, value.order, i18n.locale);
      // Two messages in one toast: said here in the page's language, as the toast finds no message for the pair.
      return { toast: { type: "success", message: refunding ? `${i18n._(ORDER_MESSAGES.cancelled)} ${i18n._(ORDER_MESSAGES.refundInitiated)}` : message } };
    }),
    "change-slot": intent(
      order.extend({
        slot: z
          .string({ error: DELIVERY_MESSAGES.chooseSlot })
          .transform((v, ctx) => parseSlot(v) ?? (ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.chooseSlot }), z.NEVER)),
      }),
      async ({ useCases, customer, value }) => ({ toast: { type: "success", message: (await useCases.moveOrder.changeSlot(customer, value.order, value.slot)).message } }),
    ),
    // Puts the order's lines that are still sold into the cart, by the same rules as any add.
    "buy-again": intent(order, async ({ useCases, customer, value }) => {
      const { type, message } = await useCases.addLines.buyAgain(customer, value.order);
      return { to: "/addtocart", toast: { type, message } };
    }),
  },
});
