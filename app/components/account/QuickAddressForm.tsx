import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { ADDRESS_DEFAULTS, type AddressView } from "../../domain/address.ts";
import { quickAddressSchema } from "../../domain/address-form.ts";
import { Field, FormErrors, submitButton } from "../auth/Field.tsx";
import { addressBook } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/** The account's quick add (and edit): name, phone, address, city and pincode. */
export function QuickAddressForm({ address, lastResult }: { address?: AddressView; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: address ? `edit-address-${address.id}` : "quick-address",
    lastResult,
    defaultValue: address
      ? { name: address.name, phone: address.phone, street: address.street, city: address.city, zip: address.zip, email: address.email }
      : { city: ADDRESS_DEFAULTS.city },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickAddressSchema }),
  });
  const i18n = useI18n();
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 max-w-xl space-y-3 rounded-lg border border-stone-200 p-4">
      <h2 className="font-semibold">{address ? i18n._("Edit address") : i18n._("Add an address")}</h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" {...addressBook.intent(address ? "update" : "add")} />
      {address && <input type="hidden" name={addressBook.field("update", "id")} value={address.id} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field meta={fields.name} label={i18n._("Name")} autoComplete="name" />
        <Field meta={fields.phone} label={i18n._("Phone")} type="tel" autoComplete="tel" inputMode="tel" />
      </div>
      <Field meta={fields.street} label={i18n._("Address")} autoComplete="street-address" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field meta={fields.city} label={i18n._("City")} autoComplete="address-level2" />
        <Field meta={fields.zip} label={i18n._("Pincode")} autoComplete="postal-code" inputMode="numeric" />
      </div>
      <Field meta={fields.email} label={i18n._("Email (optional)")} type="email" autoComplete="email" />
      <div className="flex gap-3">
        <button type="submit" className={submitButton}>
          {address ? i18n._("Save address") : i18n._("Add address")}
        </button>
        {address && (
          <Link to="/myaccount/addresses" className="rounded-md border border-stone-300 px-4 py-2.5 font-medium">
            {i18n._("Cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}
