// The staff's dashboard (issue 46 item 5, decision 080): what each chart counts, over which days,
// how its rows read in a table and a CSV, and the Vega-Lite specification that draws it. One
// description per widget, so the chart, its table and its download never disagree. No I/O.
import type { TopLevelSpec } from "vega-lite";
import { shopDate, slotLabel, SLOTS, SLOT_KINDS, type SlotKind } from "./delivery.ts";
import { formatRupees } from "./money.ts";
import { count } from "./plural.ts";
import { addDays } from "./subscription.ts";

export const WIDGETS = ["sales", "slots", "products", "stock", "payments", "demand"] as const;
export type WidgetKey = (typeof WIDGETS)[number];

/** Sales, top products and payments look back this many days, today included. */
export const LOOKBACK_DAYS = 30;
/** Slots' fill looks ahead this many days, today included. */
export const AHEAD_DAYS = 7;
/** The most rows a ranked widget shows (top products, low stock, Notify Me demand). */
export const RANKED_ROWS = { products: 10, stock: 20, demand: 10 } as const;

export interface SalesDay {
  day: string;
  orders: number;
  salesPaise: number;
}
export interface SlotFill {
  date: string;
  kind: SlotKind;
  /** Placed orders (confirmed). */
  orders: number;
  /** Places taken, as checkout counts them: placed orders and those waiting for an online payment. */
  booked: number;
  capacity: number;
}
export interface TopProduct {
  internalReference: string;
  title: string;
  attribute: string;
  units: number;
  salesPaise: number;
}
export interface LowStock {
  internalReference: string;
  title: string;
  attribute: string;
  available: number;
  threshold: number;
}
export interface PaymentsDay {
  day: string;
  failed: number;
  refunds: number;
  refundedPaise: number;
}
export interface Demand {
  internalReference: string;
  title: string;
  attribute: string;
  waiting: number;
  available: number;
}

export interface WidgetRows {
  sales: SalesDay[];
  slots: SlotFill[];
  products: TopProduct[];
  stock: LowStock[];
  payments: PaymentsDay[];
  demand: Demand[];
}

/** The days each widget covers, from the shop's today: sales and payments look back, slots look ahead. */
export interface DashboardDays {
  today: string;
  /** The first day looked back to (29 days before today). */
  since: string;
  /** The slots' days: today and the 6 after it. */
  ahead: string[];
}

export function dashboardDays(now: Date): DashboardDays {
  const today = shopDate(now);
  return { today, since: addDays(today, 1 - LOOKBACK_DAYS), ahead: Array.from({ length: AHEAD_DAYS }, (_, i) => addDays(today, i)) };
}

/** Every day from `since` to `today`, a day without a row at zero: a chart's quiet day is a zero, not a gap. */
export function everyDay<T extends { day: string }>(days: DashboardDays, rows: readonly T[], zero: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: LOOKBACK_DAYS }, (_, i) => addDays(days.since, i)).map((day) => byDay.get(day) ?? zero(day));
}

/** How full a slot is, in whole percent of its capacity (over 100 when staff lowered it below what was booked); null for a slot closed (capacity 0). */
export function fillPercent(s: Pick<SlotFill, "booked" | "capacity">): number | null {
  return s.capacity > 0 ? Math.round((s.booked / s.capacity) * 100) : null;
}

/** Whether checkout refuses the slot: every place taken, or closed. */
export const isFull = (s: Pick<SlotFill, "booked" | "capacity">): boolean => s.booked >= s.capacity;

const itemName = (r: { title: string; attribute: string }) => (r.attribute ? `${r.title} (${r.attribute})` : r.title);
/** A ranked chart's bar names: the item's, with its reference where two items read the same (a chart would stack them). */
export function barNames(rows: readonly { title: string; attribute: string; internalReference: string }[]): string[] {
  const names = rows.map(itemName);
  return names.map((n, i) => (names.indexOf(n) !== names.lastIndexOf(n) ? `${n} ${rows[i]!.internalReference}` : n));
}
const rupees = (paise: number) => (paise / 100).toFixed(2);
const figure = (n: number) => n.toLocaleString("en-IN");

interface Column<R> {
  label: string;
  /** As the page's table shows it. */
  text(row: R): string;
  /** As the CSV has it: plain numbers a spreadsheet can add up. */
  csv(row: R): string;
}

export interface Widget<R> {
  title: string;
  /** The download's name, without the day. */
  file: string;
  columns: Column<R>[];
  /** One sentence that says what the chart shows, for everyone and for screen readers. */
  summary(rows: readonly R[]): string;
  /** Shown instead of a chart when there are no rows (a widget of days always has its 30). */
  empty?: string;
  /** The Vega-Lite specification; its data is the named set `rows`, given `chartRows(rows)`. */
  spec: TopLevelSpec;
  chartRows(rows: readonly R[]): object[];
}

