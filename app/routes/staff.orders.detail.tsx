// /staff/orders/{id}: one order for the staff who pack and deliver it (issue 14): its lines,
// address, phone, payment and timeline, the move to its next stage, its packing slip, its tax
// invoice (an order summary until it leaves the reads) and credit notes, and, once it has left,
// taking items back (decision 065).
import { waysIn } from "../server/ways-in.server.ts";
import { GiftNote } from "../components/orders/GiftNote.tsx";
import { data } from "react-router";
import { OrderTimeline } from "../components/orders/OrderTimeline.tsx";
import { OrderTotals } from "../components/orders/OrderTotals.tsx";
import { AdvanceForm } from "../components/staff/AdvanceForm.tsx";
import { ShortForm } from "../components/staff/ShortForm.tsx";
import { WeighForm } from "../components/staff/WeighForm.tsx";
import { ReplaceForm } from "../components/staff/ReplaceForm.tsx";
import { TakeBackForm } from "../components/staff/TakeBackForm.tsx";
import { canTakeBack } from "../domain/take-back.ts";
import { choiceFor, DEFAULT_REPLACEMENT, REPLACEMENT_LABELS, REPLACEMENT_MESSAGES } from "../domain/replacement.ts";
import { replacementOffers } from "../server/use-cases/move-order.server.ts";
import { formatGrams, linesToWeigh } from "../domain/weight.ts";
import { addressLine } from "../domain/address.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { canShort } from "../domain/order-life.ts";
import { paymentLine } from "../domain/payment.ts";
import { staffOrder } from "../server/access.server.ts";
import { ELSEWHERE_MESSAGES } from "../domain/capabilities.ts";
import { staffOrdersForm } from "../server/forms/staff.server.ts";
import type { Route } from "./+types/staff.orders.detail";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const order = await staffOrder(context, params.id);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404 });
  const reads = waysIn(context).reads;
  const canMove = reads.capabilities.staffMovesOrders;
  return {
    order: { ...order, events: order.events.map((e) => ({ ...e, at: e.at.toISOString() })) },
    here: url.pathname,
    canMove,
    offers: canMove ? await replacementOffers(reads, order) : {},
  };
}

// Moving the order, marking a line short, replacing an item and weighing post to this page itself.
export const action = staffOrdersForm.run;

export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { order, here, canMove, offers } = loaderData;
  const cancelled = order.state === "cancelled";
  // Items may be marked short while the order is being packed, not once it has left.
  const shortable = canShort(order.stage, cancelled);
  // Lines sold by weight not weighed yet (issue 29): weighed together once the order is packed.
  const toWeigh = linesToWeigh(order.lines).map((l) => ({ id: l.id, title: l.title, quantity: l.quantity, byWeight: l.byWeight! }));
  // Once it has left the shop: items refused at the door or returned (a credit note each time).
  const returnable = canMove && canTakeBack(order.stage, cancelled);
  return (
    <article aria-labelledby="staff-order-title" className="mt-6 max-w-3xl">
      <h1 id="staff-order-title" className="text-2xl font-semibold">
        Order #{order.number}
      </h1>
      <OrderTimeline stage={order.stage} cancelled={cancelled} events={order.events} />
      {!cancelled && (
        <div className="mt-3">
          {canMove ? (
            <AdvanceForm order={order.id} number={order.number} stage={order.stage} back={here} action={here} />
          ) : (
            <p className="text-sm text-stone-700">{ELSEWHERE_MESSAGES.orders}</p>
          )}
        </div>
      )}
      <p className="mt-4 text-sm">
        <strong>{order.slot?.label ?? "No slot"}</strong> · {order.deliveryAddress.name}, {addressLine(order.deliveryAddress)} ·{" "}
        <a href={`tel:${order.deliveryAddress.phone}`} className="underline">
          {order.deliveryAddress.phone}
        </a>
      </p>
      <p className="mt-1 text-sm">Payment: {paymentLine(order.payment)}</p>
      <p className="mt-2 text-sm">
        <a href={`${here}/slip`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          Packing slip (PDF)
        </a>{" "}
        ·{" "}
        <a href={`${here}/invoice`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          {order.invoice ? `Tax invoice ${order.invoice.number} (PDF)` : "Order summary (PDF; the tax invoice is issued at Out for delivery)"}
        </a>
        {order.creditNotes.map((n) => (
          <span key={n.id}>
            {" "}
            ·{" "}
            <a href={`${here}/credit-notes/${n.id}`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
              Credit note {n.number} (PDF)
            </a>
          </span>
        ))}
      </p>
      {order.gift && <GiftNote gift={order.gift} />}
      {canMove && toWeigh.length > 0 && order.stage === "packed" && !cancelled && <WeighForm order={order.id} lines={toWeigh} back={here} action={here} />}
      {toWeigh.length > 0 && order.stage !== "packed" && shortable && !cancelled && (
        <p className="mt-4 text-sm text-stone-700">Items sold by weight: mark the order Packed, then enter what they weighed.</p>
      )}
      <ul aria-label="Items to pack" className="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
        {order.lines.map((l) => (
          <li key={l.internalReference} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <span className="flex-1">
              {l.title} ({l.attribute}) <span className="text-stone-600">{l.internalReference}</span>
            </span>
            <strong>× {l.quantity}</strong>
            {l.packedGrams !== undefined && <span>Weighed {formatGrams(l.packedGrams)}</span>}
            {l.replacedFrom && (
              <span className="w-full text-xs text-stone-700">
                Replaces {l.replacedFrom.title} ({l.replacedFrom.internalReference})
              </span>
            )}
            {shortable && !cancelled && (
              <span className="w-full text-xs text-stone-700">
                {REPLACEMENT_MESSAGES.asked(REPLACEMENT_LABELS[choiceFor(order.replacement ?? DEFAULT_REPLACEMENT, l.replacement)])}
                {choiceFor(order.replacement ?? DEFAULT_REPLACEMENT, l.replacement) === "call" && ` · ${REPLACEMENT_MESSAGES.callFirst(order.deliveryAddress.phone)}`}
              </span>
            )}
            {canMove && offers[l.id] && <ReplaceForm order={order.id} line={l.id} title={l.title} offers={offers[l.id]!} back={here} action={here} />}
            {canMove && shortable && l.packedGrams === undefined && (l.quantity > 1 || order.lines.length > 1) && (
              <ShortForm order={order.id} line={l.id} title={l.title} quantity={l.quantity} back={here} action={here} />
            )}
            {returnable && (l.packedGrams === undefined ? l.quantity > 1 || order.lines.length > 1 : order.lines.length > 1) && (
              <TakeBackForm order={order.id} line={l.id} title={l.title} quantity={l.quantity} whole={l.packedGrams !== undefined} back={here} action={here} />
            )}
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
    </article>
  );
}
