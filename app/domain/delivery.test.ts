import { describe, expect, it } from "vitest";
import { calendarDate, canChangeSlot, isOpen, normalizePin, parseSlot, shopDate, slotDates, slotLabel, slotStart, slotValue } from "./delivery.ts";

describe("delivery slots", () => {
  it("counts days in India Standard Time, tomorrow first", () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in Gurugram.
    expect(shopDate(new Date("2026-11-24T20:00:00Z"))).toBe("2026-11-25");
    expect(slotDates(new Date("2026-11-24T10:00:00Z"))).toEqual(["2026-11-25", "2026-11-26", "2026-11-27"]);
    expect(slotDates(new Date("2026-11-24T20:00:00Z"))[0]).toBe("2026-11-26");
  });

  it("starts Morning 8-12 at 08:00 IST and closes it to changes two hours before", () => {
    const morning = { date: "2026-11-25", kind: "morning" as const };
    expect(slotStart(morning).toISOString()).toBe("2026-11-25T02:30:00.000Z");
    expect(canChangeSlot(morning, new Date("2026-11-25T00:29:00Z"))).toBe(true);
    expect(canChangeSlot(morning, new Date("2026-11-25T00:30:00Z"))).toBe(false);
    expect(isOpen(morning, new Date("2026-11-25T02:29:59Z"))).toBe(true);
    expect(isOpen(morning, new Date("2026-11-25T02:30:00Z"))).toBe(false);
    expect(slotStart({ date: "2026-11-25", kind: "evening" }).toISOString()).toBe("2026-11-25T10:30:00.000Z");
  });

  it("reads a slot from a form, and nothing else", () => {
    expect(parseSlot("2026-11-25/afternoon")).toEqual({ date: "2026-11-25", kind: "afternoon" });
    expect(slotValue({ date: "2026-11-25", kind: "afternoon" })).toBe("2026-11-25/afternoon");
    for (const bad of ["", "2026-11-25/night", "2026-13-45/morning", "tomorrow", null]) expect(parseSlot(bad)).toBeNull();
    expect(slotLabel({ date: "2026-11-25", kind: "evening" })).toBe("Wed, 25 Nov, Evening 4-8");
  });

  it("reads a PIN as its six digits", () => {
    expect(normalizePin(" 122 002 ")).toBe("122002");
    expect(normalizePin("12200")).toBeNull();
    expect(normalizePin("12200a")).toBeNull();
  });
});

describe("calendarDate", () => {
  it("keeps a real day and refuses anything else", () => {
    expect(calendarDate("2026-12-01")).toBe("2026-12-01");
    expect(calendarDate("2028-02-29")).toBe("2028-02-29");
    expect(calendarDate("2026-02-29")).toBeNull();
    expect(calendarDate("2026-02-31")).toBeNull();
    expect(calendarDate("2026-13-01")).toBeNull();
    expect(calendarDate("1 Dec 2026")).toBeNull();
    expect(calendarDate("")).toBeNull();
    expect(calendarDate(null)).toBeNull();
  });
});
