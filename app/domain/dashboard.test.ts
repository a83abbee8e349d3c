import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";
import { AHEAD_DAYS, barNames, dashboardDays, everyDay, fillPercent, isFull, LOOKBACK_DAYS, WIDGET, widgetCsvRows } from "./dashboard.ts";

describe("the dashboard's days", () => {
  it("looks back 30 days and ahead 7 from the shop's today (India), whatever the server's zone", () => {
    // 20:00 UTC on the 29th is already the 30th in India.
    const days = dashboardDays(new Date("2026-11-29T20:00:00Z"));
    expect(days.today).toBe("2026-11-30");
    expect(days.since).toBe("2026-11-01");
    expect(days.ahead).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
    expect(days.ahead).toHaveLength(AHEAD_DAYS);
  });

  it("gives every day a row, a quiet day at zero", () => {
    const days = dashboardDays(new Date("2026-11-30T06:00:00Z"));
    const filled = everyDay(days, [{ day: "2026-11-05", orders: 4, salesPaise: 100 }], (day) => ({ day, orders: 0, salesPaise: 0 }));
    expect(filled).toHaveLength(LOOKBACK_DAYS);
    expect(filled[0]).toEqual({ day: "2026-11-01", orders: 0, salesPaise: 0 });
    expect(filled[4]).toEqual({ day: "2026-11-05", orders: 4, salesPaise: 100 });
    expect(filled.at(-1)!.day).toBe("2026-11-30");
  });
});

describe("the widgets", () => {
  it("says how full a slot is by its places taken, as checkout counts them, and a closed slot as closed", () => {
    expect(fillPercent({ booked: 10, capacity: 40 })).toBe(25);
    expect(fillPercent({ booked: 50, capacity: 40 })).toBe(125);
    expect(fillPercent({ booked: 0, capacity: 0 })).toBeNull();
    expect([isFull({ booked: 40, capacity: 40 }), isFull({ booked: 39, capacity: 40 }), isFull({ booked: 0, capacity: 0 })]).toEqual([true, false, true]);
    const closed = { date: "2026-12-01", kind: "morning" as const, orders: 3, booked: 4, capacity: 0 };
    expect(WIDGET.slots.columns.map((c) => c.text(closed))).toEqual(["Tue, 1 Dec, Morning 8-12", "3", "4", "0", "Closed"]);
    // Drawn full: it takes no more orders. Over capacity is drawn at 100, and the table says 125%.
    const over = { ...closed, kind: "evening" as const, booked: 50, capacity: 40 };
    expect(WIDGET.slots.chartRows([closed, over]).map((r) => (r as { fill: number }).fill)).toEqual([100, 100]);
    expect(WIDGET.slots.columns.at(-1)!.text(over)).toBe("125%");
    expect(WIDGET.slots.summary([closed, over, { ...closed, kind: "afternoon", booked: 1, capacity: 40 }])).toBe("9 orders placed for the next 7 days; 2 of 3 slots full or closed.");
  });

  it("names two items that read the same by their references, so a chart keeps them apart", () => {
    const rows = [
      { title: "Milk", attribute: "500 ml", internalReference: "A" },
      { title: "Milk", attribute: "500 ml", internalReference: "B" },
      { title: "Curd", attribute: "", internalReference: "C" },
    ];
    expect(barNames(rows)).toEqual(["Milk (500 ml) A", "Milk (500 ml) B", "Curd"]);
  });

  it("sums a widget's rows in its sentence, in rupees", () => {
    const rows = [
      { day: "2026-11-01", orders: 2, salesPaise: 150000 },
      { day: "2026-11-02", orders: 1, salesPaise: 50050 },
    ];
    expect(WIDGET.sales.summary(rows)).toBe("₹2,001 from 3 orders placed in the last 30 days.");
    expect(WIDGET.payments.summary([{ day: "2026-11-01", failed: 1, refunds: 1, refundedPaise: 12000 }])).toBe("1 online payment failed and 1 refund (₹120) in the last 30 days.");
  });

  it("downloads the table's columns as plain numbers, a formula made text by the shop's CSV writer", () => {
    const csv = widgetCsvRows("products", [{ internalReference: "=HYPERLINK()", title: "Dal", attribute: "1 kg", units: 1200, salesPaise: 123456 }]);
    expect(csv.header).toEqual(["Item", "Reference", "Units", "Sales"]);
    expect(csv.rows).toEqual([["Dal (1 kg)", "=HYPERLINK()", "1200", "1234.56"]]);
    expect(toCsv(csv.header, csv.rows)).toBe("Item,Reference,Units,Sales\r\nDal (1 kg),'=HYPERLINK(),1200,1234.56\r\n");
    expect(WIDGET.products.columns.map((c) => c.text({ internalReference: "R", title: "Dal", attribute: "1 kg", units: 1200, salesPaise: 123456 }))).toEqual([
      "Dal (1 kg)",
      "R",
      "1,200",
      "₹1,235",
    ]);
  });
});
