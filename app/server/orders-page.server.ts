// The orders list's loader, shared by /orders and /myaccount/orders (their action is the orders form).
import type { RouterContextProvider } from "react-router";
import { parseId } from "../domain/ids.ts";
import { toOrderSummary } from "../domain/order.ts";
import { customerIn } from "./access.server.ts";
import { waysIn } from "./ways-in.server.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import { localeIn } from "./i18n.server.ts";

export async function ordersPageData(context: Readonly<RouterContextProvider>, url: URL, base: string) {
  const customer = customerIn(context);
  const orders = await waysIn(context).reads.orders.list(customer);
  // Each order's products by their names in the page's language (issue 41 item 12, decision 067).
  const locale = localeIn(context);
  return { orders: orders.map((o) => toOrderSummary({ ...o, lines: cardsIn(locale, o.lines) })), confirming: parseId(url.searchParams.get("cancel")), base };
}
