// /staff/orders/{id}/slip: the order's packing slip as a PDF (issue 14), for staff only.
import { fileResponse, PDF } from "../server/file-response.server.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { packingSlipPdf } from "../server/invoice/packing-slip.server.ts";
import { staffOrder } from "../server/access.server.ts";
import type { Route } from "./+types/staff.orders.slip";

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await staffOrder(context, params.id);
  if (!order) return new Response(ORDER_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return fileResponse(await packingSlipPdf(order), { type: PDF, filename: `haat-packing-slip-${order.id}.pdf`, inline: true });
}
