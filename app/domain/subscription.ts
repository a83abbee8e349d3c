// Standing orders (issue 45): a shopper's milk every morning or atta every other week, as a
// subscription to one variant. This is when it delivers, what a pause or a skip does, and when
// the evening cut-off closes a day to changes. Dates are the shop's calendar dates (IST, as
// delivery.ts's slots); no I/O.
import { say } from "./i18n/messages.ts";
import type { I18n } from "./i18n/messages.ts";
import { formatRupees } from "./money.ts";
import { pathIn } from "./i18n/locale.ts";
import { shopDate } from "./delivery.ts";

/** Monday first, as an Indian calendar is read; `Date#getUTCDay` is Sunday first. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Every N weeks: at most a month between deliveries (decision 076). */
export const MAX_EVERY_WEEKS = 4;
/** The cut-off's hour the evening before, until staff set another (22:00 IST). */
export const DEFAULT_CUTOFF_HOUR = 22;
/** A subscription's count of a variant per delivery: a household's, not a shop's. */
export const MAX_SUBSCRIPTION_QUANTITY = 20;
/** A pause longer than this is a cancellation in all but name: the form says so. */
export const MAX_PAUSE_DAYS = 90;

export type Frequency =
  | { kind: "daily" }
  | { kind: "alternate" }
  /** Monday to Friday, as the word means; Monday to Saturday is chosen days. */
  | { kind: "weekdays" }
  | { kind: "days"; days: readonly Weekday[] }
  | { kind: "weeks"; every: number };

export type SubscriptionStatus = "active" | "cancelled";

/** Whether a subscription delivers at all: active and not held back by staff (a held one makes nothing, as a cancelled one, until released). */
export function scheduleStatus(s: { status: SubscriptionStatus; heldReason: string | null }): SubscriptionStatus {
  return s.status === "active" && !s.heldReason ? "active" : "cancelled";
}

/** A pause: no deliveries from `from` to `to`, both days included. */
export interface Pause {
  from: string;
  to: string;
}

/** What decides a subscription's deliveries. */
export interface Schedule {
  /** The first day it may deliver. */
  start: string;
  frequency: Frequency;
  status: SubscriptionStatus;
  pauses: readonly Pause[];
  /** Single days the shopper skipped. */
  skips: readonly string[];
}

export const SUBSCRIPTION_MESSAGES = {
  chooseDays: /*i18n*/ "Choose at least one day of the week.",
  everyWeeks: (max: number) => say(/*i18n*/ "Choose every 1 to {max} weeks.", { max }),
  startTooSoon: (date: string) => say(/*i18n*/ "The first delivery can be on {date} at the earliest.", { date }),
  pauseOrder: /*i18n*/ "The pause must end on or after the day it starts.",
  pauseTooLong: (days: number) => say(/*i18n*/ "A pause can be at most {days} days. To stop for longer, cancel the subscription.", { days }),
  pastCutoff: /*i18n*/ "That delivery can no longer be changed: the evening cut-off before it has passed.",
  notDue: /*i18n*/ "There is no delivery on that day to skip.",
  unavailable: /*i18n*/ "Subscriptions are not available at this shop yet.",
  notSubscribable: /*i18n*/ "This product cannot be delivered on a schedule.",
  notFound: /*i18n*/ "That subscription was not found.",
  ended: /*i18n*/ "This subscription is cancelled.",
  quantity: (max: number) => say(/*i18n*/ "Choose a quantity from 1 to {max}.", { max }),
  addressGone: /*i18n*/ "its delivery address was removed; choose another in My Account",
  held: /*i18n*/ "this product is no longer sold",
  subscribed: /*i18n*/ "Subscribed. We will remind you the evening before each delivery.",
  changed: /*i18n*/ "Your subscription is changed.",
  paused: /*i18n*/ "Paused. Nothing will be delivered on those days.",
  resumed: /*i18n*/ "Resumed.",
  skipped: (date: string) => say(/*i18n*/ "The delivery on {date} is skipped. Nothing will be charged for it.", { date }),
  alreadySkipped: (date: string) => say(/*i18n*/ "The delivery on {date} was already skipped.", { date }),
  cancelled: /*i18n*/ "Your subscription is cancelled.",
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A calendar date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  return dateOf(dayNumber(date) + n);
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday.
  return WEEKDAYS[(((dayNumber(date) + 3) % 7) + 7) % 7]!;
}

