import { canCancel, STAGE_LABELS } from "../../domain/order-life.ts";
import { CancelConfirm } from "./CancelConfirm.tsx";
import { Link, useNavigation } from "react-router";
import { count } from "../../domain/plural.ts";
import { formatRupees } from "../../domain/money.ts";
import type { OrderSummaryView } from "../../domain/order.ts";
import { RefusalNotice } from "../ui/RefusalNotice.tsx";

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/**
 * 'Your Orders' (transactions §2): each order with date, items, total and its state,
 * the invoice, and cancel. Cancelling asks first: `?cancel=ID` shows the question with
 * its own Yes button, which is a real confirmation step without JavaScript too.
 */
export function OrdersList({ orders, base, confirming }: { orders: OrderSummaryView[]; base: string; confirming: number | null }) {
  const busy = useNavigation().formData?.get("intent") === "cancel";
  if (orders.length === 0) {
    return (
      <p className="mt-6 text-stone-700">
        You have no orders yet.{" "}
        <Link to="/products" className="font-medium text-brand-700 underline">
          Start shopping
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label="Orders" className="mt-6 space-y-4">
      {orders.map((o) => (
        <li key={o.id}>
          <article aria-label={`Order #${o.id}`} className="rounded-lg border border-stone-200 bg-surface p-4">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold">
                <Link to={`/orders/${o.id}`} className="hover:underline">
                  Order #{o.id}
                </Link>
              </h2>
              <span className={`rounded px-2 py-0.5 text-xs font-bold ${o.state === "cancelled" ? "bg-stone-200 text-stone-700" : "bg-brand-100 text-brand-800"}`}>
                {o.state === "cancelled" ? STAGE_LABELS.cancelled : STAGE_LABELS[o.stage]}
              </span>
            </header>
            <p className="mt-1 text-sm text-stone-600">
              Placed on {dateFormat.format(new Date(o.placedAt))} · {count(o.itemCount, "item")} · Total <strong className="text-stone-900">{formatRupees(o.totalPaise)}</strong> ·
              Payment: <span className="font-medium text-stone-900">{o.payment}</span>
              {o.slot && (
                <>
                  {" "}
                  · Delivery: <span className="font-medium text-stone-900">{o.slot}</span>
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
                Invoice (PDF)
              </a>
              {canCancel(o.stage, o.state === "cancelled") && confirming !== o.id && (
                <Link to={`${base}?cancel=${o.id}`} preventScrollReset className="font-medium text-red-700 underline">
                  Cancel order
                </Link>
              )}
            </div>
            {o.state !== "cancelled" && confirming === o.id && <CancelConfirm order={o.id} action={base} keep={base} busy={busy} />}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** 'Your Orders' with the refusal of a cancel, if any: the page of /orders and /myaccount/orders. */
export function OrdersSection({ orders, base, confirming, reply }: { orders: OrderSummaryView[]; base: string; confirming: number | null; reply: unknown }) {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Your Orders</h1>
      <RefusalNotice reply={reply} className="mt-4" />
      <OrdersList orders={orders} base={base} confirming={confirming} />
    </section>
  );
}
