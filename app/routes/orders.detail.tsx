// /orders/{id}: one order (issue 14): where it is (a timeline), its lines, delivery slot,
// address, payment, and its invoice (an order summary until the order leaves the reads) with any
// credit notes beside it (decision 065); moving the slot until 2 hours before it, cancelling until
// it is packed, and Buy again. Every form posts to this page itself. The URL names the order by
// its id; the page shows its number.
import { waysIn } from "../server/ways-in.server.ts";
import { data, Form, Link } from "react-router";
import { SlotPicker } from "../components/checkout/SlotPicker.tsx";
import { CancelConfirm } from "../components/orders/CancelConfirm.tsx";
import { OrderTimeline } from "../components/orders/OrderTimeline.tsx";
import { LineAmount } from "../components/orders/LineAmount.tsx";
import { OrderTotals } from "../components/orders/OrderTotals.tsx";
import { GiftNote } from "../components/orders/GiftNote.tsx";
import { orders } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { paymentText, slotText, stageText } from "../components/orders/order-text.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { addressLine } from "../domain/address.ts";
import { slotValue } from "../domain/delivery.ts";
import { parseId } from "../domain/ids.ts";
import { attributeIn } from "../domain/pack-size.ts";
import { canCancel, canMoveSlot } from "../domain/order-life.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import { customerIn } from "../server/access.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import { ordersForm } from "../server/forms/orders.server.ts";
import type { Route } from "./+types/orders.detail";
import { PHOTO_SIZES } from "../domain/photo.ts";
import { ProductImage } from "../components/ui/ProductImage.tsx";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const reads = waysIn(context).reads;
  const id = parseId(params.id);
  const order = id === null ? null : await reads.orders.get(customer, id);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404 });
  const now = new Date();
  const cancelled = order.state === "cancelled";
  // Offered only where the back end can move it (not with the ERP).
  const movable = reads.capabilities.changeSlot && canMoveSlot({ stage: order.stage, cancelled, slot: order.slot }, now);
  return {
    // Its products by their names in the page's language (issue 41 item 12, decision 067).
    order: { ...order, lines: cardsIn(localeIn(context), order.lines), events: order.events.map((e) => ({ ...e, at: e.at.toISOString() })) },
    cancellable: canCancel(order.stage, cancelled),
    slots: movable ? await reads.delivery.slots() : null,
    confirming: url.searchParams.get("cancel") === "1",
  };
}

// Cancelling, moving the slot and buying again post to this page itself.
export const action = ordersForm.run;

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, cancellable, slots, confirming } = loaderData;
  const cancelled = order.state === "cancelled";
  const delivered = !cancelled && order.stage === "delivered";
  const here = `/orders/${order.id}`;
  const back = <input type="hidden" name="redirectTo" value={here} />;
  const orderField = <input type="hidden" name={orders.field("cancel", "order")} value={order.id} />;
  const i18n = useI18n();
  return (
    <article aria-labelledby="order-title" className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to="/orders" className="text-brand-700 underline">
          {i18n._("Your Orders")}
        </Link>
      </p>
      <h1 id="order-title" className="mt-2 text-2xl font-semibold">
        {i18n._("Order #{id}", { id: order.number })}
      </h1>
      <p role="status" className="mt-1 text-stone-700">
        {stageText(i18n, order.stage, cancelled)}
      </p>
      <RefusalNotice reply={actionData} className="mt-3" />
      <OrderTimeline stage={order.stage} cancelled={cancelled} events={order.events} />

      <section aria-labelledby="delivery-title" className="mt-6 rounded-lg border border-stone-200 p-4">
        <h2 id="delivery-title" className="font-semibold">
          {i18n._("Delivery")}
        </h2>
        <p className="mt-1 text-sm">{order.slot ? slotText(i18n, order.slot) : i18n._("No slot chosen")}</p>
        <p className="mt-1 text-sm text-stone-700">
          {order.deliveryAddress.name}, {addressLine(order.deliveryAddress)}, {order.deliveryAddress.phone}
        </p>
        {slots && (
          <Form method="post" action={here} className="mt-3">
            <input type="hidden" {...orders.intent("change-slot")} />
            {orderField}
            {back}
            <SlotPicker slots={slots} name={orders.field("change-slot", "slot")} chosen={order.slot ? slotValue(order.slot) : null} />
            <button type="submit" className="mt-3 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
              {i18n._("Change slot")}
            </button>
          </Form>
        )}
      </section>

      <ul aria-label={i18n._("Ordered items")} className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200">
        {order.lines.map((l) => (
          <li key={l.internalReference} className="flex items-center gap-3 p-3">
            <ProductImage src={l.image} alt="" width={48} height={48} sizes={PHOTO_SIZES.px(48)} className="h-12 w-12 rounded object-cover" />
            <span className="flex-1">
              <Link to={`/product/${l.productId}`} className="hover:underline">
                {l.title}
              </Link>{" "}
              <span className="text-stone-600">
                {l.attribute && `(${attributeIn(i18n, l.attribute)}) `}× {l.quantity}
              </span>
              {l.replacedFrom && <span className="block text-sm text-stone-700">{i18n._("In place of {title}, which was out of stock", { title: l.replacedFrom.title })}</span>}
              {delivered && (
                <Link
                  to={`/product/${l.productId}?tab=reviews#write-review`}
                  className="ml-2 text-sm font-medium text-brand-700 underline"
                  aria-label={i18n._("Write a review of {title}", { title: l.title })}
                >
                  {i18n._("Write a review")}
                </Link>
              )}
            </span>
            <LineAmount line={l} />
          </li>
        ))}
      </ul>
      {order.gift && <GiftNote gift={order.gift} />}
      <OrderTotals order={order} />
      <p className="mt-2 text-sm text-stone-700">
        {i18n._("Payment:")} {paymentText(i18n, order.payment)}
      </p>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <a href={`${here}/invoice`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
          {i18n._("Invoice (PDF)")}
        </a>
        {order.creditNotes.map((n) => (
          <a key={n.id} href={`${here}/credit-notes/${n.id}`} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
            {i18n._("Credit note {number} (PDF)", { number: n.number })}
          </a>
        ))}
        <Form method="post" action={here}>
          <input type="hidden" {...orders.intent("buy-again")} />
          {orderField}
          {back}
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {i18n._("Buy again")}
          </button>
        </Form>
        {cancellable && !confirming && (
          <Link to={`${here}?cancel=1`} preventScrollReset className="font-medium text-red-700 underline">
            {i18n._("Cancel order")}
          </Link>
        )}
      </div>
      {!order.invoice && !cancelled && (
        <p className="mt-2 text-sm text-stone-600">{i18n._("The tax invoice is issued when your order is out for delivery; until then the invoice link gives its order summary.")}</p>
      )}
      {cancellable && confirming && <CancelConfirm order={order.id} number={order.number} action={here} keep={here} back={here} />}
      {!cancellable && !cancelled && order.stage !== "delivered" && <p className="mt-3 text-sm text-stone-600">{i18n._("This order is packed: it can no longer be cancelled.")}</p>}
    </article>
  );
}

export const meta: Route.MetaFunction = ({ params, matches, loaderData }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    // The number the page shows (the URL carries the order's id).
    title: loaderData ? i18n._("Order #{id}", { id: loaderData.order.number }) : i18n._("Your Orders"),
    description: i18n._("Your order: where it is, its items, delivery and payment."),
    path: `/orders/${params.id}`,
  });
};
