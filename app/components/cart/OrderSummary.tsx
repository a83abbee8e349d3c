import type { ReactNode } from "react";
import type { CartSummary } from "../../domain/cart.ts";
import { formatRupees } from "../../domain/money.ts";
import { deliveryNote } from "../../domain/pricing.ts";
import { WEIGHT_MESSAGES } from "../../domain/weight.ts";
import { useI18n } from "../i18n.tsx";

export function OrderSummary({
  summary,
  couponCode,
  estimate = false,
  children,
}: {
  summary: CartSummary;
  couponCode?: string | null;
  /** The cart holds something sold by weight (issue 29): its total is an estimate. */
  estimate?: boolean;
  children?: ReactNode;
}) {
  const row = "flex justify-between py-1";
  const i18n = useI18n();
  return (
    <section aria-labelledby="summary-title" className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h2 id="summary-title" className="text-lg font-semibold">
        {i18n._("Your order summary")}
      </h2>
      <dl className="mt-3 text-sm">
        <div className={row}>
          <dt>{i18n._("Subtotal")}</dt>
          <dd>{formatRupees(summary.subtotalPaise)}</dd>
        </div>
        {summary.savingsPaise > 0 && (
          <div className={`${row} text-brand-700`}>
            <dt>{i18n._("You save (against MRP)")}</dt>
            <dd>{formatRupees(summary.savingsPaise)}</dd>
          </div>
        )}
        {summary.couponPaise > 0 && (
          <div className={`${row} text-brand-700`}>
            <dt>{couponCode ? i18n._("Coupon ({code})", { code: couponCode }) : i18n._("Coupon")}</dt>
            <dd>−{formatRupees(summary.couponPaise)}</dd>
          </div>
        )}
        {summary.prepaidPaise > 0 && (
          <div className={`${row} text-brand-700`}>
            <dt>{i18n._("Prepaid discount")}</dt>
            <dd>−{formatRupees(summary.prepaidPaise)}</dd>
          </div>
        )}
        <div className={`${row} text-stone-600`}>
          <dt>{i18n._("Tax included")}</dt>
          <dd>{formatRupees(summary.taxPaise)}</dd>
        </div>
        <div className={row}>
          <dt>{i18n._("Delivery")}</dt>
          <dd className="font-medium text-brand-700">{summary.deliveryPaise === 0 ? i18n._("Free") : formatRupees(summary.deliveryPaise)}</dd>
        </div>
        <div className={`${row} mt-2 border-t border-stone-300 pt-3 text-base font-semibold`}>
          <dt>{i18n._("Total")}</dt>
          <dd>{formatRupees(summary.totalPaise)}</dd>
        </div>
      </dl>
      {estimate && <p className="mt-2 text-xs text-stone-700">{i18n._(WEIGHT_MESSAGES.estimatedTotal)}</p>}
      <p className="mt-2 text-xs text-stone-600">{i18n._(deliveryNote(summary.subtotalPaise, formatRupees, summary.deliveryFee ?? undefined))}</p>
      {children}
    </section>
  );
}
