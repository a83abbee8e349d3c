import { formatRupees } from "../../domain/money.ts";
import { deliveryPaiseOf } from "../../domain/pricing.ts";
import { awaitsWeighing, WEIGHT_MESSAGES, type SoldByWeight } from "../../domain/weight.ts";
import { useI18n } from "../i18n.tsx";

interface Totals {
  state: "confirmed" | "cancelled";
  paymentMethod: "cod" | "razorpay";
  couponCode: string | null;
  subtotalPaise: number;
  discountPaise: number;
  prepaidDiscountPaise: number;
  taxPaise: number;
  totalPaise: number;
  lines?: { byWeight?: SoldByWeight; packedGrams?: number }[];
}

/** What the order costs, as its invoice says it (issue 11 point 3): items, coupon, delivery, tax, and what is paid or to pay. */
export function OrderTotals({ order }: { order: Totals }) {
  const deliveryPaise = deliveryPaiseOf(order);
  const row = "flex justify-between py-1";
  const i18n = useI18n();
  const totalLabel = order.state === "cancelled" ? i18n._("Total (cancelled, nothing to pay)") : order.paymentMethod === "cod" ? i18n._("To pay on delivery") : i18n._("Total Paid");
  return (
    <>
      <dl aria-label={i18n._("Order total")} className="mt-4 text-sm">
        <div className={row}>
          <dt>{i18n._("Items")}</dt>
          <dd>{formatRupees(order.subtotalPaise)}</dd>
        </div>
        {order.discountPaise > 0 && (
          <div className={`${row} text-brand-800`}>
            <dt>
              {i18n._("Coupon")}
              {order.couponCode ? ` ${order.couponCode}` : ""}
            </dt>
            <dd>−{formatRupees(order.discountPaise)}</dd>
          </div>
        )}
        {order.prepaidDiscountPaise > 0 && (
          <div className={`${row} text-brand-800`}>
            <dt>{i18n._("Prepaid discount")}</dt>
            <dd>−{formatRupees(order.prepaidDiscountPaise)}</dd>
          </div>
        )}
        <div className={row}>
          <dt>{i18n._("Delivery")}</dt>
          <dd>{deliveryPaise === 0 ? i18n._("Free") : formatRupees(deliveryPaise)}</dd>
        </div>
        <div className={`${row} text-stone-600`}>
          <dt>{i18n._("Tax included")}</dt>
          <dd>{formatRupees(order.taxPaise)}</dd>
        </div>
        <div className={`${row} mt-2 border-t border-stone-300 pt-3 text-lg font-semibold`}>
          <dt>{totalLabel}</dt>
          <dd>{formatRupees(order.totalPaise)}</dd>
        </div>
      </dl>
      {order.state !== "cancelled" && order.lines && awaitsWeighing(order.lines) && <p className="text-xs text-stone-600">{i18n._(WEIGHT_MESSAGES.estimatedTotal)}</p>}
    </>
  );
}
