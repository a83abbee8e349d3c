import type { ReactNode } from "react";
import type { CartSummary } from "../../domain/cart.ts";
import { formatRupees } from "../../domain/money.ts";
import { deliveryNote } from "../../domain/pricing.ts";

export function OrderSummary({ summary, couponCode, children }: { summary: CartSummary; couponCode?: string | null; children?: ReactNode }) {
  const row = "flex justify-between py-1";
  return (
    <section aria-labelledby="summary-title" className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h2 id="summary-title" className="text-lg font-semibold">
        Your order summary
      </h2>
      <dl className="mt-3 text-sm">
        <div className={row}>
          <dt>Subtotal</dt>
          <dd>{formatRupees(summary.subtotalPaise)}</dd>
        </div>
        {summary.savingsPaise > 0 && (
          <div className={`${row} text-brand-700`}>
            <dt>You save (against MRP)</dt>
            <dd>{formatRupees(summary.savingsPaise)}</dd>
          </div>
        )}
        {summary.couponPaise > 0 && (
          <div className={`${row} text-brand-700`}>
            <dt>Coupon{couponCode ? ` (${couponCode})` : ""}</dt>
            <dd>−{formatRupees(summary.couponPaise)}</dd>
          </div>
        )}
        {summary.prepaidPaise > 0 && (
          <div className={`${row} text-brand-700`}>
            <dt>Prepaid discount</dt>
            <dd>−{formatRupees(summary.prepaidPaise)}</dd>
          </div>
        )}
        <div className={`${row} text-stone-600`}>
          <dt>Tax included</dt>
          <dd>{formatRupees(summary.taxPaise)}</dd>
        </div>
        <div className={row}>
          <dt>Delivery</dt>
          <dd className="font-medium text-brand-700">{summary.deliveryPaise === 0 ? "Free" : formatRupees(summary.deliveryPaise)}</dd>
        </div>
        <div className={`${row} mt-2 border-t border-stone-300 pt-3 text-base font-semibold`}>
          <dt>Total</dt>
          <dd>{formatRupees(summary.totalPaise)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-600">{deliveryNote(summary.subtotalPaise, formatRupees, summary.deliveryFee ?? undefined)}</p>
      {children}
    </section>
  );
}
