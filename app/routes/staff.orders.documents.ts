// /staff/orders/{id}/invoice and /staff/orders/{id}/credit-notes/{note}: an order's tax invoice
// (its order summary before it is issued) and credit notes as PDFs (decision 065), for staff only.
import { waysIn } from "../server/ways-in.server.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { parseId } from "../domain/ids.ts";
import { staffOrder } from "../server/access.server.ts";
import { creditNoteResponse, invoiceResponse } from "../server/invoice/documents.server.ts";
import type { Route } from "./+types/staff.orders.documents";

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await staffOrder(context, params.id);
  const reads = waysIn(context).reads;
  const shopper = order ? await reads.staff.customerOfOrder(order.id) : null;
  const response =
    !order || !shopper ? null : params.note === undefined ? await invoiceResponse(reads, shopper, order) : await creditNoteResponse(reads, shopper, order.id, parseId(params.note));
  return response ?? new Response(ORDER_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