/** Whether the frequency falls on `date`, counted from `start` (pauses and skips aside). */
export function falls(frequency: Frequency, start: string, date: string): boolean {
  const since = dayNumber(date) - dayNumber(start);
  if (since < 0) return false;
  switch (frequency.kind) {
    case "daily":
      return true;
    case "alternate":
      return since % 2 === 0;
    case "weekdays":
      return weekdayOf(date) !== "sat" && weekdayOf(date) !== "sun";
    case "days":
      return frequency.days.includes(weekdayOf(date));
    case "weeks":
      return since % (7 * frequency.every) === 0;
  }
}

/** Whether a pause covers `date`. */
export function pausedOn(pauses: readonly Pause[], date: string): boolean {
  return pauses.some((p) => p.from <= date && date <= p.to);
}

/** Whether the subscription delivers on `date`: active, begun, on its frequency, not paused, not skipped. */
export function deliversOn(schedule: Schedule, date: string): boolean {
  return schedule.status === "active" && falls(schedule.frequency, schedule.start, date) && !pausedOn(schedule.pauses, date) && !schedule.skips.includes(date);
}

/** The next `count` delivery days from `from` (included), looking at most a year ahead. */
export function upcoming(schedule: Schedule, from: string, count: number): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from), last = day + 366; day <= last && days.length < count; day++) if (deliversOn(schedule, dateOf(day))) days.push(dateOf(day));
  return days;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The instant a delivery day closes to changes: `cutoffHour` (IST) the evening before. */
export function cutoffOf(date: string, cutoffHour = DEFAULT_CUTOFF_HOUR): Date {
  return new Date(Date.parse(`${addDays(date, -1)}T00:00:00Z`) + cutoffHour * 3_600_000 - IST_OFFSET_MS);
}

/** Whether the shopper may still skip, pause or change a delivery on `date`. */
export function changeable(date: string, now: Date, cutoffHour = DEFAULT_CUTOFF_HOUR): boolean {
  return now.getTime() < cutoffOf(date, cutoffHour).getTime();
}

/** The first day a new subscription, pause or change can touch: the first day still open. */
export function firstOpenDay(now: Date, cutoffHour = DEFAULT_CUTOFF_HOUR): string {
  let date = addDays(shopDate(now), 1);
  while (!changeable(date, now, cutoffHour)) date = addDays(date, 1);
  return date;
}

/**
 * The last hour (IST) of a delivery day's own morning at which its orders can still be made:
 * packing needs the two hours before the morning slot (8-12) starts.
 */
export const CATCH_UP_UNTIL_HOUR = 6;

/**
 * The days the cut-off job makes orders for at `now`: each day whose cut-off has passed and whose
 * morning has not gone past CATCH_UP_UNTIL_HOUR. Usually tomorrow, after the cut-off; after
 * downtime over midnight, today too until 06:00; never a day that could no longer be delivered.
 */
export function daysToMake(now: Date, cutoffHour = DEFAULT_CUTOFF_HOUR): string[] {
  const today = shopDate(now);
  const lastChance = (date: string) => Date.parse(`${date}T00:00:00Z`) + CATCH_UP_UNTIL_HOUR * 3_600_000 - IST_OFFSET_MS;
  return [today, addDays(today, 1)].filter((date) => !changeable(date, now, cutoffHour) && now.getTime() < lastChance(date));
}

/** A frequency as its form sends it, or the reason it is not one. */
export function parseFrequency(kind: string, days: readonly string[], every: number | null): Frequency | { error: string } {
  switch (kind) {
    case "daily":
    case "alternate":
    case "weekdays":
      return { kind };
    case "days": {
      const chosen = WEEKDAYS.filter((d) => days.includes(d));
      return chosen.length ? { kind, days: chosen } : { error: SUBSCRIPTION_MESSAGES.chooseDays };
    }
    case "weeks":
      return every !== null && Number.isInteger(every) && every >= 1 && every <= MAX_EVERY_WEEKS ? { kind, every } : { error: SUBSCRIPTION_MESSAGES.everyWeeks(MAX_EVERY_WEEKS) };
    default:
      return { error: SUBSCRIPTION_MESSAGES.chooseDays };
  }
}

