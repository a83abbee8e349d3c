// /staff/orders/pick?slot=2026-12-02/morning: a slot's pick list (issue 46), every placed order's
// lines summed by product and pack, sorted by shelf, printable; staff tick lines as picked with a
// plain form. Works without JavaScript.
import { data, Link } from "react-router";
import { waysIn } from "../server/ways-in.server.ts";
import { parseSlot, slotLabel, slotValue } from "../domain/delivery.ts";
import { staffPickForm } from "../server/forms/staff.server.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { PickLines } from "../components/staff/PickLines.tsx";
import type { Route } from "./+types/staff.orders.pick";

export async function loader({ context, url }: Route.LoaderArgs) {
  const slot = parseSlot(url.searchParams.get("slot"));
  if (!slot) throw data(null, { status: 404 });
  return { slot, label: slotLabel(slot), lines: await waysIn(context).reads.staff.pickList(slot) };
}

export const action = staffPickForm.run;

export default function StaffPickList({ loaderData, actionData }: Route.ComponentProps) {
  const { slot, label, lines } = loaderData;
  const back = `/staff/orders/pick?slot=${slotValue(slot)}`;
  const picked = lines.filter((l) => l.picked).length;
  return (
    <section aria-labelledby="pick-title" className="mt-6">
      <h1 id="pick-title" className="text-2xl font-semibold">
        Pick list: {label}
      </h1>
      <RefusalNotice reply={actionData} />
      <p className="mt-2 text-sm text-stone-700">
        {lines.length === 0 ? "No orders to pick for this slot." : `${picked} of ${lines.length} lines picked.`}{" "}
        <Link to={`/staff/orders?day=${slot.date}`} className="underline print:hidden">
          Back to the day's orders
        </Link>
      </p>
      {lines.length > 0 && <PickLines slot={slot} lines={lines} back={back} />}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Pick list, ${loaderData?.label ?? "a slot"} | Haat staff` }];
