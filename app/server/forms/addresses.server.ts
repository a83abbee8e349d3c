// Saved addresses: chosen, added, edited and deleted on Review Order and the address picker
// (Specification: Addresses), and the account's address book (Specification: Account). Placing the order
// is Review Order's own form (review-order.server.ts).
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { ADDRESS_MESSAGES, addressEmailOptional, missingFieldsMessage } from "../../domain/address.ts";
import { deliveryFormFields, fromDeliveryForm, quickAddressSchema } from "../../domain/address-form.ts";
import { recordId } from "../../domain/form-fields.ts";
import { signedInOf } from "../auth/session.server.ts";
import { i18nOf } from "../i18n.server.ts";
import { type KeepEmail } from "../use-cases/address-book.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

const addressId = recordId(ADDRESS_MESSAGES.invalidId);
const byId = z.object({ id: addressId });
const deliveryOptions = {
  // 'Please fill: …' names the e-mail only where this account must give one.
  summary: (form: FormData, customer: { mobile?: string | null } | null) => missingFieldsMessage(form, { emailOptional: Boolean(customer && addressEmailOptional(customer)) }),
  // The use case's refusals of the e-mail (required here, a stale sign-in, taken by another account) are said on its field.
  onField: { invalid: "email", conflict: "email" },
} as const;

/** 'Also use this e-mail for my account', ticked: what the use case needs to add it (decision 066). */
function keeping(ticked: boolean, context: Readonly<RouterContextProvider>, request: Request): Omit<KeepEmail, "mail" | "sms"> | undefined {
  if (!ticked) return undefined;
  return { sessionToken: signedInOf(context)?.token ?? "", i18n: i18nOf(request) };
}

/** The delivery address's intents: Review Order's, and the address picker's page (/address-test). */
export const deliveryAddressIntents = {
  select: intent(z.object({ address: addressId }), async ({ useCases, customer, value }) => {
    await useCases.addressBook.deliverTo(customer, value.address);
    return {};
  }),
  "add-address": intent(
    deliveryFormFields,
    async ({ useCases, customer, value, context, request }) => {
      const { message } = await useCases.addressBook.addAddress(customer, fromDeliveryForm(value), {
        deliverHere: true,
        keepEmail: keeping(Boolean(value.keepEmail), context, request),
      });
      return { toast: { type: "success", message } };
    },
    deliveryOptions,
  ),
  "update-address": intent(
    deliveryFormFields.extend({ id: addressId }),
    async ({ useCases, customer, value, context, request }) => {
      const { message } = await useCases.addressBook.changeAddress(customer, value.id, fromDeliveryForm(value), {
        deliverHere: true,
        keepEmail: keeping(Boolean(value.keepEmail), context, request),
      });
      return { toast: { type: "success", message } };
    },
    deliveryOptions,
  ),
  "delete-address": intent(byId, async ({ useCases, customer, value }) => ({
    toast: { type: "success", message: (await useCases.addressBook.deleteAddress(customer, value.id)).message },
  })),
};

/** The address picker's own page: choosing and adding an address, nothing else of Review Order. */
export const deliveryAddressForm = defineForm({ action: "/address-test", intents: deliveryAddressIntents });

export const addressBookForm = defineForm({
  action: "/myaccount/addresses",
  intents: {
    add: intent(quickAddressSchema, async ({ useCases, customer, value }) => {
      const { message } = await useCases.addressBook.addAddress(customer, { ...value, street2: "", state: "", country: "" }, { quickForm: true });
      return { toast: { type: "success", message } };
    }),
    // The quick form has no second line, state or country: the use case keeps them as saved.
    update: intent(quickAddressSchema.safeExtend({ id: addressId }), async ({ useCases, customer, value: { id, ...fields } }) => ({
      toast: { type: "success", message: (await useCases.addressBook.changeAddress(customer, id, fields, { quickForm: true })).message },
    })),
    delete: intent(byId, async ({ useCases, customer, value }) => ({ toast: { type: "success", message: (await useCases.addressBook.deleteAddress(customer, value.id)).message } })),
    default: intent(byId, async ({ useCases, customer, value }) => ({
      toast: { type: "success", message: (await useCases.addressBook.makeDefaultAddress(customer, value.id)).message },
    })),
  },
});
