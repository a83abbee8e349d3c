// Saved addresses: chosen, added, edited and deleted on Review Order and the address picker
// (transactions §2, §5), and the account's address book (transactions §8). Placing the order
// is Review Order's own form (review-order.server.ts).
import { z } from "zod";
import { ADDRESS_DEFAULTS, ADDRESS_MESSAGES, missingFieldsMessage } from "../../domain/address.ts";
import { deliveryAddressSchema, fromDeliveryForm, quickAddressSchema } from "../../domain/address-form.ts";
import { recordId } from "../../domain/form-fields.ts";
import { addAddress, changeAddress, deleteAddress, deliverTo, makeDefaultAddress } from "../use-cases/address-book.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

const addressId = recordId(ADDRESS_MESSAGES.invalidId);
const byId = z.object({ id: addressId });
const deliveryOptions = { summary: missingFieldsMessage };

/** The delivery address's intents: Review Order's, and the address picker's page (/address-test). */
export const deliveryAddressIntents = {
  select: intent(z.object({ address: addressId }), async ({ shop, customer, value }) => {
    await deliverTo(shop, customer, value.address);
    return {};
  }),
  "add-address": intent(
    deliveryAddressSchema,
    async ({ shop, customer, value }) => {
      const { message } = await addAddress(shop, customer, fromDeliveryForm(value), { deliverHere: true });
      return { toast: { type: "success", message } };
    },
    deliveryOptions,
  ),
  "update-address": intent(
    deliveryAddressSchema.extend({ id: addressId }),
    async ({ shop, customer, value }) => {
      const { message } = await changeAddress(shop, customer, value.id, fromDeliveryForm(value), { deliverHere: true });
      return { toast: { type: "success", message } };
    },
    deliveryOptions,
  ),
  "delete-address": intent(byId, async ({ shop, customer, value }) => ({ toast: { type: "success", message: (await deleteAddress(shop, customer, value.id)).message } })),
};

/** The address picker's own page: choosing and adding an address, nothing else of Review Order. */
export const deliveryAddressForm = defineForm({ action: "/address-test", intents: deliveryAddressIntents });

export const addressBookForm = defineForm({
  action: "/myaccount/addresses",
  intents: {
    add: intent(quickAddressSchema, async ({ shop, customer, value }) => {
      const { message } = await addAddress(shop, customer, { ...value, street2: "", state: ADDRESS_DEFAULTS.state, country: ADDRESS_DEFAULTS.country });
      return { toast: { type: "success", message } };
    }),
    // The quick form has no second line, state or country: the use case keeps them as saved.
    update: intent(quickAddressSchema.safeExtend({ id: addressId }), async ({ shop, customer, value: { id, ...fields } }) => ({
      toast: { type: "success", message: (await changeAddress(shop, customer, id, fields)).message },
    })),
    delete: intent(byId, async ({ shop, customer, value }) => ({ toast: { type: "success", message: (await deleteAddress(shop, customer, value.id)).message } })),
    default: intent(byId, async ({ shop, customer, value }) => ({ toast: { type: "success", message: (await makeDefaultAddress(shop, customer, value.id)).message } })),
  },
});
