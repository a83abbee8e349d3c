// Orders as their lists show them. No I/O.
import { paymentLine, type PaymentState } from "./payment.ts";
import type { Stage } from "./order-life.ts";

export interface OrderSummaryView {
  id: number;
  state: "confirmed" | "cancelled";
  /** ISO date-time. */
  placedAt: string;
  totalPaise: number;
  itemCount: number;
  /** How it is paid: 'Cash On Delivery', 'Paid', 'Refund initiated', 'Refunded'. */
  payment: string;
  /** The delivery slot ("Wed, 25 Nov, Morning 8-12"), when the order has one. */
  slot: string | null;
  stage: Stage;
  lines: { title: string; quantity: number; internalReference: string }[];
}

export const ORDER_MESSAGES = {
  invalidCart: "Invalid cart_id. Please refresh your cart.",
  invalidAddress: "Invalid address_id. Please reselect your delivery address.",
  invalidTotal: "Invalid cart total. Please check your items.",
  alreadyCancelled: "Order is already cancelled.",
  cancelled: "Your order has been cancelled.",
  refundInitiated: "Refund initiated: the full amount goes back to where you paid from.",
  notFound: "That order could not be found.",
  confirmCancel: "Are you sure you want to cancel this order?",
} as const;

export function toOrderSummary(o: {
  id: number;
  state: "confirmed" | "cancelled";
  placedAt: Date;
  totalPaise: number;
  payment: { state: PaymentState; method: string | null };
  slot: { label: string } | null;
  stage: Stage;
  lines: { title: string; quantity: number; internalReference: string }[];
}): OrderSummaryView {
  return {
    id: o.id,
    state: o.state,
    placedAt: o.placedAt.toISOString(),
    totalPaise: o.totalPaise,
    itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
    slot: o.slot?.label ?? null,
    stage: o.stage,
    payment: paymentLine(o.payment),
    lines: o.lines.map((l) => ({ title: l.title, quantity: l.quantity, internalReference: l.internalReference })),
  };
}
