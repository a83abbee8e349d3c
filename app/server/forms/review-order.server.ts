// Review Order (Specification: Checkout, Addresses and Transaction constants): the delivery address's intents, and placing the
// order (Confirm Order), paying again, or giving up paying. What placing does is one use case
// (use-cases/place-order.server.ts), the same the JSON API calls.
import { REVIEW_ORDER_ACTION } from "../../domain/offline-queue.ts";
import { z } from "zod";
import { DELIVERY_MESSAGES, parseSlot } from "../../domain/delivery.ts";
import { recordId } from "../../domain/form-fields.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { PAYMENT_MESSAGES } from "../../domain/payment.ts";
import type { PaymentStart } from "../shop/port.server.ts";
import { localeOf } from "../i18n.server.ts";
import { giftFields, giftOf } from "../../domain/gift-form.ts";
import { deliveryAddressIntents } from "./addresses.server.ts";
import { defineForm, intent, type Outcome } from "./pipeline.server.ts";

/** How the shopper pays: a payment link by redirect (the default, and all there is without JavaScript) or the modal. */
const payVia = z.enum(["link", "modal"]).default("link");
const PAYMENT_WORDS: ReadonlySet<string> = new Set(Object.values(PAYMENT_MESSAGES));
/** The delivery slot chosen on Review Order, "2026-11-25/morning". */
const deliverySlot = z
  .string({ error: DELIVERY_MESSAGES.chooseSlot })
  .transform((v, ctx) => parseSlot(v) ?? (ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.chooseSlot }), z.NEVER));

/** To Razorpay's hosted page, or Standard Checkout's options for the page's script. */
function payOutcome(start: PaymentStart, order: number): Outcome {
  return start.kind === "link" ? { to: start.url } : { stay: true, data: { checkout: start.checkout, order } };
}

export const reviewOrderForm = defineForm({
  action: REVIEW_ORDER_ACTION,
  intents: {
    ...deliveryAddressIntents,
    place: intent(
      z.object({ cart_id: recordId(ORDER_MESSAGES.invalidCart), address_id: recordId(ORDER_MESSAGES.invalidAddress), slot: deliverySlot.optional(), via: payVia }),
      async ({ useCases, customer, value, request }) => {
        const placed = await useCases.placeOrder.placeOrder(customer, {
          cartId: value.cart_id,
          addressId: value.address_id,
          slot: value.slot ?? null,
          method: "as-chosen",
          via: value.via,
          locale: localeOf(request),
        });
        // Card or UPI: the stock is held and the shopper goes to pay (decision 030).
        if (placed.kind === "paying") return payOutcome(placed.start, placed.orderId);
        // The page of this order, not whichever is newest (two tabs may place two).
        return { to: `/ordersuccess?order=${placed.orderId}` };
      },
      // Stock or a coupon that changed since the cart was shown is news for the shopper: said whole,
      // in the page's language (a page could not translate the reason inside the English).
      {
        describe: (error, i18n) =>
          error.code === "conflict" && !PAYMENT_WORDS.has(error.message) ? i18n._("Order failed: {reason}", { reason: i18n._(error.message) }) : error.message,
      },
    ),
    // A gift message (issue 29): kept on the cart, placed with it, printed on the packing slip.
    gift: intent(giftFields, async ({ useCases, customer, value }) => ({ toast: { type: "success", message: (await useCases.gift.setGift(customer, giftOf(value))).message } })),
    "remove-gift": intent(z.object({}), async ({ useCases, customer }) => ({ toast: { type: "success", message: (await useCases.gift.setGift(customer, null)).message } })),
    // Paying again for an order waiting for its payment (after a failure, or back from the link).
    pay: intent(z.object({ order: recordId(ORDER_MESSAGES.notFound), via: payVia }), async ({ useCases, customer, value }) =>
      payOutcome(await useCases.placeOrder.payAgain(customer, value.order, value.via), value.order),
    ),
    // Closing the modal, or 'Cancel payment': the hold ends and the cart is as it was.
    "cancel-payment": intent(z.object({ order: recordId(ORDER_MESSAGES.notFound) }), async ({ useCases, customer, value }) => {
      await useCases.placeOrder.abandonPayment(customer, value.order);
      return { to: "/addtocart", toast: { type: "info", message: PAYMENT_MESSAGES.cancelled } };
    }),
  },
});
