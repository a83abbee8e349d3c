import { Link, useActionData, useFetcher } from "react-router";
import { typedValue } from "../../domain/form-reply.ts";
import type { PaymentChoice } from "../../domain/payment.ts";
import { cart, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { PrivacyNoticeLink } from "../PrivacyNoticeLink.tsx";
import { usePaymentOffer } from "../root-data.ts";

/** Stands for an element (a bold code, a link) inside a message, so the message stays one sentence whatever its word order. */
const SLOT = "\u0000";

/** The coupon form, or the applied coupon with Remove (Specification: Coupons). */
export function CouponForm({ applied }: { applied: { code: string } | null }) {
  const fetcher = useFetcher({ key: "coupon" });
  useRefusalToast(fetcher);
  const busy = fetcher.state !== "idle";
  // Without JavaScript a refused code comes back on the re-rendered page: keep what was typed.
  const typed = typedValue(useActionData(), "code");
  const i18n = useI18n();
  const [beforeCode, afterCode = ""] = applied ? i18n._("Coupon {code} applied", { code: SLOT }).split(SLOT) : [];
  return (
    <fetcher.Form method="post" action={cart.action} className="mt-4">
      {applied ? (
        <p className="flex items-center justify-between gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm">
          <span>
            {beforeCode}
            <strong>{applied.code}</strong>
            {afterCode}
          </span>
          <button
            type="submit"
            {...cart.intent("remove-coupon")}
            className="font-medium text-red-700 hover:underline"
            disabled={busy}
            aria-label={i18n._("Remove coupon {code}", { code: applied.code })}
          >
            {i18n._("Remove")}
          </button>
        </p>
      ) : (
        <div className="flex gap-2">
          <label htmlFor="coupon-code" className="sr-only">
            {i18n._("Coupon code")}
          </label>
          <input
            id="coupon-code"
            name={cart.field("apply-coupon", "code")}
            defaultValue={typed}
            maxLength={40}
            autoCapitalize="characters"
            placeholder={i18n._("Coupon code")}
            className="min-w-0 flex-1 rounded-md border border-stone-300 px-3 py-2 uppercase placeholder:normal-case"
          />
          <button
            type="submit"
            {...cart.intent("apply-coupon")}
            className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            disabled={busy}
          >
            {i18n._("Apply")}
          </button>
        </div>
      )}
    </fetcher.Form>
  );
}

/** Payment method, terms and Place order: on to Review Order (Specification: Cart). */
export function CheckoutForm({ chosen }: { chosen: PaymentChoice | null }) {
  const fetcher = useFetcher({ key: "checkout" });
  useRefusalToast(fetcher);
  const { online: onlineAvailable, prepaidPercent } = usePaymentOffer();
  const i18n = useI18n();
  const methods = [
    { value: "upi", label: "UPI" },
    { value: "card", label: /*i18n*/ "Card" },
    { value: "cod", label: /*i18n*/ "Cash On Delivery" },
  ] as const;
  const [beforeTerms, afterTerms = ""] = i18n._("I agree to the {terms}", { terms: SLOT }).split(SLOT);
  return (
    <fetcher.Form method="post" action={cart.action} className="mt-4 space-y-3">
      <input type="hidden" {...cart.intent("checkout")} />
      <fieldset>
        <legend className="text-sm font-semibold">{i18n._("Payment method")}</legend>
        <div className="mt-2 space-y-2">
          {methods.map((m) => {
            const unavailable = m.value !== "cod" && !onlineAvailable;
            return (
              <label key={m.value} className={`flex items-center gap-2 text-sm ${unavailable ? "text-stone-500" : ""}`}>
                <input
                  type="radio"
                  name={cart.field("checkout", "payment")}
                  value={m.value}
                  disabled={unavailable}
                  defaultChecked={onlineAvailable ? m.value === (chosen ?? "cod") : m.value === "cod"}
                  required
                />
                {i18n._(m.label)}
                {unavailable && <span className="text-xs">{i18n._("(not available yet)")}</span>}
              </label>
            );
          })}
        </div>
        {!onlineAvailable && <p className="mt-1 text-xs text-stone-600">{i18n._("Card and UPI payments will be available soon; pay in cash when your order arrives.")}</p>}
        {onlineAvailable && prepaidPercent > 0 && (
          <p className="mt-1 text-xs text-stone-600">{i18n._("UPI and card orders get a {percent}% prepaid discount, shown on Review Order.", { percent: prepaidPercent })}</p>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name={cart.field("checkout", "terms")} required className="mt-0.5" />
        <span>
          {beforeTerms}
          <Link to="/termsandconditions" className="text-brand-700 underline">
            {i18n._("terms and conditions")}
          </Link>
          {afterTerms}
        </span>
      </label>
      <PrivacyNoticeLink />
      <button type="submit" className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70" disabled={fetcher.state !== "idle"}>
        {i18n._("Place order")}
      </button>
    </fetcher.Form>
  );
}
