// /staff/orders: a day's orders by delivery slot, any day (opening on the next day with
// deliveries), filterable by stage, or any day's orders found by number, name, phone or PIN
// (issue 46); each moved to its next stage from here (issue 14). Works without JavaScript.
import { waysIn } from "../server/ways-in.server.ts";
import { ELSEWHERE_MESSAGES } from "../domain/capabilities.ts";
import { addDays } from "../domain/subscription.ts";
import { calendarDate, slotDates, shopDate } from "../domain/delivery.ts";
import { ORDER_SEARCH_MESSAGES, parseOrderQuery } from "../domain/order-search.ts";
import { STAGE_LABELS, STAGES, type Stage } from "../domain/order-life.ts";
import { staffOrdersForm } from "../server/forms/staff.server.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { OrderFinder } from "../components/staff/OrderFinder.tsx";
import { OrderRows } from "../components/staff/OrderRows.tsx";
import type { Route } from "./+types/staff.orders";

/** The most a search lists: enough for a name shared by a few regulars. */
const FOUND_MAX = 50;

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const here = url.pathname + url.search;
  const canMove = reads.capabilities.staffMovesOrders;
  const today = shopDate(new Date());
  const tomorrow = slotDates(new Date())[0]!;
  const q = url.searchParams.get("q")?.trim() ?? "";
  if (q) {
    const query = parseOrderQuery(q);
    const found = query ? await reads.staff.findOrders(query, FOUND_MAX + 1) : [];
    return {
      search: { q, refused: query ? null : ORDER_SEARCH_MESSAGES.tooShort, more: found.length > FOUND_MAX },
      orders: found.slice(0, FOUND_MAX),
      here,
      canMove,
      ...dayOf(today, today, tomorrow, null),
    };
  }
  const asked = url.searchParams.get("day");
  // Without a day: the next day with something to deliver, not an empty today (issue 46).
  const date = asked === "today" ? today : asked === "tomorrow" ? tomorrow : (calendarDate(asked) ?? (await reads.staff.nextDeliveryDay(today)) ?? today);
  const stageParam = url.searchParams.get("stage");
  const stage = (STAGES as readonly string[]).includes(stageParam ?? "") ? (stageParam as Stage) : null;
  // Back to this day after a move, even when it was the opening day (it may not be the next one then).
  const back = `${url.pathname}?day=${date}${stage ? `&stage=${stage}` : ""}`;
  return { search: null, orders: await reads.staff.ordersOn(date, stage), here: back, canMove, ...dayOf(date, today, tomorrow, stage) };
}

function dayOf(date: string, today: string, tomorrow: string, stage: Stage | null) {
  return { date, stage, days: { today, tomorrow, previous: addDays(date, -1), next: addDays(date, 1) } };
}

export const action = staffOrdersForm.run;

export default function StaffOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { search, date, days, stage, orders, here, canMove } = loaderData;
  return (
    <section aria-labelledby="staff-orders-title" className="mt-6">
      <h1 id="staff-orders-title" className="text-2xl font-semibold">
        {search ? `Orders matching “${search.q}”` : `Orders for ${date}`}
      </h1>
      <RefusalNotice reply={actionData} />
      {!canMove && <p className="mt-2 text-sm text-stone-700">{ELSEWHERE_MESSAGES.orders}</p>}
      <OrderFinder q={search?.q ?? ""} date={date} stage={stage} days={days} />
      {search?.refused && (
        <p role="alert" className="mt-6 text-red-800">
          {search.refused}
        </p>
      )}
      {search && !search.refused && orders.length === 0 && <p className="mt-6 text-stone-700">No order matches “{search.q}”.</p>}
      {search?.more && <p className="mt-6 text-stone-700">Showing the latest {FOUND_MAX}. Type more of it to narrow the search.</p>}
      {!search && orders.length === 0 && <p className="mt-6 text-stone-700">No orders for this day{stage ? ` at ${STAGE_LABELS[stage]}` : ""}.</p>}
      <OrderRows orders={orders} here={here} canMove={canMove} />
    </section>
  );
}
