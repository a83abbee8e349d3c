import { describe, expect, it } from "vitest";
import { dashboardDays, everyDay, WIDGET, WIDGETS, type WidgetRows } from "../../domain/dashboard.ts";
import { chartSvg } from "./chart.server.ts";

const days = dashboardDays(new Date("2026-11-30T06:00:00Z"));
const SAMPLE: WidgetRows = {
  sales: everyDay(days, [{ day: "2026-11-12", orders: 3, salesPaise: 4_500_00 }], (day) => ({ day, orders: 0, salesPaise: 0 })),
  slots: days.ahead.map((date) => ({ date, kind: "morning" as const, orders: 12, booked: 13, capacity: 40 })),
  products: [{ internalReference: "GP-1", title: `<script>alert("x")</script> Dal`, attribute: "1 kg", units: 9, salesPaise: 100 }],
  stock: [{ internalReference: "GP-2", title: "Toned Milk", attribute: "500 ml", available: 3, threshold: 10 }],
  payments: everyDay(days, [{ day: "2026-11-20", failed: 2, refunds: 1, refundedPaise: 500 }], (day) => ({ day, failed: 0, refunds: 0, refundedPaise: 0 })),
  demand: [{ internalReference: "GP-3", title: "Alphonso Mango", attribute: "1 dozen", waiting: 4, available: 0 }],
};

describe("a dashboard chart", () => {
  it.each(WIDGETS)("draws %s as SVG that scales to its box", async (key) => {
    const svg = await chartSvg(WIDGET[key].spec, WIDGET[key].chartRows(SAMPLE[key] as never));
    const tag = /^<svg [^>]*>/.exec(svg)![0];
    // One class attribute (an element keeps only its first), with the page's sizing in it.
    expect(tag.match(/ class="/g)).toHaveLength(1);
    expect(tag).toContain('class="marks h-auto w-full"');
    expect(tag).toMatch(/viewBox="0 0 [\d.]+ [\d.]+"/);
    expect(tag).not.toMatch(/ (width|height)="/);
    // Drawn, not an empty frame: marks and axis text.
    expect(svg).toMatch(/<path|<rect/);
    expect(svg).toContain("<text");
  });

  it("escapes what it draws: a product's title is text, never markup", async () => {
    const svg = await chartSvg(WIDGET.products.spec, WIDGET.products.chartRows(SAMPLE.products));
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;");
  });

  it("draws the rows it is given, not the last request's", async () => {
    const a = await chartSvg(WIDGET.demand.spec, [{ name: "Apples", waiting: 1 }]);
    const b = await chartSvg(WIDGET.demand.spec, [{ name: "Bananas", waiting: 1 }]);
    expect(a).toContain("Apples");
    expect(b).toContain("Bananas");
    expect(b).not.toContain("Apples");
  });
});
