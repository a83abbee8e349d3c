// /orders/:id/credit-notes/:note: one of the order's credit notes as a PDF (decision 065), for its
// own customer only (signed in, or holding the API's signed link for the order).
import { waysIn } from "../server/ways-in.server.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { parseId } from "../domain/ids.ts";
import { invoiceKeyCustomer } from "../server/api/invoice-link.server.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { creditNoteResponse } from "../server/invoice/documents.server.ts";
import type { Route } from "./+types/orders.credit-note";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const reads = waysIn(context).reads;
  const keyed = id !== null && url.searchParams.has("key") ? invoiceKeyCustomer(id, url.searchParams.get("key")) : null;
  const owner = keyed !== null ? await reads.accounts.byId(keyed) : null;
  const customer = owner ?? requireCustomer(context, "/orders");
  const response = id !== null ? await creditNoteResponse(reads, customer, id, parseId(params.note)) : null;
  return response ?? new Response(ORDER_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
