// /paymentsuccess?order=ID: 'Payment Successful' (transactions §2), where a verified online
// payment ends: the order it placed, paid, with Razorpay's payment id, and Return to Home.
import { data, Link, redirect } from "react-router";
import { OrderTotals } from "../components/orders/OrderTotals.tsx";
import { privatePageMeta } from "../components/seo.ts";
import { parseId } from "../domain/ids.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { methodLabel, paymentStateLabel } from "../domain/payment.ts";
import { customerIn } from "../server/access.server.ts";
import { shopOf } from "../server/context.server.ts";
import type { Route } from "./+types/paymentsuccess";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const id = parseId(url.searchParams.get("order"));
  if (id === null) throw redirect("/orders", 303);
  const order = await shopOf(context).orders.get(customer, id);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404 });
  // Not paid online (cash on delivery): its own page says what it is.
  if (order.payment.state === "cod") throw redirect(`/ordersuccess?order=${id}`, 303);
  return { order };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <section aria-labelledby="paid-title" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 id="paid-title" className="text-2xl font-semibold text-brand-800">
        Payment Successful
      </h1>
      <p className="mt-3 text-stone-700">
        Thank you. Your payment was received and order <strong>#{order.id}</strong> is confirmed{order.slot ? <> for delivery {order.slot.label}</> : null}.
      </p>
      <p className="mt-1 text-sm text-stone-600">
        {methodLabel(order.payment.method)} · {paymentStateLabel(order.payment.state)}
        {order.payment.providerPaymentId && <> · Payment ID {order.payment.providerPaymentId}</>}
      </p>
      <div className="mx-auto max-w-sm text-left">
        <OrderTotals order={order} />
      </div>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, { title: "Payment Successful", description: "Your payment was received.", path: "/paymentsuccess" });
