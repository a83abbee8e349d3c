// /orders/:id/invoice: the order's tax invoice as a PDF, for its own customer only.
import { ORDER_MESSAGES } from "../domain/order.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import { invoicePdf, pdfResponse } from "../server/invoice/invoice.server.ts";
import type { Route } from "./+types/orders.invoice";
import { parseId } from "../domain/ids.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const customer = requireCustomer(context, "/orders");
  const order = id !== null ? await shopOf(context).orders.get(customer, id) : null;
  if (!order) return new Response(ORDER_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return pdfResponse(await invoicePdf(order), `haat-invoice-${order.id}.pdf`);
}
