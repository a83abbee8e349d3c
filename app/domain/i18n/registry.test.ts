// How each language tells the time (issue 41 item 12, decision 067): Hindi pages say the part of
// the day ('रात 11:16'), as a Hindi reader does, where hi-IN's own clock says '11:16 pm'.
import { describe, expect, it } from "vitest";
import { catalogueGeneration, dateOptionsIn, i18nFor, onCatalogueChange, registerCatalogue } from "./registry.ts";

const at = "2026-11-28T17:46:00.000Z"; // 11:16 pm in Gurugram
const IST = { timeZone: "Asia/Kolkata" } as const;

describe("times on the shop's pages", () => {
  it("say the part of the day in Hindi, never 'am' or 'pm'", () => {
    const hi = i18nFor("hi");
    expect(hi.date(at, { hour: "numeric", minute: "2-digit", ...IST })).toBe("रात 11:16");
    expect(hi.date("2026-11-29T02:05:00.000Z", { hour: "numeric", minute: "2-digit", ...IST })).toBe("सुबह 7:35");
    expect(hi.date("2026-11-29T08:00:00.000Z", { hour: "numeric", minute: "2-digit", ...IST })).toBe("दोपहर 1:30");
    expect(hi.date("2026-11-29T11:30:00.000Z", { hour: "numeric", minute: "2-digit", ...IST })).toBe("शाम 5:00");
    expect(hi.date(at, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", ...IST })).toBe("28 नव॰, रात 11:16");
    // A date and time style (the ticket page) is said as its parts, with the part of the day.
    expect(hi.date(at, { dateStyle: "medium", timeStyle: "short", ...IST })).toBe("28 नव॰ 2026, रात 11:16");
  });

  it("leave English pages' clock, dates without a time, and a format that chose its clock as they are", () => {
    expect(i18nFor("en").date(at, { hour: "numeric", minute: "2-digit", ...IST })).toBe("11:16 pm");
    expect(i18nFor("en").date(at, { dateStyle: "medium", timeStyle: "short", ...IST })).toBe("28 Nov 2026, 11:16 pm");
    expect(i18nFor("hi").date(at, { dateStyle: "medium", ...IST })).toBe("28 नव॰ 2026");
    expect(i18nFor("hi").date(at, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", ...IST })).toBe("23:16");
    expect(dateOptionsIn("hi", { dateStyle: "long" })).toEqual({ dateStyle: "long" });
  });
});

describe("registerCatalogue", () => {
  it("gives an I18n made before it the messages registered after (a Hindi page's slice, then its whole catalogue), as the same object", () => {
    registerCatalogue("hi", { Cart: "कार्ट" });
    const before = i18nFor("hi");
    expect([before._("Cart"), before._("Wishlist")]).toEqual(["कार्ट", "Wishlist"]);
    let told = 0;
    const stop = onCatalogueChange(() => told++);
    const generation = catalogueGeneration();
    registerCatalogue("hi", { Cart: "कार्ट", Wishlist: "विशलिस्ट" });
    expect([told, catalogueGeneration()]).toEqual([1, generation + 1]);
    expect(i18nFor("hi")).toBe(before);
    expect(before._("Wishlist")).toBe("विशलिस्ट");
    stop();
    registerCatalogue("hi", {});
    expect(told).toBe(1);
  });
});
