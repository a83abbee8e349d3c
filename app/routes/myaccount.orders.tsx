// /myaccount/orders: the same 'Your Orders' list inside the account area.
import { OrdersSection } from "../components/orders/OrdersList.tsx";
import { cancelOrderAction, ordersPageData } from "../server/orders-page.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/myaccount.orders";
import { privatePageMeta } from "../components/seo.ts";

export const loader = ({ context, url }: Route.LoaderArgs) => ordersPageData(context, url, "/myaccount/orders");

export const action = ({ request, context }: Route.ActionArgs) => cancelOrderAction(request, context, "/myaccount/orders");

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  return <OrdersSection {...loaderData} error={actionData && !actionData.ok ? actionData.error : undefined} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Orders", description: "Your orders, their invoices and cancellation.", path: "/myaccount/orders" });