// Text takes the page's colour, so the charts read in dark mode too; the marks' colours keep 3:1
// against both the light and the dark page (WCAG 1.4.11).
const INK = "currentColor";
export const SERIES_COLOURS = ["#4d7c2a", "#c2410c", "#2563eb"] as const;
const CONFIG = {
  background: null,
  font: "system-ui, sans-serif",
  // The table below each chart is what assistive technology reads; the SVG is hidden from it.
  aria: false,
  view: { stroke: null },
  axis: { labelColor: INK, titleColor: INK, domainColor: INK, tickColor: INK, gridColor: "#a8a29e", gridOpacity: 0.35, labelFontSize: 11, titleFontSize: 11, titleFontWeight: "normal" },
  legend: { labelColor: INK, titleColor: INK, labelFontSize: 11, titleFontSize: 11, orient: "bottom", columnPadding: 8, symbolSize: 60 },
  range: { category: [...SERIES_COLOURS] },
  mark: { color: SERIES_COLOURS[0] },
} as const;
// Drawn for a phone's width; the page scales it up on a desk (the SVG keeps its viewBox).
const SIZE = { width: 300, height: 170 } as const;
const ROWS = { name: "rows" } as const;
const spec = (s: object): TopLevelSpec => ({ ...SIZE, data: ROWS, config: CONFIG, ...s }) as unknown as TopLevelSpec;
const byDay = { field: "day", type: "temporal", timeUnit: "utcyearmonthdate", title: null, axis: { format: "%d %b", labelAngle: 0, tickCount: 5 } } as const;
// A count with nothing in it still reads 0 to 1, not a scale of zero width (0.000000).
const COUNTS = { domain: { unionWith: [0, 1] } } as const;
const ranked = (x: string, title: string) =>
  spec({
    // Narrower than the others: the items' names take the room on its left.
    width: 190,
    height: { step: 18 },
    mark: { type: "bar" },
    encoding: {
      y: { field: "name", type: "nominal", title: null, sort: null, axis: { labelLimit: 140 } },
      x: { field: x, type: "quantitative", title, scale: COUNTS, axis: { tickMinStep: 1 } },
    },
  });

const sales: Widget<SalesDay> = {
  title: "Sales by day",
  file: "sales-by-day",
  columns: [
    { label: "Day", text: (r) => r.day, csv: (r) => r.day },
    { label: "Orders", text: (r) => figure(r.orders), csv: (r) => String(r.orders) },
    { label: "Sales", text: (r) => formatRupees(r.salesPaise), csv: (r) => rupees(r.salesPaise) },
  ],
  summary: (rows) => {
    const orders = rows.reduce((n, r) => n + r.orders, 0);
    const paise = rows.reduce((n, r) => n + r.salesPaise, 0);
    return `${formatRupees(paise)} from ${count(orders, "order")} placed in the last ${LOOKBACK_DAYS} days.`;
  },
  spec: spec({ mark: { type: "bar" }, encoding: { x: byDay, y: { field: "rupees", type: "quantitative", title: "Sales (₹)", scale: { domain: { unionWith: [0, 100] } } } } }),
  chartRows: (rows) => rows.map((r) => ({ day: r.day, rupees: r.salesPaise / 100 })),
};

const slots: Widget<SlotFill> = {
  title: "Orders and fill by slot",
  file: "slot-fill",
  columns: [
    { label: "Slot", text: (r) => slotLabel(r), csv: (r) => `${r.date} ${r.kind}` },
    { label: "Orders", text: (r) => figure(r.orders), csv: (r) => String(r.orders) },
    { label: "Booked", text: (r) => figure(r.booked), csv: (r) => String(r.booked) },
    { label: "Capacity", text: (r) => figure(r.capacity), csv: (r) => String(r.capacity) },
    { label: "Fill", text: (r) => (fillPercent(r) === null ? "Closed" : `${fillPercent(r)}%`), csv: (r) => String(fillPercent(r) ?? "") },
  ],
  summary: (rows) => {
    const orders = rows.reduce((n, r) => n + r.orders, 0);
    return `${count(orders, "order")} placed for the next ${AHEAD_DAYS} days; ${rows.filter(isFull).length} of ${rows.length} slots full or closed.`;
  },
  spec: spec({
    width: 270,
    mark: { type: "bar" },
    encoding: {
      x: { ...byDay, field: "date", axis: { format: "%a %d", labelAngle: 0 } },
      xOffset: { field: "slot", sort: SLOT_KINDS.map((k) => SLOTS[k].label) },
      y: { field: "fill", type: "quantitative", title: "Fill (%)", scale: { domain: [0, 100] } },
      color: { field: "slot", type: "nominal", title: null, sort: SLOT_KINDS.map((k) => SLOTS[k].label) },
    },
  }),
  // A closed slot takes no more orders: drawn full, as checkout sees it. Over 100% is drawn at 100 (the table says how far over).
  chartRows: (rows) => rows.map((r) => ({ date: r.date, slot: SLOTS[r.kind].label, fill: isFull(r) ? 100 : Math.min(fillPercent(r) ?? 100, 100) })),
};

