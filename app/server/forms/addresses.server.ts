// Saved addresses: chosen, added, edited and deleted on Review Order and the address picker
// (transactions §2, §5), and the account's address book (transactions §8). Placing the order
// is Review Order's own form (review-order.server.ts).
import { z } from "zod";
import { ADDRESS_DEFAULTS, ADDRESS_MESSAGES, missingFieldsMessage } from "../../domain/address.ts";
import { deliveryAddressSchema, fromDeliveryForm, quickAddressSchema } from "../../domain/address-form.ts";
import { recordId } from "../../domain/form-fields.ts";
import { ShopError } from "../shop/port.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

const addressId = recordId(ADDRESS_MESSAGES.invalidId);
const byId = z.object({ id: addressId });
const deliveryOptions = { summary: missingFieldsMessage };

/** The delivery address's intents: Review Order's, and the address picker's page (/address-test). */
export const deliveryAddressIntents = {
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
};

/** The address picker's own page: choosing and adding an address, nothing else of Review Order. */
export const deliveryAddressForm = defineForm({ action: "/address-test", intents: deliveryAddressIntents });

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
