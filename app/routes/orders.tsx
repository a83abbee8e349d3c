// /orders: 'Your Orders', with invoices and cancellation (transactions §2).
import { OrdersList } from "../components/orders/OrdersList.tsx";
import { cancelOrderAction, ordersPageData } from "../server/orders-page.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/orders";
import { privatePageMeta } from "../components/seo.ts";

export const loader = ({ context, url }: Route.LoaderArgs) => ordersPageData(context, url, "/orders");

export const action = ({ request, context }: Route.ActionArgs) => cancelOrderAction(request, context, "/orders");

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Your Orders</h1>
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      )}
      <OrdersList orders={loaderData.orders} base={loaderData.base} confirming={loaderData.confirming} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Orders", description: "Your orders, their invoices and cancellation.", path: "/orders" });
