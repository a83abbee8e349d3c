// How a standing order's rhythm and days read, in the page's language (issue 45).
import type { I18n } from "../../domain/i18n/messages.ts";
import { WEEKDAYS, type Frequency, type Weekday } from "../../domain/subscription.ts";

export const FREQUENCY_CHOICES = [
  { kind: "daily", label: /*i18n*/ "Every day" },
  { kind: "alternate", label: /*i18n*/ "Alternate days" },
  { kind: "weekdays", label: /*i18n*/ "Weekdays (Monday to Friday)" },
  { kind: "days", label: /*i18n*/ "On the days I choose" },
  { kind: "weeks", label: /*i18n*/ "Every few weeks" },
] as const;

// 2029-01-01 is a Monday: the weekdays' names come from the language's own calendar.
const MONDAY = Date.parse("2029-01-01T12:00:00Z");

/** A weekday's short name ("Mon", "सोम"). */
export function weekdayName(i18n: I18n, day: Weekday): string {
  return i18n.date(MONDAY + WEEKDAYS.indexOf(day) * 86_400_000, { weekday: "short", timeZone: "UTC" });
}

/** "Every day", "Every 2 weeks", "Mon, Wed, Fri". */
export function frequencyText(i18n: I18n, frequency: Frequency): string {
  switch (frequency.kind) {
    case "days":
      return frequency.days.map((d) => weekdayName(i18n, d)).join(", ");
    case "weeks":
      return frequency.every === 1 ? i18n._("Every week") : i18n._("Every {count} weeks", { count: frequency.every });
    default:
      return i18n._(FREQUENCY_CHOICES.find((c) => c.kind === frequency.kind)!.label);
  }
}
