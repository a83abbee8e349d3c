// The staff's coupon forms (issue 14): a new coupon, and one coupon's limits and dates. Plain
// posts to /staff/coupons; the same zod schemas check them in the browser first when JavaScript
// runs, and a refusal comes back with a message on each field and what was typed.
import { getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { COUPON_DESCRIPTION_MAX, couponFormValues, discountLabel, type LimitField } from "../../domain/staff-coupon-view.ts";
import type { StaffCouponView } from "../../server/shop/port.server.ts";
import { FormErrors } from "../auth/Field.tsx";
import { StaffField } from "./StaffField.tsx";
import { staffCoupons } from "../forms.ts";

type LastResult = SubmissionResult<string[]> | undefined;

const button = "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70";

/** The fields both forms share: description, limits and dates. */
function LimitInputs({
  fields,
  withMaximum,
}: {
  fields: Record<"description" | "min_subtotal" | "max_discount" | "starts_on" | "ends_on" | "usage_limit" | "per_customer_limit", FieldMetadata<unknown>>;
  withMaximum: boolean;
}) {
  return (
    <>
      <StaffField meta={fields.description} label="Description" hint="What shoppers are told the coupon gives (optional)." wide maxLength={COUPON_DESCRIPTION_MAX} />
      <StaffField meta={fields.min_subtotal} label="Minimum cart (₹)" hint="Empty or 0: any cart." numeric />
      {withMaximum && <StaffField meta={fields.max_discount} label="Maximum discount (₹)" hint="Percent coupons only. Empty: no maximum." numeric />}
      <StaffField meta={fields.starts_on} label="First day" hint="Empty: from now." type="date" />
      <StaffField meta={fields.ends_on} label="Last day" hint="The coupon ends at midnight after this day. Empty: no end." type="date" />
      <StaffField meta={fields.usage_limit} label="Usage limit" hint="Orders in all. Empty: no limit." numeric />
      <StaffField meta={fields.per_customer_limit} label="Uses per customer" hint="Empty: no limit." numeric />
    </>
  );
}

export function CreateCouponForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useForm<Record<"code" | "kind" | "value" | LimitField, string>>({
    id: "coupon-create",
    lastResult,
    defaultValue: { kind: "percent" },
    // Checked on the server (the staff's pages ship no zod; shoppers' pages share its chunk).
  });
  const busy = useNavigation().formData?.get("intent") === "create";
  const { key: kindKey, ...kindProps } = getSelectProps(fields.kind);
  return (
    <section aria-labelledby="new-coupon-title">
      <h2 id="new-coupon-title" className="text-lg font-semibold">
        New coupon
      </h2>
      <Form method="post" action={staffCoupons.action} id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-3 max-w-3xl space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...staffCoupons.intent("create")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <StaffField meta={fields.code} label="Code" hint="Letters, digits, - and _; up to 40. Kept in capitals." />
          <div className="flex flex-col text-sm">
            <label htmlFor={fields.kind.id} className="font-medium">
              Kind
            </label>
            <select key={kindKey} {...kindProps} className="mt-1 rounded-md border border-stone-300 px-2 py-1.5">
              <option value="percent">Percent off</option>
              <option value="flat">Rupees off (flat)</option>
            </select>
            {fields.kind.errors?.[0] && (
              <p id={fields.kind.errorId} className="mt-1 text-red-700">
                {fields.kind.errors[0]}
              </p>
            )}
          </div>
          <StaffField meta={fields.value} label="Discount" hint="A percent (1 to 100), or whole rupees for a flat coupon." numeric />
          <LimitInputs fields={fields} withMaximum />
        </div>
        <button type="submit" className={button} disabled={busy}>
          Create coupon
        </button>
      </Form>
    </section>
  );
}

export function EditCouponForm({ coupon, lastResult }: { coupon: StaffCouponView; lastResult: LastResult }) {
  const [form, fields] = useForm<Record<"coupon" | LimitField, string>>({
    id: `coupon-edit-${coupon.id}`,
    lastResult,
    defaultValue: couponFormValues(coupon),
    // Checked on the server (the staff's pages ship no zod; shoppers' pages share its chunk).
  });
  const busy = useNavigation().formData?.get("intent") === "update";
  return (
    <section aria-labelledby="edit-coupon-title" className="rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <h2 id="edit-coupon-title" className="text-lg font-semibold">
        Edit coupon {coupon.code}
      </h2>
      <p className="text-sm text-stone-700">{discountLabel(coupon)}. The code and the discount stay as they are; to change them, make a new coupon and switch this one off.</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-3 max-w-3xl space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" {...staffCoupons.intent("update")} />
        <input type="hidden" name={staffCoupons.field("update", "coupon")} value={coupon.id} />
        <div className="grid gap-4 sm:grid-cols-2">
          <LimitInputs fields={fields} withMaximum={coupon.kind === "percent"} />
        </div>
        <div className="flex items-center gap-3">
          <button type="submit" className={button} disabled={busy}>
            Save changes
          </button>
          <Link to="/staff/coupons" className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
