import { describe, expect, it } from "vitest";
import { couponEditSchema, couponLimitsOf, datesInOrder, maximumAllowed, STAFF_COUPON_MESSAGES } from "./staff-coupon.ts";

describe("one rule for a coupon's dates and a flat coupon's maximum (issue 42)", () => {
  const at = (day: string) => new Date(`${day}T00:00:00+05:30`);
  it("a coupon ends after it starts: on the form's days and on the Shop's instants alike", () => {
    expect(datesInOrder({ startsAt: at("2026-12-01"), endsAt: at("2026-12-02") })).toBe(true);
    expect(datesInOrder({ startsAt: at("2026-12-01"), endsAt: at("2026-12-01") })).toBe(false);
    expect(datesInOrder({ startsAt: at("2026-12-02"), endsAt: at("2026-12-01") })).toBe(false);
    expect(datesInOrder({ startsAt: null, endsAt: at("2026-12-01") })).toBe(true);
    // The form's one-day coupon (start and end the same day) is in order: its end is the next day's start.
    const oneDay = couponEditSchema.safeParse({ coupon: "1", starts_on: "2026-12-01", ends_on: "2026-12-01" });
    expect(oneDay.success).toBe(true);
    expect(datesInOrder(couponLimitsOf(oneDay.data!))).toBe(true);
    const backwards = couponEditSchema.safeParse({ coupon: "1", starts_on: "2026-12-02", ends_on: "2026-12-01" });
    expect(backwards.error?.issues.map((i) => i.message)).toEqual([STAFF_COUPON_MESSAGES.endsBeforeStarts]);
  });

  it("a flat coupon takes no maximum; a percent one may", () => {
    expect(maximumAllowed("flat", null)).toBe(true);
    expect(maximumAllowed("flat", 5000)).toBe(false);
    expect(maximumAllowed("percent", 5000)).toBe(true);
  });
});
