// /myaccount/orders: the same 'Your Orders' list inside the account area.
import { OrdersList } from "../components/orders/OrdersList.tsx";
import { cancelOrderAction, ordersPageData } from "../server/orders-page.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/myaccount.orders";
import { privatePageMeta } from "../components/seo.ts";

export const loader = ({ context, url }: Route.LoaderArgs) => ordersPageData(context, url, "/myaccount/orders");

export const action = ({ request, context }: Route.ActionArgs) => cancelOrderAction(request, context, "/myaccount/orders");

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Your Orders</h1>
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      )}
      <OrdersList orders={loaderData.orders} base={loaderData.base} confirming={loaderData.confirming} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Orders", description: "Your orders, their invoices and cancellation.", path: "/myaccount/orders" });
