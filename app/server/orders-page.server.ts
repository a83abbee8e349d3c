// The orders list's loader, shared by /orders and /myaccount/orders (their action is the orders form).
import type { RouterContextProvider } from "react-router";
import { parseId } from "../domain/ids.ts";
import { toOrderSummary } from "../domain/order.ts";
import { customerIn } from "./access.server.ts";
import { shopOf } from "./context.server.ts";

export async function ordersPageData(context: Readonly<RouterContextProvider>, url: URL, base: string) {
  const customer = customerIn(context);
  const orders = await shopOf(context).orders.list(customer);
  return { orders: orders.map(toOrderSummary), confirming: parseId(url.searchParams.get("cancel")), base };
}
