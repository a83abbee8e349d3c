// Orders as their lists show them. No I/O.
import type { Slot } from "./delivery.ts";
import { lineGrossPaise } from "./pricing.ts";
import type { PaymentState } from "./payment.ts";
import type { Stage } from "./order-life.ts";

export interface OrderSummaryView {
  /** The order's key, in its URLs. */
  id: number;
  /** The order's number people see (#3). */
  number: number;
  state: "confirmed" | "cancelled";
  /** ISO date-time. */
  placedAt: string;
  totalPaise: number;
  itemCount: number;
  /** How it is paid ('Cash On Delivery', 'UPI · Paid'): the page says it in its language. */
  payment: { state: PaymentState; method: string | null };
  /** The delivery slot, when the order has one: the page says it ("Wed, 25 Nov, Morning 8-12") in its language. */
  slot: Slot | null;
  stage: Stage;
  lines: { title: string; quantity: number; internalReference: string }[];
}

export const ORDER_MESSAGES = {
  invalidCart: /*i18n*/ "Invalid cart_id. Please refresh your cart.",
  invalidAddress: /*i18n*/ "Invalid address_id. Please reselect your delivery address.",
  invalidTotal: /*i18n*/ "Invalid cart total. Please check your items.",
  alreadyCancelled: /*i18n*/ "Order is already cancelled.",
  cancelled: /*i18n*/ "Your order has been cancelled.",
  refundInitiated: /*i18n*/ "Refund initiated: the full amount goes back to where you paid from.",
  notFound: /*i18n*/ "That order could not be found.",
  confirmCancel: /*i18n*/ "Are you sure you want to cancel this order?",
} as const;

export function toOrderSummary(o: {
  id: number;
  number: number;
  state: "confirmed" | "cancelled";
  placedAt: Date;
  totalPaise: number;
  payment: { state: PaymentState; method: string | null };
  slot: Slot | null;
  stage: Stage;
  lines: { title: string; quantity: number; internalReference: string }[];
}): OrderSummaryView {
  return {
    id: o.id,
    number: o.number,
    state: o.state,
    placedAt: o.placedAt.toISOString(),
    totalPaise: o.totalPaise,
    itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
    slot: o.slot ? { date: o.slot.date, kind: o.slot.kind } : null,
    stage: o.stage,
    payment: { state: o.payment.state, method: o.payment.method },
    lines: o.lines.map((l) => ({ title: l.title, quantity: l.quantity, internalReference: l.internalReference })),
  };
}

/** What an order line's items come to: price times quantity, or (sold by weight, once weighed) what it weighed. */
export function lineItemsPaise(line: { unitPricePaise: number; quantity: number; weighedPaise?: number | null }): number {
  return lineGrossPaise({ pricePaise: line.unitPricePaise, quantity: line.quantity, weighedPaise: line.weighedPaise });
}

/** What an order line comes to: its items, less its share of the coupon. */
export function lineAmountPaise(line: { unitPricePaise: number; quantity: number; discountPaise: number; weighedPaise?: number | null }): number {
  return lineItemsPaise(line) - line.discountPaise;
}
