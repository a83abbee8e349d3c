// /staff/orders/{id}/slip: the order's packing slip as a PDF (issue 14), for staff only.
import { parseId } from "../domain/ids.ts";
import { ORDER_MESSAGES } from "../domain/order.ts";
import { shopOf } from "../server/context.server.ts";
import { packingSlipPdf } from "../server/invoice/packing-slip.server.ts";
import { requireStaff } from "../server/staff-access.server.ts";
import type { Route } from "./+types/staff.orders.slip";

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireStaff(context);
  const shop = shopOf(context);
  const id = parseId(params.id);
  const shopper = id === null ? null : await shop.staff.customerOfOrder(id);
  const order = shopper && id !== null ? await shop.orders.get(shopper, id) : null;
  if (!order) return new Response(ORDER_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const pdf = await packingSlipPdf(order);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="haat-packing-slip-${order.id}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
