// /staff/orders/slips?slot=2026-12-02/morning: the packing slips (and gift cards) of a slot's
// orders as one PDF, by order number, to print in one go (issue 46). Staff only, as all /staff.
import { fileResponse, PDF } from "../server/file-response.server.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { parseSlot, slotLabel } from "../domain/delivery.ts";
import { staffOf } from "../server/access.server.ts";
import { packingSlipsPdf } from "../server/invoice/packing-slip.server.ts";
import type { Route } from "./+types/staff.orders.slips";

export async function loader({ context, url }: Route.LoaderArgs) {
  staffOf(context);
  const slot = parseSlot(url.searchParams.get("slot"));
  const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!slot) return text("Choose a delivery slot: ?slot=YYYY-MM-DD/morning, afternoon or evening.", 400);
  const orders = await waysIn(context).reads.orders.inSlot(slot);
  if (orders.length === 0) return text(`No orders to pack for ${slotLabel(slot)}.`, 404);
  const label = slotLabel(slot);
  return fileResponse(await packingSlipsPdf(orders, { Title: `Packing slips, ${label}`, Subject: `${orders.length} orders` }), {
    type: PDF,
    filename: `haat-packing-slips-${slot.date}-${slot.kind}.pdf`,
    inline: true,
  });
}
