// /paymentsuccess?order=ID: 'Payment Successful' (Specification: Order confirmation), where a verified online
// payment ends: the order it placed, paid, with Razorpay's payment id, and Return to Home.
import { waysIn } from "../server/ways-in.server.ts";
import { data, Link, redirect } from "react-router";
import { OrderTotals } from "../components/orders/OrderTotals.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { methodText, paymentStateText, place, slotText, withElements } from "../components/orders/order-text.tsx";
import { parseId } from "../domain/ids.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { customerIn } from "../server/access.server.ts";
import type { Route } from "./+types/paymentsuccess";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const id = parseId(url.searchParams.get("order"));
  if (id === null) throw redirect("/orders", 303);
  const order = await waysIn(context).reads.orders.get(customer, id);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404 });
  // Not paid online (cash on delivery): its own page says what it is.
  if (order.payment.state === "cod") throw redirect(`/ordersuccess?order=${id}`, 303);
  return { order };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const i18n = useI18n();
  return (
    <section aria-labelledby="paid-title" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 id="paid-title" className="text-2xl font-semibold text-brand-800">
        {i18n._("Payment Successful")}
      </h1>
      <p className="mt-3 text-stone-700">
        {withElements(
          order.slot
            ? i18n._("Thank you. Your payment was received and order #{id} is confirmed for delivery {slot}.", { id: place("id"), slot: slotText(i18n, order.slot) })
            : i18n._("Thank you. Your payment was received and order #{id} is confirmed.", { id: place("id") }),
          {
            id: (
              <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 underline">
                {order.number}
              </Link>
            ),
          },
        )}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        {methodText(i18n, order.payment.method)} · {paymentStateText(i18n, order.payment.state)}
        {order.payment.providerPaymentId && <> · {i18n._("Payment ID {id}", { id: order.payment.providerPaymentId })}</>}
      </p>
      <div className="mx-auto max-w-sm text-left">
        <OrderTotals order={order} />
      </div>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        {i18n._("Return to Home")}
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Payment Successful"), description: i18n._("Your payment was received."), path: "/paymentsuccess" });
};
