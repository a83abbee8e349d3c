// Who may open /staff (issue 14): a signed-in customer who is staff. Anyone else, signed in or
// not, is answered 404, as if the pages were not there.
import { data, type RouterContextProvider } from "react-router";
import { customerOf } from "./auth/session.server.ts";
import { shopOf } from "./context.server.ts";
import type { Customer } from "./shop/port.server.ts";

export async function requireStaff(context: Readonly<RouterContextProvider>): Promise<Customer> {
  const customer = customerOf(context);
  if (!customer || !(await shopOf(context).staff.isStaff(customer))) throw data("Not Found", { status: 404 });
  return customer;
}
