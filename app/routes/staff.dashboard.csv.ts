// /staff/dashboard.csv?widget=sales: one dashboard widget's table as a CSV attachment (issue 46),
// the same rows the chart draws. Staff only (the /staff guard), never cached.
import { data } from "react-router";
import { dashboardDays, isWidget, WIDGET, widgetCsvRows } from "../domain/dashboard.ts";
import { toCsv } from "../domain/csv.ts";
import { CSV, fileResponse } from "../server/file-response.server.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { staffOf } from "../server/access.server.ts";
import type { Route } from "./+types/staff.dashboard.csv";

export async function loader({ context, url }: Route.LoaderArgs) {
  // The layout's guard answered anyone else 404 already; this says so where the figures are read.
  staffOf(context);
  const key = url.searchParams.get("widget");
  if (!isWidget(key)) throw data(null, 404);
  const days = dashboardDays(new Date());
  const csv = widgetCsvRows(key, await waysIn(context).reads.staff.figures(key, days));
  return fileResponse(toCsv(csv.header, csv.rows), { type: CSV, filename: `haat-${WIDGET[key].file}-${days.today}.csv` });
}
