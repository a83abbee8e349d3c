// /staff/orders: a day's orders by delivery slot (today or tomorrow, or any date), filterable by
// stage, each moved to its next stage from here (issue 14). Works without JavaScript.
import { waysIn } from "../server/ways-in.server.ts";
import { Form, Link } from "react-router";
import { ELSEWHERE_MESSAGES } from "../domain/capabilities.ts";
import { AdvanceForm } from "../components/staff/AdvanceForm.tsx";
import { slotDates, shopDate } from "../domain/delivery.ts";
import { formatRupees } from "../domain/money.ts";
import { STAGE_LABELS, STAGES, type Stage } from "../domain/order-life.ts";
import { staffOrdersForm } from "../server/forms/staff.server.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import type { Route } from "./+types/staff.orders";

export async function loader({ context, url }: Route.LoaderArgs) {
  const now = new Date();
  const days = { today: shopDate(now), tomorrow: slotDates(now)[0]! };
  const asked = url.searchParams.get("day") ?? "today";
  const date = asked === "tomorrow" ? days.tomorrow : /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : days.today;
  const stageParam = url.searchParams.get("stage");
  const stage = (STAGES as readonly string[]).includes(stageParam ?? "") ? (stageParam as Stage) : null;
  const reads = waysIn(context).reads;
  return { date, days, day: asked, stage, orders: await reads.staff.ordersOn(date, stage), here: url.pathname + url.search, canMove: reads.capabilities.staffMovesOrders };
}

export const action = staffOrdersForm.run;

export default function StaffOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { date, days, stage, orders, here, canMove } = loaderData;
  const slots = [...new Set(orders.map((o) => o.slot))];
  return (
    <section aria-labelledby="staff-orders-title" className="mt-6">
      <h1 id="staff-orders-title" className="text-2xl font-semibold">
        Orders for {date}
      </h1>
      <RefusalNotice reply={actionData} />
      {!canMove && <p className="mt-2 text-sm text-stone-700">{ELSEWHERE_MESSAGES.orders}</p>}
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col">
          Day
          <select name="day" defaultValue={date === days.tomorrow ? "tomorrow" : date === days.today ? "today" : date} className="rounded-md border border-stone-300 px-2 py-1">
            <option value="today">Today ({days.today})</option>
            <option value="tomorrow">Tomorrow ({days.tomorrow})</option>
          </select>
        </label>
        <label className="flex flex-col">
          Stage
          <select name="stage" defaultValue={stage ?? ""} className="rounded-md border border-stone-300 px-2 py-1">
            <option value="">Every stage</option>
            {STAGES.map((s) => (
              <option key={s} value={s}>
                {STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-stone-400 px-3 py-1.5 font-medium">
          Show
        </button>
      </Form>
      {orders.length === 0 && <p className="mt-6 text-stone-700">No orders for this day{stage ? ` at ${STAGE_LABELS[stage]}` : ""}.</p>}
      {slots.map((slot) => (
        <section key={slot} aria-label={slot} className="mt-6">
          <h2 className="font-semibold">{slot}</h2>
          <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {orders
              .filter((o) => o.slot === slot)
              .map((o) => (
                <li key={o.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <Link to={`/staff/orders/${o.id}`} className="font-semibold text-brand-800 underline">
                    Order #{o.number}
                  </Link>
                  <span>
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
      ))}
    </section>
  );
}
