// /orders: 'Your Orders', with invoices and cancellation (Specification: Orders).
import { OrdersSection } from "../components/orders/OrdersList.tsx";
import { i18nFor } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { ordersForm } from "../server/forms/orders.server.ts";
import { ordersPageData } from "../server/orders-page.server.ts";
import type { Route } from "./+types/orders";

export const loader = ({ context, url }: Route.LoaderArgs) => ordersPageData(context, url, "/orders");

export const action = ordersForm.run;

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <OrdersSection {...loaderData} reply={actionData} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Your Orders"), description: i18n._("Your orders, their invoices and cancellation."), path: "/orders" });
};
