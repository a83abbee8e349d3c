// Items short at packing (issue 14), and produce weighed at packing (issue 29): the order is
// priced again for what will be delivered. The shopper keeps what they were promised and never pays
// more: the coupon stays (its discount by its rule on the new subtotal, never more than before),
// the prepaid discount shrinks in proportion, the delivery charge never grows. Pure.
import { couponDiscount, type CouponRule } from "./coupon.ts";
import { formatRupees } from "./money.ts";
import { lineGrossPaise, priceOrder, type OrderPricing, type PricedLineInput } from "./pricing.ts";

export const SHORT_MESSAGES = {
  tooLate: (number: number) => `Order #${number} is already out for delivery: its items can no longer be marked short.`,
  notFewer: (ordered: number) => `Enter how many were packed: fewer than the ${ordered} ordered.`,
  onlyLine: "This is the order's only item: it cannot be left out entirely. Ask the shopper whether to cancel the order.",
  noLine: "That item is not in this order.",
  note: (title: string, packed: number, ordered: number, refundPaise = 0) =>
    `${title}: ${packed} of ${ordered} packed${refundPaise > 0 ? `; ${formatRupees(refundPaise, { exact: true })} refunded` : ""}`,
  done: (number: number, totalRupees: string) => `Order #${number} marked short; its total is now ${totalRupees}.`,
} as const;

/** What the order was priced at when it was placed. */
export interface PlacedFigures {
  subtotalPaise: number;
  couponPaise: number;
  prepaidPaise: number;
  deliveryPaise: number;
  totalPaise: number;
}

/** The order priced again for the lines as packed; `refundPaise` is what a prepaid order gets back. */
export function repricePacked<L extends PricedLineInput>(
  lines: readonly L[],
  placed: PlacedFigures,
  coupon: Pick<CouponRule, "kind" | "value" | "maxDiscountPaise"> | null,
): OrderPricing<L> & { refundPaise: number } {
  const subtotal = lines.reduce((a, l) => a + lineGrossPaise(l), 0);
  const removed = placed.subtotalPaise - subtotal;
  // The coupon by its rule, never more than before, and never down by more than what was taken
  // off (the rule may have changed since the order was placed): what is paid only goes down.
  const byRule = coupon ? couponDiscount(coupon, subtotal) : placed.couponPaise;
  const couponPaise = placed.couponPaise > 0 ? Math.min(subtotal, placed.couponPaise, Math.max(byRule, placed.couponPaise - removed)) : 0;
  const before = placed.subtotalPaise - placed.couponPaise;
  const after = subtotal - couponPaise;
  // In proportion, rounded down; never down by more than the net went down, for the same reason,
  // and never up (a weighed line may come to more than its estimate).
  const prepaidPaise =
    before > 0 ? Math.min(placed.prepaidPaise, Math.max(Math.floor((placed.prepaidPaise * after) / before), placed.prepaidPaise - Math.max(0, before - after), 0)) : 0;
  const pricing = priceOrder(lines, couponPaise, { paise: prepaidPaise }, { paise: placed.deliveryPaise });
  return { ...pricing, refundPaise: Math.max(0, placed.totalPaise - pricing.totalPaise) };
}
