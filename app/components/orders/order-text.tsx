// How a shopper's page says an order's slot, stage and payment in its language (issue 27). The
// domain keeps them in English (staff pages, the invoice, stored notes); each label is in the
// catalogue (/*i18n*/ in the domain) and is said here, with Hindi day and month names on Hindi pages.
import { Fragment, type ReactNode } from "react";
import { dayText, SLOTS, slotLabel, type Slot, type SlotKind } from "../../domain/delivery.ts";
import { STAGE_LABELS, type Stage } from "../../domain/order-life.ts";
import { methodLabel, paymentStateLabel, type PaymentState } from "../../domain/payment.ts";
import type { I18n } from "../i18n.tsx";

/** A slot's day: "Wed, 25 Nov" (the slot's date is the shop's calendar date: read at noon UTC, shown in UTC). */
export function slotDayText(i18n: I18n, slot: Slot): string {
  return dayText(i18n, slot.date);
}

/** A slot: "Wed, 25 Nov, Morning 8-12". */
export function slotText(i18n: I18n, slot: Slot): string {
  return `${slotDayText(i18n, slot)}, ${i18n._(SLOTS[slot.kind].label)}`;
}

/**
 * The slot an English slot label names ("Wed, 25 Nov, Morning 8-12": the note of a slot change),
 * near the time it was written; null when it names none.
 */
export function slotOfLabel(label: string, at: Date): Slot | null {
  const m = /^\w+, (\d{1,2}) \w+, (.+)$/.exec(label);
  const kind = m && (Object.keys(SLOTS) as SlotKind[]).find((k) => SLOTS[k].label === m[2]);
  if (!m || !kind) return null;
  // The label has no year: the day of that number in the months around the change that reads the same.
  for (const months of [0, 1, -1, 2]) {
    const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, Number(m[1]), 12));
    if (d.getUTCDate() !== Number(m[1])) continue;
    const slot = { date: d.toISOString().slice(0, 10), kind };
    if (slotLabel(slot) === label) return slot;
  }
  return null;
}

/** Where an order is: its stage, or Cancelled. */
export function stageText(i18n: I18n, stage: Stage, cancelled: boolean): string {
  return i18n._(STAGE_LABELS[cancelled ? "cancelled" : stage]);
}

/** A payment method: "UPI", "Card" (one Razorpay names that the shop does not, as it is). */
export function methodText(i18n: I18n, method: string | null): string {
  return i18n._(methodLabel(method));
}

export function paymentStateText(i18n: I18n, state: PaymentState): string {
  return i18n._(paymentStateLabel(state));
}

/** An order's payment in one line: 'Cash On Delivery', or 'UPI · Paid' (domain/payment.ts paymentLine). */
export function paymentText(i18n: I18n, payment: { state: PaymentState; method: string | null }): string {
  return payment.state === "cod" ? paymentStateText(i18n, "cod") : `${methodText(i18n, payment.method)} · ${paymentStateText(i18n, payment.state)}`;
}

const MARK = "\uE000";

/** Where an element goes in a sentence said with `i18n._`: the value of its placeholder. */
export function place(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/**
 * A sentence said whole (so it translates as one) with elements where its {@link place}d values
 * are: a bold order number, a link. The sentence is said with `{ id: place("id") }` for its {id},
 * and `{ id: <strong>{id}</strong> }` is what stands there.
 */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  const parts = text.split(new RegExp(`${MARK}(\\w+)${MARK}`));
  return parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{elements[part]}</Fragment> : part));
}
