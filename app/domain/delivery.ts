// Delivery slots and serviceable PINs (Specification: Transaction constants: slots Morning 8-12, Afternoon 12-4,
// Evening 4-8; 'Delivery Tomorrow'; slot changes up to 2 hours prior). Times are the shop's,
// in India Standard Time, whatever the server's clock zone. No I/O.
import { say } from "./i18n/messages.ts";

export const SLOT_KINDS = ["morning", "afternoon", "evening"] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

export const SLOTS: Readonly<Record<SlotKind, { label: string; startHour: number; endHour: number }>> = {
  morning: { label: /*i18n*/ "Morning 8-12", startHour: 8, endHour: 12 },
  afternoon: { label: /*i18n*/ "Afternoon 12-4", startHour: 12, endHour: 16 },
  evening: { label: /*i18n*/ "Evening 4-8", startHour: 16, endHour: 20 },
};

/** How many days of slots Review Order offers, tomorrow first (the header's promise). */
export const SLOT_DAYS = 3;
/** A slot may be changed until this long before it starts (Specification: Transaction constants). */
export const SLOT_CHANGE_CUTOFF_MS = 2 * 60 * 60 * 1000;
/** Each slot's capacity until staff set another (orders per slot). */
export const DEFAULT_SLOT_CAPACITY = 40;

/** India Standard Time's offset from UTC, all year. */
export const IST_OFFSET_MINUTES = 5 * 60 + 30;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60 * 1000;

export const DELIVERY_MESSAGES = {
  chooseSlot: /*i18n*/ "Choose a delivery slot.",
  slotFull: /*i18n*/ "That delivery slot is full. Please choose another.",
  slotPast: /*i18n*/ "That delivery slot has already closed. Please choose another.",
  slotChangeClosed: /*i18n*/ "The slot can no longer be changed: it starts in less than 2 hours.",
  notServiceable: (pin: string) => say(/*i18n*/ "We do not deliver to PIN {pin} yet. Please choose an address in an area we serve.", { pin }),
  serviceable: (pin: string) => say(/*i18n*/ "Good news: we deliver to PIN {pin}.", { pin }),
  invalidPin: /*i18n*/ "Enter a valid 6-digit PIN code",
  // Staff only (their pages stay English).
  pastCapacity: "That day has passed: its slots' capacity can no longer be set.",
} as const;

/** A slot on a day: the date is the shop's (IST) calendar date, "2026-11-25". */
export interface Slot {
  date: string;
  kind: SlotKind;
}

/** A delivery slot as Review Order offers it. */
export interface SlotOffer extends Slot {
  label: string;
  capacity: number;
  /** Places left. */
  left: number;
  available: boolean;
  reason: "past" | "full" | null;
}

/** `value` when it is a real calendar day written YYYY-MM-DD (not 2026-02-31), else null. */
export function calendarDate(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value ? value : null;
}

/** The shop's calendar date of an instant. */
export function shopDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the shop's calendar date begins (midnight in India). */
export function shopDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The instant a slot starts. */
export function slotStart(slot: Slot): Date {
  return new Date(Date.parse(`${slot.date}T00:00:00Z`) + SLOTS[slot.kind].startHour * 3_600_000 - IST_OFFSET_MS);
}

/** The days Review Order offers, tomorrow first. */
export function slotDates(now: Date, days = SLOT_DAYS): string[] {
  const today = Date.parse(`${shopDate(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today + (i + 1) * 86_400_000).toISOString().slice(0, 10));
}

/** Whether a slot can still be chosen for a new order: it has not started. */
export function isOpen(slot: Slot, now: Date): boolean {
  return slotStart(slot).getTime() > now.getTime();
}

/** Whether an order's slot may still be changed: more than 2 hours before it starts. */
export function canChangeSlot(slot: Slot, now: Date): boolean {
  return slotStart(slot).getTime() - now.getTime() > SLOT_CHANGE_CUTOFF_MS;
}

/** "Wed, 25 Nov, Morning 8-12", in English (staff pages, stored notes); shopper pages say it in their language (components/orders/order-text.tsx). */
export function slotLabel(slot: Slot): string {
  return `${slotDayFormat.format(new Date(`${slot.date}T12:00:00Z`))}, ${SLOTS[slot.kind].label}`;
}
// One formatter: making one per label was a tenth of Review Order's time (issue 30).
const slotDayFormat = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** A slot's day as Review Order groups slots: "Wed, 25 Nov". */
export function slotDayLabel(slot: Slot): string {
  return slotLabel(slot).split(", ").slice(0, 2).join(", ");
}

/** A slot as a form sends it: "2026-11-25/morning"; null for anything else. */
export function parseSlot(value: string | null | undefined): Slot | null {
  const m = /^(\d{4}-\d{2}-\d{2})\/(morning|afternoon|evening)$/.exec(value ?? "");
  if (!m || Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) return null;
  return { date: m[1]!, kind: m[2] as SlotKind };
}

export function slotValue(slot: Slot): string {
  return `${slot.date}/${slot.kind}`;
}

/** A PIN as typed ("122 002") as the six digits it is, or null. */
export function normalizePin(value: string): string | null {
  const digits = value.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A shop's calendar date as pages, mails and SMS say it: "Wed, 25 Nov" (read at noon UTC, shown in UTC), in the language's own names. */
export function dayText(i18n: { date(value: string, options: Intl.DateTimeFormatOptions): string }, date: string): string {
  return i18n.date(`${date}T12:00:00Z`, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
}
