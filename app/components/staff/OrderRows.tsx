import { Link } from "react-router";
import { formatRupees } from "../../domain/money.ts";
import { STAGE_LABELS } from "../../domain/order-life.ts";
import type { StaffOrderRow } from "../../server/shop/port.server.ts";
import { AdvanceForm } from "./AdvanceForm.tsx";

/** Staff's orders grouped under their slot's heading ("Wed 2 Jun, 7-10 am"), each moved on from here. */
export function OrderRows({ orders, here, canMove }: { orders: readonly StaffOrderRow[]; here: string; canMove: boolean }) {
  const slots = [...new Set(orders.map((o) => o.slot))];
  return slots.map((slot) => {
    const first = orders.find((o) => o.slot === slot)!;
    const printable = first.date && first.slotKind && orders.some((o) => o.slot === slot && !o.cancelled);
    return (
      <section key={slot} aria-label={slot} className="mt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="font-semibold">{slot}</h2>
          {printable && (
            <span className="flex flex-wrap gap-x-4 text-sm font-medium">
              <Link to={`/staff/orders/pick?slot=${first.date}/${first.slotKind}`} className="text-brand-700 underline">
                Pick list of {slot}
              </Link>
              <a href={`/staff/orders/slips?slot=${first.date}/${first.slotKind}`} target="_blank" rel="noopener" className="text-brand-700 underline">
                Packing slips of {slot} (PDF)
              </a>
            </span>
          )}
        </div>
        <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {orders
            .filter((o) => o.slot === slot)
            .map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                <Link to={`/staff/orders/${o.id}`} className="font-semibold text-brand-800 underline">
                  Order #{o.number}
                </Link>
                <span className="min-w-0 break-words">
                  {o.name}, {o.phone}, {o.zip}
                </span>
                <span>{o.items} items</span>
                <span>{formatRupees(o.totalPaise)}</span>
                <span>{o.paymentMethod === "cod" ? "Cash on delivery" : o.paidOnline ? "Paid online" : "Autopay, not yet paid"}</span>
                <span className="rounded bg-stone-100 px-2 py-0.5 font-medium">{o.cancelled ? STAGE_LABELS.cancelled : STAGE_LABELS[o.stage]}</span>
                {!o.cancelled && canMove && <AdvanceForm order={o.id} number={o.number} stage={o.stage} back={here} />}
              </li>
            ))}
        </ul>
      </section>
    );
  });
}
