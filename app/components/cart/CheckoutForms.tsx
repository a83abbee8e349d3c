import { Link, useActionData, useFetcher } from "react-router";
import { typedValue } from "../../domain/form-reply.ts";
import type { PaymentChoice } from "../../domain/payment.ts";
import { cart, useRefusalToast } from "../forms.ts";
import { usePaymentOffer } from "../viewer.ts";

/** The coupon form, or the applied coupon with Remove (transactions §2). */
export function CouponForm({ applied }: { applied: { code: string } | null }) {
  const fetcher = useFetcher({ key: "coupon" });
  useRefusalToast(fetcher);
  const busy = fetcher.state !== "idle";
  // Without JavaScript a refused code comes back on the re-rendered page: keep what was typed.
  const typed = typedValue(useActionData(), "code");
  return (
    <fetcher.Form method="post" action={cart.action} className="mt-4">
      {applied ? (
        <p className="flex items-center justify-between gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm">
          <span>
            Coupon <strong>{applied.code}</strong> applied
          </span>
          <button type="submit" {...cart.intent("remove-coupon")} className="font-medium text-red-700 hover:underline" disabled={busy} aria-label={`Remove coupon ${applied.code}`}>
            Remove
          </button>
        </p>
      ) : (
        <div className="flex gap-2">
          <label htmlFor="coupon-code" className="sr-only">
            Coupon code
          </label>
          <input
            id="coupon-code"
            name={cart.field("apply-coupon", "code")}
            defaultValue={typed}
            maxLength={40}
            autoCapitalize="characters"
            placeholder="Coupon code"
            className="min-w-0 flex-1 rounded-md border border-stone-300 px-3 py-2 uppercase placeholder:normal-case"
          />
          <button
            type="submit"
            {...cart.intent("apply-coupon")}
            className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            disabled={busy}
          >
            Apply
          </button>
        </div>
      )}
    </fetcher.Form>
  );
}

/** Payment method, terms and Place order: on to Review Order (transactions §2). */
export function CheckoutForm({ chosen }: { chosen: PaymentChoice | null }) {
  const fetcher = useFetcher({ key: "checkout" });
  useRefusalToast(fetcher);
  const { online: onlineAvailable, prepaidPercent } = usePaymentOffer();
  const methods = [
    { value: "upi", label: "UPI" },
    { value: "card", label: "Card" },
    { value: "cod", label: "Cash On Delivery" },
  ] as const;
  return (
    <fetcher.Form method="post" action={cart.action} className="mt-4 space-y-3">
      <input type="hidden" {...cart.intent("checkout")} />
      <fieldset>
        <legend className="text-sm font-semibold">Payment method</legend>
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
                {m.label}
                {unavailable && <span className="text-xs">(not available yet)</span>}
              </label>
            );
          })}
        </div>
        {!onlineAvailable && <p className="mt-1 text-xs text-stone-600">Card and UPI payments will be available soon; pay in cash when your order arrives.</p>}
        {onlineAvailable && prepaidPercent > 0 && <p className="mt-1 text-xs text-stone-600">UPI and card orders get a {prepaidPercent}% prepaid discount, shown on Review Order.</p>}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name={cart.field("checkout", "terms")} required className="mt-0.5" />
        <span>
          I agree to the{" "}
          <Link to="/termsandconditions" className="text-brand-700 underline">
            terms and conditions
          </Link>
        </span>
      </label>
      <button type="submit" className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70" disabled={fetcher.state !== "idle"}>
        Place order
      </button>
    </fetcher.Form>
  );
}
