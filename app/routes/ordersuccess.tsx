// /ordersuccess?order=ID: 'Order Placed' with the items and totals of the order just placed
// (Confirm Order sends its id), never merely the newest: two tabs may place two. It says the
// order's real state when revisited, and what is to pay on delivery for cash on delivery. Its
// number links to the order's own page (issue 41).
import { waysIn } from "../server/ways-in.server.ts";
import { data, Link, redirect } from "react-router";
import { parseId } from "../domain/ids.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import { customerIn } from "../server/access.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import type { Route } from "./+types/ordersuccess";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { place, slotText, withElements } from "../components/orders/order-text.tsx";
import { LineAmount } from "../components/orders/LineAmount.tsx";
import { OrderTotals } from "../components/orders/OrderTotals.tsx";
import { PHOTO_SIZES } from "../domain/photo.ts";
import { ProductImage } from "../components/ui/ProductImage.tsx";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const id = parseId(url.searchParams.get("order"));
  // No order named: the list of orders says what there is.
  if (id === null) throw redirect("/orders", 303);
  const order = await waysIn(context).reads.orders.get(customer, id);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404 });
  // Its products by their names in the page's language (issue 41 item 12, decision 067).
  return { order: { ...order, lines: cardsIn(localeIn(context), order.lines) } };
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const i18n = useI18n();
  // The number the shopper reads, linked to the order's page (its URL names it by id).
  const id = (
    <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 underline">
      {order.number}
    </Link>
  );
  const to = { id: place("id"), name: order.deliveryAddress.name, city: order.deliveryAddress.city, zip: order.deliveryAddress.zip };
  return (
    <section aria-labelledby="placed-title" className="mx-auto max-w-2xl px-4 py-10">
      <h1 id="placed-title" className="text-2xl font-semibold text-brand-800">
        {order.state === "cancelled" ? i18n._("Order Cancelled") : i18n._("Order Placed")}
      </h1>
      {order.state === "cancelled" ? (
        <p role="status" className="mt-2 font-medium text-red-800">
          {withElements(i18n._("Order #{id} was cancelled. Nothing will be delivered and nothing is to pay.", { id: place("id") }), { id })}
        </p>
      ) : (
        <p className="mt-2 text-stone-700">
          {withElements(
            order.slot
              ? i18n._("Thank you! Order #{id} is confirmed and will be delivered to {name}, {city} {zip}, {slot}.", { ...to, slot: slotText(i18n, order.slot) })
              : i18n._("Thank you! Order #{id} is confirmed and will be delivered to {name}, {city} {zip}.", to),
            { id },
          )}{" "}
          {order.paymentMethod === "cod" ? i18n._("Please pay in cash on delivery.") : i18n._("It is paid online.")}
        </p>
      )}
      <ul aria-label={i18n._("Ordered items")} className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200">
        {order.lines.map((l) => (
          <li key={l.internalReference} className="flex items-center gap-3 p-3">
            <ProductImage src={l.image} alt="" width={56} height={56} sizes={PHOTO_SIZES.px(56)} className="h-14 w-14 rounded object-cover" />
            <span className="flex-1">
              {l.title} <span className="text-stone-600">× {l.quantity}</span>
            </span>
            <LineAmount line={l} />
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <Link to="/" className="inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {i18n._("Continue shopping")}
        </Link>
        <Link to={`/orders/${order.id}`} className="font-medium text-brand-700 underline">
          {i18n._("View order #{id}", { id: order.number })}
        </Link>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Order Placed"), description: i18n._("Your order is placed: its items and the total to pay."), path: "/ordersuccess" });
};
