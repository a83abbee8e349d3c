// The orders list's loader and cancel action, shared by /orders and /myaccount/orders.
import type { RouterContextProvider } from "react-router";
import { ORDER_MESSAGES, toOrderSummary } from "../domain/order.ts";
import { requireCustomer } from "./auth/session.server.ts";
import { shopOf } from "./context.server.ts";
import { finish, refuse } from "./forms.server.ts";
import { ShopError } from "./shop/port.server.ts";
import { parseId } from "../domain/ids.ts";

export async function ordersPageData(context: Readonly<RouterContextProvider>, url: URL, base: string) {
  const customer = requireCustomer(context, base);
  const orders = await shopOf(context).orders.list(customer);
  return { orders: orders.map(toOrderSummary), confirming: parseId(url.searchParams.get("cancel")), base };
}

export async function cancelOrderAction(request: Request, context: Readonly<RouterContextProvider>, base: string) {
  const customer = requireCustomer(context, base);
  const form = await request.formData();
  if (form.get("intent") !== "cancel") return refuse("That request could not be understood.");
  const id = parseId(form.get("order"));
  if (id === null) return refuse(ORDER_MESSAGES.notFound, 404);
  try {
    await shopOf(context).orders.cancel(customer, id);
    return finish(request, base, { type: "success", message: ORDER_MESSAGES.cancelled }, { navigate: true });
  } catch (error) {
    if (error instanceof ShopError && error.code === "not_found") return refuse(error.message, 404);
    if (error instanceof ShopError) return finish(request, base, { type: "error", message: error.message }, { navigate: true });
    console.error(error);
    return finish(request, base, { type: "error", message: ORDER_MESSAGES.cancelFailed }, { navigate: true });
  }
}
