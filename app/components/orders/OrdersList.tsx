import { canCancel } from "../../domain/order-life.ts";
import { CancelConfirm } from "./CancelConfirm.tsx";
import { Link, useNavigation } from "react-router";
import { formatRupees } from "../../domain/money.ts";
import type { OrderSummaryView } from "../../domain/order.ts";
import { RefusalNotice } from "../ui/RefusalNotice.tsx";
import { useI18n } from "../i18n.tsx";
import { paymentText, slotText, stageText } from "./order-text.tsx";

/**
 * 'Your Orders' (Specification: Orders): each order with date, items, total and its state,
 * the invoice, and cancel. Cancelling asks first: `?cancel=ID` shows the question with
 * its own Yes button, which is a real confirmation step without JavaScript too.
 */
export function OrdersList({ orders, base, confirming }: { orders: OrderSummaryView[]; base: string; confirming: number | null }) {
  const busy = useNavigation().formData?.get("intent") === "cancel";
  const i18n = useI18n();
  if (orders.length === 0) {
    return (
      <p className="mt-6 text-stone-700">
        {i18n._("You have no orders yet.")}{" "}
        <Link to="/products" className="font-medium text-brand-700 underline">
          {i18n._("Start shopping")}
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label={i18n._("Orders")} className="mt-6 space-y-4">
      {orders.map((o) => (
        <li key={o.id}>
          <article aria-label={i18n._("Order #{id}", { id: o.number })} className="rounded-lg border border-stone-200 bg-surface p-4">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold">
                <Link to={`/orders/${o.id}`} className="hover:underline">
                  {i18n._("Order #{id}", { id: o.number })}
                </Link>
              </h2>
              <span className={`rounded px-2 py-0.5 text-xs font-bold ${o.state === "cancelled" ? "bg-stone-200 text-stone-700" : "bg-brand-100 text-brand-800"}`}>
                {stageText(i18n, o.stage, o.state === "cancelled")}
              </span>
            </header>
            <p className="mt-1 text-sm text-stone-600">
              {i18n._("Placed on {date}", { date: i18n.date(o.placedAt, { dateStyle: "medium", timeZone: "Asia/Kolkata" }) })} ·{" "}
              {i18n._("{count, plural, one {# item} other {# items}}", { count: o.itemCount })} · {i18n._("Total")}{" "}
              <strong className="text-stone-900">{formatRupees(o.totalPaise)}</strong> · {i18n._("Payment:")}{" "}
              <span className="font-medium text-stone-900">{paymentText(i18n, o.payment)}</span>
              {o.slot && (
                <>
                  {" "}
                  · {i18n._("Delivery:")} <span className="font-medium text-stone-900">{slotText(i18n, o.slot)}</span>
                </>
              )}
            </p>
            <ul className="mt-2 text-sm text-stone-700">
              {o.lines.map((l) => (
                <li key={l.internalReference}>
                  {l.title} × {l.quantity}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <a href={`/orders/${o.id}/invoice`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
                {i18n._("Invoice (PDF)")}
              </a>
              {canCancel(o.stage, o.state === "cancelled") && confirming !== o.id && (
                <Link to={`${base}?cancel=${o.id}`} preventScrollReset className="font-medium text-red-700 underline">
                  {i18n._("Cancel order")}
                </Link>
              )}
            </div>
            {o.state !== "cancelled" && confirming === o.id && <CancelConfirm order={o.id} number={o.number} action={base} keep={base} busy={busy} />}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** 'Your Orders' with the refusal of a cancel, if any: the page of /orders and /myaccount/orders. */
export function OrdersSection({ orders, base, confirming, reply }: { orders: OrderSummaryView[]; base: string; confirming: number | null; reply: unknown }) {
  const i18n = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._("Your Orders")}</h1>
      <RefusalNotice reply={reply} className="mt-4" />
      <OrdersList orders={orders} base={base} confirming={confirming} />
    </section>
  );
}
