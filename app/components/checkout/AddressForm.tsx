import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { MapOffer } from "../address/MapOffer.tsx";
import type { PickedPlace } from "../address/MapPicker.tsx";
import { Form, Link, useNavigation } from "react-router";
import { ADDRESS_DEFAULTS, labelsOfMissingMessage, missingLabels, type AddressView, type DeliveryAccount } from "../../domain/address.ts";
import { deliveryFormSchema, toDeliveryForm, type DeliveryFormFields } from "../../domain/address-form.ts";
import { raiseToast } from "../raise-toast.ts";
import { reviewOrder } from "../forms.ts";
import { CheckboxField, Field, FormErrors, submitButton } from "../auth/Field.tsx";
import { useI18n, type I18n } from "../i18n.tsx";

/** 'Please fill: …' with its fields' labels in the page's language too. */
function pleaseFill(i18n: I18n, labels: readonly string[]): string {
  return i18n._("Please fill: {fields}", { fields: labels.map((label) => i18n._(label)).join(", ") });
}

/** A form-level message: the server's 'Please fill: …' (English) said with translated labels; any other as it is (FormErrors translates it). */
function formMessage(i18n: I18n, message: string): string {
  const labels = labelsOfMissingMessage(message);
  return labels ? pleaseFill(i18n, labels) : message;
}

/**
 * The delivery form of Specification: Addresses: a new address, or 'Update Delivery Details' of a
 * saved one; either is saved and chosen for this order. A new one starts from the account's
 * name, verified mobile and e-mail; the e-mail is optional for an account with a verified mobile,
 * and an account without an e-mail may keep the one typed (issue 41 item 11, decision 066). Every
 * field is uncontrolled: what is typed before the scripts arrive stays.
 */
export function AddressForm({
  lastResult,
  account,
  address,
  back,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  account: DeliveryAccount;
  address?: AddressView;
  back?: string;
}) {
  const { emailOptional, offerKeepEmail } = account;
  const schema = deliveryFormSchema({ emailOptional });
  const [form, fields] = useForm<DeliveryFormFields>({
    id: address ? `update-address-${address.id}` : "new-address",
    lastResult,
    defaultValue: address ? toDeliveryForm(address) : { ...account.newAddress, city: ADDRESS_DEFAULTS.city, state: ADDRESS_DEFAULTS.state, country: ADDRESS_DEFAULTS.country },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const intent = address ? "update-address" : "add-address";
  const i18n = useI18n();
  // A new address picked on the page's map has its location fields filled and locked, until the
  // shopper chooses to type them.
  const [locked, setLocked] = useState<ReadonlySet<string>>(new Set());
  const onPicked = (place: PickedPlace) => {
    // Only what the map could name is filled and locked; the rest is left to type.
    const filled = new Set<string>();
    for (const [field, value] of [
      [fields.street.name, place.street],
      [fields.city.name, place.city],
      [fields.state.name, place.state],
      [fields.zip.name, place.postcode],
    ] as const) {
      if (!value) continue;
      form.update({ name: field, value });
      filled.add(field);
    }
    setLocked(filled);
  };
  const busy = useNavigation().formData?.get("intent") === intent;
  // 'Please fill: …' is also a toast (Specification: Addresses) once JavaScript runs: from the
  // server's answer, and on a submit the browser's own check stops before it is sent. Never
  // from the check as a field is left (issue 25): that toast belongs to a submit.
  const missing = lastResult?.error?.[""]?.find((e) => e.startsWith("Please fill:"));
  useEffect(() => {
    if (missing) raiseToast(formMessage(i18n, missing));
  }, [missing, lastResult, i18n]);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // Conform checks a field as it is left by submitting the form with its own button
    // ('__intent__'): that is not the shopper's submit, and says nothing in a toast.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") !== "__intent__") {
      const empty = missingLabels(new FormData(event.currentTarget), { emailOptional });
      if (empty.length) raiseToast(pleaseFill(i18n, empty));
    }
    form.onSubmit(event);
  };
  return (
    <Form method="post" id={form.id} onSubmit={onSubmit} noValidate={form.noValidate} className="mt-4 space-y-3 rounded-lg border border-stone-200 p-4">
      <h3 className="font-semibold">{address ? i18n._("Update Delivery Details") : i18n._("New delivery address")}</h3>
      <FormErrors errors={form.errors?.map((e) => formMessage(i18n, e))} id={form.errorId} />
      {back && <input type="hidden" name="redirectTo" value={back} />}
      <input type="hidden" {...reviewOrder.intent(intent)} />
      {address && <input type="hidden" name={reviewOrder.field("update-address", "id")} value={address.id} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field reserveError meta={fields.firstName} label={i18n._("First name")} autoComplete="given-name" />
        <Field reserveError meta={fields.lastName} label={i18n._("Last name")} autoComplete="family-name" />
        <Field reserveError meta={fields.email} label={emailOptional ? i18n._("Email address (optional)") : i18n._("Email address")} type="email" autoComplete="email" />
        <Field reserveError meta={fields.phone} label={i18n._("Phone number")} type="tel" autoComplete="tel" inputMode="tel" />
      </div>
      {/* 'Also use this e-mail for my account': an account without an e-mail keeps the one typed above, unconfirmed until its mailed link is opened (decision 066). */}
      {offerKeepEmail && (
        <CheckboxField meta={fields.keepEmail} label={i18n._("Also use this e-mail for my account")} hint={i18n._("For order mails and invoices. We send a link to confirm it.")} />
      )}
      <Field reserveError meta={fields.street} label={i18n._("Address line 1")} autoComplete="address-line1" readOnly={locked.has(fields.street.name)} />
      <Field reserveError meta={fields.street2} label={i18n._("Address line 2 (optional)")} autoComplete="address-line2" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field reserveError meta={fields.city} label={i18n._("City")} autoComplete="address-level2" readOnly={locked.has(fields.city.name)} />
        <Field reserveError meta={fields.state} label={i18n._("State")} autoComplete="address-level1" readOnly={locked.has(fields.state.name)} />
        <Field reserveError meta={fields.zip} label={i18n._("PIN code")} autoComplete="postal-code" inputMode="numeric" readOnly={locked.has(fields.zip.name)} />
        <Field reserveError meta={fields.country} label={i18n._("Country")} autoComplete="country-name" />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${submitButton} sm:w-auto`} disabled={busy}>
          {i18n._("Save & Continue")}
        </button>
        {address && (
          <Link to="/revieworder" className="rounded-md border border-stone-300 px-4 py-2.5 font-medium">
            {i18n._("Back to Review")}
          </Link>
        )}
      </div>
      {/* A new address can be picked on a map where the shop has one: it fills the place and the form locks it. */}
      {!address && <MapOffer onPicked={onPicked} onTyped={() => setLocked(new Set())} />}
    </Form>
  );
}