/** A pause the shopper asked for, or the reason it cannot be: it starts on a day still open and lasts at most MAX_PAUSE_DAYS. */
export function checkPause(pause: Pause, now: Date, cutoffHour = DEFAULT_CUTOFF_HOUR): string | null {
  if (pause.to < pause.from) return SUBSCRIPTION_MESSAGES.pauseOrder;
  if (pause.from < firstOpenDay(now, cutoffHour)) return SUBSCRIPTION_MESSAGES.pastCutoff;
  if (dayNumber(pause.to) - dayNumber(pause.from) + 1 > MAX_PAUSE_DAYS) return SUBSCRIPTION_MESSAGES.pauseTooLong(MAX_PAUSE_DAYS);
  return null;
}

/** Whether the shopper may skip `date`, or why not. */
export function checkSkip(schedule: Schedule, date: string, now: Date, cutoffHour = DEFAULT_CUTOFF_HOUR): string | null {
  if (!changeable(date, now, cutoffHour)) return SUBSCRIPTION_MESSAGES.pastCutoff;
  if (!deliversOn(schedule, date)) return SUBSCRIPTION_MESSAGES.notDue;
  return null;
}

/** One delivery as the reminder says it: "2 × Aravalli Farms A2 Desi Cow Milk 500 ml". */
export function deliveryItems(line: { quantity: number; title: string; attribute: string }): string {
  const pack = line.attribute.replace(/^(Net Weight|Capacity)\s+/, "").replace(/^Pack Count\s+(\d+)$/, "pack of $1");
  return `${line.quantity} × ${line.title} ${pack}`.trim();
}

/** A DLT variable holds 30 characters: a longer value is cut at a word with a full stop. */
export function smsValue(text: string): string {
  return text.length > 30 ? `${text.slice(0, 29).trimEnd()}.` : text;
}

/** The evening reminder's mail: what comes tomorrow, what it costs, and the one-tap skip. */
export function reminderMail(
  who: { name: string },
  line: { items: string; totalPaise: number; date: string; skipUrl: string; autopay?: boolean },
  shopName: string,
  origin: string,
  i18n: I18n,
) {
  return {
    subject: i18n._("Tomorrow from {shop}: {items}", { shop: shopName, items: line.items }),
    text: [
      i18n._("Hello {name},", { name: who.name }),
      "",
      line.autopay
        ? i18n._("Tomorrow ({date}) we bring {items}, {total}, charged by Autopay at the cut-off.", { date: line.date, items: line.items, total: formatRupees(line.totalPaise) })
        : i18n._("Tomorrow ({date}) we bring {items}, {total}, paid on delivery.", { date: line.date, items: line.items, total: formatRupees(line.totalPaise) }),
      "",
      i18n._("Not needed tomorrow? Skip it (no sign-in needed): {link}", { link: line.skipUrl }),
      i18n._("Your subscriptions: {link}", { link: origin + pathIn(i18n.locale, "/myaccount/subscriptions") }),
      "",
    ].join("\n"),
  };
}

/** The mail of a subscription staff held back (a discontinued product): why, and that nothing more comes or is charged. */
export function heldMail(who: { name: string }, line: { items: string; reason: string }, shopName: string, origin: string, i18n: I18n) {
  return {
    subject: i18n._("Your subscription to {items} is on hold", { items: line.items }),
    text: [
      i18n._("Hello {name},", { name: who.name }),
      "",
      i18n._("Your subscription to {items} is on hold: {reason}.", { items: line.items, reason: i18n._(line.reason) }),
      i18n._("Nothing more will be delivered or charged for it until it is back. You can cancel it in My Account."),
      "",
      i18n._("Your subscriptions: {link}", { link: origin + pathIn(i18n.locale, "/myaccount/subscriptions") }),
      "",
      `${shopName}`,
    ].join("\n"),
  };
}

/** The mail of a delivery the cut-off could not make: what, when, why, and that nothing is charged. */
export function skippedMail(who: { name: string }, line: { items: string; date: string; reason: string }, shopName: string, origin: string, i18n: I18n) {
  return {
    subject: i18n._("{items} on {date} is skipped", { items: line.items, date: line.date }),
    text: [
      i18n._("Hello {name},", { name: who.name }),
      "",
      i18n._("We could not make your delivery of {items} on {date}: {reason}.", { items: line.items, date: line.date, reason: line.reason }),
      i18n._("Nothing is charged for it. Your next deliveries are as planned."),
      "",
      i18n._("Your subscriptions: {link}", { link: origin + pathIn(i18n.locale, "/myaccount/subscriptions") }),
      "",
      `${shopName}`,
    ].join("\n"),
  };
}
