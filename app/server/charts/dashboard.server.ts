// The staff dashboard as the page shows it (issue 46 item 5): each widget's rows from the Shop,
// its chart drawn here, its table and summary from domain/dashboard.ts.
import { WIDGET, WIDGETS, type DashboardDays, type Widget, type WidgetKey, type WidgetRows } from "../../domain/dashboard.ts";
import type { StaffPort } from "../shop/port.server.ts";
import { chartSvg } from "./chart.server.ts";

export interface WidgetView {
  key: WidgetKey;
  title: string;
  summary: string;
  /** The chart's SVG markup; null when there is nothing to draw (the summary says so). */
  svg: string | null;
  table: { header: string[]; rows: string[][] };
}

async function widgetView<K extends WidgetKey>(staff: Pick<StaffPort, "figures">, key: K, days: DashboardDays): Promise<WidgetView> {
  return view(key, WIDGET[key] as Widget<WidgetRows[K][number]>, await staff.figures(key, days));
}

async function view<R>(key: WidgetKey, widget: Widget<R>, rows: readonly R[]): Promise<WidgetView> {
  return {
    key,
    title: widget.title,
    summary: rows.length === 0 && widget.empty ? widget.empty : widget.summary(rows),
    svg: rows.length > 0 ? await chartSvg(widget.spec, widget.chartRows(rows)) : null,
    table: { header: widget.columns.map((c) => c.label), rows: rows.map((r) => widget.columns.map((c) => c.text(r))) },
  };
}

/** Every widget: six queries, then six charts. */
export function dashboardView(staff: Pick<StaffPort, "figures">, days: DashboardDays): Promise<WidgetView[]> {
  return Promise.all(WIDGETS.map((key) => widgetView(staff, key, days)));
}
