// Saved addresses: chosen, added, edited and deleted on Review Order (transactions §2, §5),
// where the order is also confirmed; and the account's address book (transactions §8).
import { z } from "zod";
import { ADDRESS_DEFAULTS, ADDRESS_MESSAGES, missingFieldsMessage } from "../../domain/address.ts";
import { deliveryAddressSchema, fromDeliveryForm, quickAddressSchema } from "../../domain/address-form.ts";
import { recordId } from "../../domain/form-fields.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { PAYMENT_MESSAGES } from "../../domain/payment.ts";
import { DELIVERY_MESSAGES, parseSlot } from "../../domain/delivery.ts";
import { ShopError, type PaymentStart } from "../shop/port.server.ts";
import { abandonPayment, payAgain, placeOrder } from "../use-cases/place-order.server.ts";
import { defineForm, intent, type Outcome } from "./pipeline.server.ts";

const addressId = recordId(ADDRESS_MESSAGES.invalidId);
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
const byId = z.object({ id: addressId });
const deliveryOptions = { summary: missingFieldsMessage };

export const reviewOrderForm = defineForm({
  action: "/revieworder",
  intents: {
    select: intent(z.object({ address: addressId }), async ({ shop, customer, value }) => {
      await shop.addresses.select(customer, value.address);
      return {};
    }),
    "add-address": intent(
      deliveryAddressSchema,
      async ({ shop, customer, value }) => {
        const address = await shop.addresses.create(customer, fromDeliveryForm(value));
        await shop.addresses.select(customer, address.id);
        return { toast: { type: "success", message: ADDRESS_MESSAGES.saved } };
      },
      deliveryOptions,
    ),
    "update-address": intent(
      deliveryAddressSchema.extend({ id: addressId }),
      async ({ shop, customer, value }) => {
        const address = await shop.addresses.update(customer, value.id, fromDeliveryForm(value));
        await shop.addresses.select(customer, address.id);
        return { toast: { type: "success", message: ADDRESS_MESSAGES.updated } };
      },
      deliveryOptions,
    ),
    "delete-address": intent(byId, async ({ shop, customer, value }) => {
      await shop.addresses.remove(customer, value.id);
      return { toast: { type: "success", message: ADDRESS_MESSAGES.deleted } };
    }),
    place: intent(
      z.object({ cart_id: recordId(ORDER_MESSAGES.invalidCart), address_id: recordId(ORDER_MESSAGES.invalidAddress), slot: deliverySlot.optional(), via: payVia }),
      async ({ shop, customer, value }) => {
        const placed = await placeOrder(shop, customer, { cartId: value.cart_id, addressId: value.address_id, slot: value.slot ?? null, method: "as-chosen", via: value.via });
        // Card or UPI: the stock is held and the shopper goes to pay (decision 030).
        if (placed.kind === "paying") return payOutcome(placed.start, placed.orderId);
        // The page of this order, not whichever is newest (two tabs may place two).
        return { to: `/ordersuccess?order=${placed.orderId}` };
      },
      // Stock or a coupon that changed since the cart was shown is news for the shopper.
      { describe: (error) => (error.code === "conflict" && !PAYMENT_WORDS.has(error.message) ? `Order failed: ${error.message}` : error.message) },
    ),
    // Paying again for an order waiting for its payment (after a failure, or back from the link).
    pay: intent(z.object({ order: recordId(ORDER_MESSAGES.notFound), via: payVia }), async ({ shop, customer, value }) =>
      payOutcome(await payAgain(shop, customer, value.order, value.via), value.order),
    ),
    // Closing the modal, or 'Cancel payment': the hold ends and the cart is as it was.
    "cancel-payment": intent(z.object({ order: recordId(ORDER_MESSAGES.notFound) }), async ({ shop, customer, value }) => {
      await abandonPayment(shop, customer, value.order);
      return { to: "/addtocart", toast: { type: "info", message: PAYMENT_MESSAGES.cancelled } };
    }),
  },
});

export const addressBookForm = defineForm({
  action: "/myaccount/addresses",
  intents: {
    add: intent(quickAddressSchema, async ({ shop, customer, value }) => {
      await shop.addresses.create(customer, { ...value, street2: "", state: ADDRESS_DEFAULTS.state, country: ADDRESS_DEFAULTS.country });
      return { toast: { type: "success", message: ADDRESS_MESSAGES.saved } };
    }),
    update: intent(quickAddressSchema.safeExtend({ id: addressId }), async ({ shop, customer, value }) => {
      const current = await shop.addresses.get(customer, value.id);
      if (!current) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
      // The quick form has no second line, state or country: an edit keeps them.
      const { id, ...fields } = value;
      await shop.addresses.update(customer, id, { ...fields, street2: current.street2, state: current.state, country: current.country });
      return { toast: { type: "success", message: ADDRESS_MESSAGES.updated } };
    }),
    delete: intent(byId, async ({ shop, customer, value }) => {
      await shop.addresses.remove(customer, value.id);
      return { toast: { type: "success", message: ADDRESS_MESSAGES.deleted } };
    }),
    default: intent(byId, async ({ shop, customer, value }) => {
      await shop.addresses.makeDefault(customer, value.id);
      return { toast: { type: "success", message: ADDRESS_MESSAGES.madeDefault } };
    }),
  },
});
