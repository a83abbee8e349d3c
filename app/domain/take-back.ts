// Items taken back after an order left the shop (decision 065): refused at the door while it is
// out for delivery, or returned once delivered (the refund policy's return window). The order is
// priced again as a short pick prices it, and what comes off is a credit note against its tax
// invoice. Staff's words, in English. Pure.
import { formatRupees } from "./money.ts";
import type { Stage } from "./order-life.ts";

export const TAKE_BACK_MESSAGES = {
  notLeft: (number: number) => `Order #${number} has not left the shop: mark its items short instead.`,
  quantity: (ordered: number) => `Enter how many were taken back: 1 to ${ordered}.`,
  weighed: (title: string, quantity: number) => `${title} was weighed: it is taken back whole (${quantity}).`,
  everything: "That is all that is left of the order: taking every item back is not done here. Take back the others first, or ask the shop's office.",
  noInvoice: (number: number) => `Order #${number} has no tax invoice to credit.`,
  note: (title: string, quantity: number, creditNote: { number: string; totalPaise: number } | null, refundPaise: number) =>
    `${title}: ${quantity} taken back${creditNote ? `; credit note ${creditNote.number} for ${formatRupees(creditNote.totalPaise, { exact: true })}` : ""}${refundPaise > 0 ? `; ${formatRupees(refundPaise, { exact: true })} refunded` : ""}`,
  done: (number: number, creditNote: string | null, total: string) =>
    creditNote ? `Order #${number}: items taken back, credit note ${creditNote} issued; its total is now ${total}.` : `Order #${number}: items taken back; its total is now ${total}.`,
} as const;

/** Items may be taken back once the order has left the shop: out for delivery (refused at the door) or delivered (returned). */
export function canTakeBack(stage: Stage | null, cancelled: boolean): boolean {
  return !cancelled && (stage === "out_for_delivery" || stage === "delivered");
}
