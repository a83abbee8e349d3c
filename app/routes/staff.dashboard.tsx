// /staff/dashboard: the shop in charts (issue 46 item 5, decision 080): sales by day, slots'
// fill for the days ahead, top products, low stock, payment failures and refunds, and 'Notify Me'
// demand. Drawn on the server as SVG, so it reads without JavaScript; each chart has its table
// for screen readers and a CSV download.
import { waysIn } from "../server/ways-in.server.ts";
import { staffOf } from "../server/access.server.ts";
import { dashboardDays } from "../domain/dashboard.ts";
import { ELSEWHERE_MESSAGES } from "../domain/capabilities.ts";
import { dashboardView } from "../server/charts/dashboard.server.ts";
import { ChartFigure } from "../components/staff/ChartFigure.tsx";
import type { Route } from "./+types/staff.dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  // The layout's guard answered anyone else 404 already; this says so where the figures are read.
  staffOf(context);
  const reads = waysIn(context).reads;
  const days = dashboardDays(new Date());
  return { today: days.today, widgets: await dashboardView(reads.staff, days), ordersElsewhere: !reads.capabilities.staffMovesOrders };
}

export default function StaffDashboard({ loaderData }: Route.ComponentProps) {
  const { today, widgets, ordersElsewhere } = loaderData;
  return (
    <section aria-labelledby="staff-dashboard-title" className="mt-6">
      <h1 id="staff-dashboard-title" className="text-2xl font-semibold">
        Dashboard
      </h1>
      <p className="mt-1 text-sm text-stone-700">As of now, {today} (India time). Reload the page for fresh figures.</p>
      {ordersElsewhere && <p className="mt-2 text-sm text-stone-700">{ELSEWHERE_MESSAGES.dashboard}</p>}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {widgets.map((w) => (
          <ChartFigure key={w.key} widget={w} />
        ))}
      </div>
    </section>
  );
}
