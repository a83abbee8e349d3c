// Saved addresses: chosen, added, edited and deleted on Review Order (transactions §2, §5),
// where the order is also confirmed; and the account's address book (transactions §8).
import { orderPlacedMail } from "../../domain/order-mail.ts";
import { mailOrder } from "../mail/order-mail.server.ts";
import { z } from "zod";
import { ADDRESS_DEFAULTS, ADDRESS_MESSAGES, deliveryAddressSchema, fromDeliveryForm, missingFieldsMessage, quickAddressSchema } from "../../domain/address.ts";
import { recordId } from "../../domain/form-fields.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { ShopError } from "../shop/port.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

const addressId = recordId(ADDRESS_MESSAGES.invalidId);
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
      z.object({ cart_id: recordId(ORDER_MESSAGES.invalidCart), address_id: recordId(ORDER_MESSAGES.invalidAddress) }),
      async ({ shop, customer, value }) => {
        const placed = await shop.orders.place(customer, { cartId: value.cart_id, addressId: value.address_id, paymentMethod: "cod" });
        // A second Confirm of the same cart is the same order: one confirmation mail.
        if (!placed.alreadyPlaced) await mailOrder(shop, customer, placed.orderId, orderPlacedMail);
        // The page of this order, not whichever is newest (two tabs may place two).
        return { to: `/ordersuccess?order=${placed.orderId}` };
      },
      // Stock or a coupon that changed since the cart was shown is news for the shopper.
      { describe: (error) => (error.code === "conflict" ? `Order failed: ${error.message}` : error.message) },
    ),
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
