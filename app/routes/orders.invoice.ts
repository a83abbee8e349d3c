// /orders/:id/invoice: the order's tax invoice as a PDF once it is issued (when the order leaves
// the reads), its order summary before (decision 065); for its own customer only (signed in, or
// holding the API's signed link).
import { waysIn } from "../server/ways-in.server.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { invoiceResponse } from "../server/invoice/documents.server.ts";
import type { Route } from "./+types/orders.invoice";
import { parseId } from "../domain/ids.ts";
import { invoiceKeyCustomer } from "../server/api/invoice-link.server.ts";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const reads = waysIn(context).reads;
  // The JSON API's invoice_url carries a signed key instead of a cookie (issue 17).
  const keyed = id !== null && url.searchParams.has("key") ? invoiceKeyCustomer(id, url.searchParams.get("key")) : null;
  // The key names the order and its customer; orders.get still scopes the read by that customer.
  const owner = keyed !== null ? await reads.accounts.byId(keyed) : null;
  const customer = owner ?? requireCustomer(context, "/orders");
  const order = id !== null ? await reads.orders.get(customer, id) : null;
  if (!order) return new Response(ORDER_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return invoiceResponse(reads, customer, order);
}
