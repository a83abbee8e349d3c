// /orders: 'Your Orders', with invoices and cancellation (transactions §2).
import { OrdersSection } from "../components/orders/OrdersList.tsx";
import { cancelOrderAction, ordersPageData } from "../server/orders-page.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/orders";
import { privatePageMeta } from "../components/seo.ts";

export const loader = ({ context, url }: Route.LoaderArgs) => ordersPageData(context, url, "/orders");

export const action = ({ request, context }: Route.ActionArgs) => cancelOrderAction(request, context, "/orders");

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <OrdersSection {...loaderData} error={actionData && !actionData.ok ? actionData.error : undefined} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Orders", description: "Your orders, their invoices and cancellation.", path: "/orders" });
