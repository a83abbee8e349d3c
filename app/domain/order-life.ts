// An order's life after it is placed (issue 14): Placed → Confirmed → Packed → Out for
// delivery → Delivered, or Cancelled. What the shopper reads, which step comes next, and what
// may still be done at each. No I/O.
import { canChangeSlot, type Slot } from "./delivery.ts";
import { say } from "./i18n/messages.ts";

export const STAGES = ["placed", "confirmed", "packed", "out_for_delivery", "delivered"] as const;
export type Stage = (typeof STAGES)[number];

/** English on the staff's pages; shopper pages say them in their language (`i18n._`). */
export const STAGE_LABELS: Readonly<Record<Stage | "cancelled", string>> = {
  placed: /*i18n*/ "Placed",
  confirmed: /*i18n*/ "Confirmed",
  packed: /*i18n*/ "Packed",
  out_for_delivery: /*i18n*/ "Out for delivery",
  delivered: /*i18n*/ "Delivered",
  cancelled: /*i18n*/ "Cancelled",
};

export const LIFE_MESSAGES = {
  tooLateToCancel: /*i18n*/ "This order is already packed, so it can no longer be cancelled. Please contact us if something is wrong.",
  slotFixed: /*i18n*/ "This order's delivery slot can no longer be changed.",
  slotChanged: /*i18n*/ "Delivery slot changed.",
  boughtAgain: /*i18n*/ "The items are in your cart.",
  notSoldAnyMore: (titles: string[]) => say(/*i18n*/ "No longer sold: {titles}.", { titles: titles.join(", ") }),
} as const;

/** The step after `stage`, or null at the end. */
export function nextStage(stage: Stage): Stage | null {
  const i = STAGES.indexOf(stage);
  return i >= 0 && i < STAGES.length - 1 ? STAGES[i + 1]! : null;
}

/** A shopper may cancel until the order is packed. */
export function canCancel(stage: Stage | null, cancelled: boolean): boolean {
  return !cancelled && (stage === null || stage === "placed" || stage === "confirmed");
}

/** The stages in which an order's items are still in the shop (held against its stock): until it leaves. */
export const STAGES_IN_THE_SHOP: readonly Stage[] = STAGES.filter((s) => canShort(s, false));

/** Staff may mark items short while the order is being packed, not once it has left. */
export function canShort(stage: Stage | null, cancelled: boolean): boolean {
  return canCancel(stage, cancelled) || (!cancelled && stage === "packed");
}

/** A shopper may change the slot of an undelivered order until 2 hours before it starts (Specification: Transaction constants). */
export function canMoveSlot(order: { stage: Stage | null; cancelled: boolean; slot: Slot | null }, now: Date): boolean {
  if (order.cancelled || !order.slot || order.stage === "out_for_delivery" || order.stage === "delivered") return false;
  return canChangeSlot(order.slot, now);
}
