// Who may open /staff (issue 14): a signed-in customer who is staff. Anyone else, signed in or
// not, is answered 404, as if the pages were not there.
import { data, type RouterContextProvider } from "react-router";
import { customerOf } from "./auth/session.server.ts";
import { shopOf } from "./context.server.ts";
import { parseId } from "../domain/ids.ts";
import type { Customer, OrderView } from "./shop/port.server.ts";

export async function requireStaff(context: Readonly<RouterContextProvider>): Promise<Customer> {
  const customer = customerOf(context);
  if (!customer || !(await shopOf(context).staff.isStaff(customer))) throw data("Not Found", { status: 404 });
  return customer;
}

/** Staff only: any placed order, by the id in a path (to anyone else, 404). Null when there is no such order. */
export async function staffOrder(context: Readonly<RouterContextProvider>, rawId: string | undefined): Promise<OrderView | null> {
  await requireStaff(context);
  const shop = shopOf(context);
  const id = parseId(rawId);
  const shopper = id === null ? null : await shop.staff.customerOfOrder(id);
  return shopper && id !== null ? shop.orders.get(shopper, id) : null;
}
