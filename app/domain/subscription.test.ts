import { describe, expect, it } from "vitest";
import hindi from "../locales/hi.json" with { type: "json" };
import { i18nFor, registerCatalogue } from "./i18n/registry.ts";
import {
  deliveryItems,
  reminderMail,
  skippedMail,
  smsValue,
  addDays,
  changeable,
  checkPause,
  checkSkip,
  cutoffOf,
  daysToMake,
  deliversOn,
  falls,
  firstOpenDay,
  MAX_PAUSE_DAYS,
  parseFrequency,
  SUBSCRIPTION_MESSAGES,
  upcoming,
  weekdayOf,
  type Schedule,
  scheduleStatus,
} from "./subscription.ts";

// 2026-11-30 is a Monday.
const milk: Schedule = { start: "2026-11-30", frequency: { kind: "daily" }, status: "active", pauses: [], skips: [] };
/** An instant in IST. */
const ist = (text: string) => new Date(`${text}+05:30`);

describe("when a subscription delivers", () => {
  it("knows the weekdays, Monday first", () => {
    expect(["2026-11-30", "2026-12-05", "2026-12-06", "2027-01-01"].map(weekdayOf)).toEqual(["mon", "sat", "sun", "fri"]);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("counts each frequency from its first day", () => {
    const week = Array.from({ length: 14 }, (_, i) => addDays("2026-11-30", i));
    const on = (frequency: Parameters<typeof falls>[0]) => week.filter((d) => falls(frequency, "2026-11-30", d)).map((d) => d.slice(8));
    expect(on({ kind: "daily" })).toHaveLength(14);
    expect(on({ kind: "alternate" })).toEqual(["30", "02", "04", "06", "08", "10", "12"]);
    expect(on({ kind: "weekdays" })).toEqual(["30", "01", "02", "03", "04", "07", "08", "09", "10", "11"]);
    expect(on({ kind: "days", days: ["wed", "sat"] })).toEqual(["02", "05", "09", "12"]);
    expect(on({ kind: "weeks", every: 2 })).toEqual(["30"]);
    expect(on({ kind: "weeks", every: 1 })).toEqual(["30", "07"]);
    expect(falls({ kind: "daily" }, "2026-11-30", "2026-11-29")).toBe(false);
  });

  it("delivers nothing in a pause, on a skipped day or once cancelled", () => {
    const away: Schedule = { ...milk, pauses: [{ from: "2026-12-24", to: "2026-12-31" }], skips: ["2026-12-02"] };
    expect(deliversOn(away, "2026-12-01")).toBe(true);
    expect(deliversOn(away, "2026-12-02")).toBe(false);
    expect(deliversOn(away, "2026-12-24")).toBe(false);
    expect(deliversOn(away, "2026-12-31")).toBe(false);
    expect(deliversOn(away, "2027-01-01")).toBe(true);
    expect(deliversOn({ ...milk, status: "cancelled" }, "2026-12-01")).toBe(false);
    expect(upcoming(away, "2026-12-22", 4)).toEqual(["2026-12-22", "2026-12-23", "2027-01-01", "2027-01-02"]);
    // A pause over the whole year ahead ends the looking, not the loop.
    expect(upcoming({ ...milk, pauses: [{ from: "2026-01-01", to: "2030-01-01" }] }, "2026-12-01", 3)).toEqual([]);
  });
});

describe("the evening cut-off", () => {
  it("closes a day at 22:00 IST the evening before, or the hour staff set", () => {
    expect(cutoffOf("2026-12-01").toISOString()).toBe("2026-11-30T16:30:00.000Z");
    expect(cutoffOf("2026-12-01", 18).toISOString()).toBe("2026-11-30T12:30:00.000Z");
    expect(changeable("2026-12-01", ist("2026-11-30T21:59:59"))).toBe(true);
    expect(changeable("2026-12-01", ist("2026-11-30T22:00:00"))).toBe(false);
  });

  it("makes tomorrow's orders once its cut-off has passed, catches up until 06:00, and never a day gone", () => {
    expect(daysToMake(ist("2026-11-30T21:00:00"))).toEqual([]);
    expect(daysToMake(ist("2026-11-30T22:00:00"))).toEqual(["2026-12-01"]);
    expect(daysToMake(ist("2026-11-30T23:59:00"))).toEqual(["2026-12-01"]);
    // Down over midnight: today's orders can still be packed before the morning slot.
    expect(daysToMake(ist("2026-12-01T00:30:00"))).toEqual(["2026-12-01"]);
    expect(daysToMake(ist("2026-12-01T05:59:00"))).toEqual(["2026-12-01"]);
    // Down all night: the day has gone for making; tomorrow's turn comes at its own cut-off.
    expect(daysToMake(ist("2026-12-01T06:00:00"))).toEqual([]);
    expect(daysToMake(ist("2026-12-01T22:30:00"))).toEqual(["2026-12-02"]);
  });

  it("opens changes from the first day whose cut-off is ahead", () => {
    expect(firstOpenDay(ist("2026-11-30T10:00:00"))).toBe("2026-12-01");
    expect(firstOpenDay(ist("2026-11-30T22:10:00"))).toBe("2026-12-02");
  });

  it("lets a skip or a pause touch only open days, said plainly otherwise", () => {
    const now = ist("2026-11-30T22:10:00");
    expect(checkSkip(milk, "2026-12-01", now)).toBe(SUBSCRIPTION_MESSAGES.pastCutoff);
    expect(checkSkip(milk, "2026-12-02", now)).toBeNull();
    expect(checkSkip({ ...milk, frequency: { kind: "alternate" } }, "2026-12-03", now)).toBe(SUBSCRIPTION_MESSAGES.notDue);
    expect(checkPause({ from: "2026-12-01", to: "2026-12-05" }, now)).toBe(SUBSCRIPTION_MESSAGES.pastCutoff);
    expect(checkPause({ from: "2026-12-05", to: "2026-12-02" }, now)).toBe(SUBSCRIPTION_MESSAGES.pauseOrder);
    expect(checkPause({ from: "2026-12-02", to: addDays("2026-12-02", MAX_PAUSE_DAYS) }, now)).toBe(SUBSCRIPTION_MESSAGES.pauseTooLong(MAX_PAUSE_DAYS));
    expect(checkPause({ from: "2026-12-02", to: addDays("2026-12-02", MAX_PAUSE_DAYS - 1) }, now)).toBeNull();
  });
});

describe("a frequency from its form", () => {
  it("reads each kind and refuses what is not one", () => {
    expect(parseFrequency("daily", [], null)).toEqual({ kind: "daily" });
    expect(parseFrequency("days", ["sat", "mon", "xyz"], null)).toEqual({ kind: "days", days: ["mon", "sat"] });
    expect(parseFrequency("days", [], null)).toEqual({ error: SUBSCRIPTION_MESSAGES.chooseDays });
    expect(parseFrequency("weeks", [], 2)).toEqual({ kind: "weeks", every: 2 });
    expect(parseFrequency("weeks", [], 5)).toEqual({ error: SUBSCRIPTION_MESSAGES.everyWeeks(4) });
    expect(parseFrequency("weeks", [], null)).toEqual({ error: SUBSCRIPTION_MESSAGES.everyWeeks(4) });
    expect(parseFrequency("hourly", [], null)).toHaveProperty("error");
  });
});

describe("what the reminder and the skipped-day notice say", () => {
  it("names the delivery as the shopper reads a pack, and keeps each SMS value within a DLT variable", () => {
    expect(deliveryItems({ quantity: 2, title: "Toned Milk", attribute: "Capacity 500 ml" })).toBe("2 × Toned Milk 500 ml");
    expect(deliveryItems({ quantity: 1, title: "Eggs", attribute: "Pack Count 6" })).toBe("1 × Eggs pack of 6");
    expect(smsValue("2 × Toned Milk 500 ml")).toBe("2 × Toned Milk 500 ml");
    const long = smsValue("2 × Aravalli Farms A2 Desi Cow Milk 500 ml");
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith(".")).toBe(true);
  });

  it("mails the reminder with its skip link and the skipped day with its reason, in the shopper's language", () => {
    registerCatalogue("hi", hindi as Record<string, string>);
    const en = reminderMail(
      { name: "Asha" },
      { items: "2 × Milk 500 ml", totalPaise: 9_000, date: "Tue, 1 Dec", skipUrl: "https://haat.example/subscriptions/skip/1/2026-12-01/x" },
      "Haat",
      "https://haat.example",
      i18nFor("en"),
    );
    expect(en.subject).toBe("Tomorrow from Haat: 2 × Milk 500 ml");
    expect(en.text).toContain("Tomorrow (Tue, 1 Dec) we bring 2 × Milk 500 ml, ₹90, paid on delivery.");
    expect(en.text).toContain("Skip it (no sign-in needed): https://haat.example/subscriptions/skip/1/2026-12-01/x");
    const hi = skippedMail({ name: "आशा" }, { items: "2 × दूध", date: "मंगल, 1 दिस॰", reason: "स्टॉक ख़त्म" }, "Haat", "https://haat.example", i18nFor("hi"));
    expect(hi.subject).toBe("मंगल, 1 दिस॰ को 2 × दूध की डिलीवरी छोड़ी गई");
    expect(hi.text).toContain("https://haat.example/hi/myaccount/subscriptions");
    expect(hi.text).toContain("इसके लिए कुछ नहीं लिया जाएगा।");
  });
});

describe("scheduleStatus", () => {
  it("delivers only while active and not held back by staff", () => {
    expect(scheduleStatus({ status: "active", heldReason: null })).toBe("active");
    expect(scheduleStatus({ status: "active", heldReason: "this product is no longer sold" })).toBe("cancelled");
    expect(scheduleStatus({ status: "cancelled", heldReason: null })).toBe("cancelled");
  });
});