const products: Widget<TopProduct> = {
  title: "Top products",
  file: "top-products",
  columns: [
    { label: "Item", text: itemName, csv: itemName },
    { label: "Reference", text: (r) => r.internalReference, csv: (r) => r.internalReference },
    { label: "Units", text: (r) => figure(r.units), csv: (r) => String(r.units) },
    { label: "Sales", text: (r) => formatRupees(r.salesPaise), csv: (r) => rupees(r.salesPaise) },
  ],
  summary: (rows) =>
    rows.length === 1
      ? `One item sold in the last ${LOOKBACK_DAYS} days: ${itemName(rows[0]!)}, ${count(rows[0]!.units, "unit")}.`
      : `The ${rows.length} items sold most in the last ${LOOKBACK_DAYS} days, by units; first ${itemName(rows[0]!)} with ${count(rows[0]!.units, "unit")}.`,
  empty: "Nothing sold in the last 30 days.",
  spec: ranked("units", "Units sold"),
  chartRows: (rows) => barNames(rows).map((name, i) => ({ name, units: rows[i]!.units })),
};

const stock: Widget<LowStock> = {
  title: "Low stock",
  file: "low-stock",
  columns: [
    { label: "Item", text: itemName, csv: itemName },
    { label: "Reference", text: (r) => r.internalReference, csv: (r) => r.internalReference },
    { label: "Left to sell", text: (r) => figure(r.available), csv: (r) => String(r.available) },
    { label: "Low below", text: (r) => figure(r.threshold), csv: (r) => String(r.threshold) },
  ],
  summary: (rows) => `${count(rows.length, "item")} on sale with fewer left than their low-stock level, the fewest first.`,
  empty: "No item on sale is below its low-stock level.",
  spec: ranked("available", "Left to sell"),
  chartRows: (rows) => barNames(rows).map((name, i) => ({ name, available: rows[i]!.available })),
};

const payments: Widget<PaymentsDay> = {
  title: "Payment failures and refunds",
  file: "payment-failures-refunds",
  columns: [
    { label: "Day", text: (r) => r.day, csv: (r) => r.day },
    { label: "Payments failed", text: (r) => figure(r.failed), csv: (r) => String(r.failed) },
    { label: "Refunds", text: (r) => figure(r.refunds), csv: (r) => String(r.refunds) },
    { label: "Refunded", text: (r) => formatRupees(r.refundedPaise), csv: (r) => rupees(r.refundedPaise) },
  ],
  summary: (rows) => {
    const failed = rows.reduce((n, r) => n + r.failed, 0);
    const refunds = rows.reduce((n, r) => n + r.refunds, 0);
    const paise = rows.reduce((n, r) => n + r.refundedPaise, 0);
    return `${count(failed, "online payment")} failed and ${count(refunds, "refund")} (${formatRupees(paise)}) in the last ${LOOKBACK_DAYS} days.`;
  },
  spec: spec({
    mark: { type: "line", point: true },
    encoding: {
      x: byDay,
      y: { field: "count", type: "quantitative", title: "Count", scale: COUNTS, axis: { tickMinStep: 1 } },
      color: { field: "series", type: "nominal", title: null },
    },
  }),
  chartRows: (rows) =>
    rows.flatMap((r) => [
      { day: r.day, series: "Payments failed", count: r.failed },
      { day: r.day, series: "Refunds", count: r.refunds },
    ]),
};

const demand: Widget<Demand> = {
  title: "'Notify Me' demand",
  file: "notify-me-demand",
  columns: [
    { label: "Item", text: itemName, csv: itemName },
    { label: "Reference", text: (r) => r.internalReference, csv: (r) => r.internalReference },
    { label: "Shoppers waiting", text: (r) => figure(r.waiting), csv: (r) => String(r.waiting) },
    { label: "Left to sell", text: (r) => figure(r.available), csv: (r) => String(r.available) },
  ],
  summary: (rows) => {
    const waiting = rows.reduce((n, r) => n + r.waiting, 0);
    return `${count(waiting, "shopper")} waiting to hear that ${rows.length === 1 ? "an item is" : `the ${rows.length} most wanted items are`} back in stock.`;
  },
  empty: "No shopper is waiting for an item to come back.",
  spec: ranked("waiting", "Shoppers waiting"),
  chartRows: (rows) => barNames(rows).map((name, i) => ({ name, waiting: rows[i]!.waiting })),
};

export const WIDGET: { [K in WidgetKey]: Widget<WidgetRows[K][number]> } = { sales, slots, products, stock, payments, demand };

export function isWidget(value: string | null): value is WidgetKey {
  return (WIDGETS as readonly string[]).includes(value ?? "");
}

/** The widget's CSV: its table's columns, as plain numbers. */
export function widgetCsvRows<K extends WidgetKey>(key: K, rows: readonly WidgetRows[K][number][]): { header: string[]; rows: string[][] } {
  const widget = WIDGET[key] as Widget<WidgetRows[K][number]>;
  return { header: widget.columns.map((c) => c.label), rows: rows.map((r) => widget.columns.map((c) => c.csv(r))) };
}
