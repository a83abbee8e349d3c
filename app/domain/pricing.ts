// The one pricing function (Specification: Cart and Transaction constants): prices include GST; a coupon discount (and
// the prepaid discount of an order paid online) is spread over the lines in proportion to their value, so each line's tax is on what is
// actually paid for it (what the invoice shows); delivery is free unless staff set a fee for
// orders below the free-delivery threshold (issue 14). Integer paise throughout.
import { say } from "./i18n/messages.ts";
import { taxIncluded } from "./money.ts";

/** The shipping policy's standing promise: orders above this always ship free (decision 027). */
export const FREE_DELIVERY_ABOVE_PAISE = 99_900;

/** What delivery costs (issue 14: settings staff keep): `feePaise` for orders up to `freeAbovePaise`, free above it. */
export interface DeliveryFee {
  feePaise: number;
  freeAbovePaise: number;
}

/** The default: delivery is free on every order (Specification: Transaction constants: delivery shows as Free). */
export const NO_DELIVERY_FEE: DeliveryFee = { feePaise: 0, freeAbovePaise: FREE_DELIVERY_ABOVE_PAISE };

/** What delivery costs an order of `subtotalPaise` (its items' value, before discounts). */
export function deliveryChargePaise(subtotalPaise: number, fee: DeliveryFee = NO_DELIVERY_FEE): number {
  if (fee.feePaise <= 0 || subtotalPaise <= 0 || subtotalPaise > fee.freeAbovePaise) return 0;
  return fee.feePaise;
}

/** What a placed order's delivery cost: its total less what its items came to after discounts (orders keep no column of it). */
export function deliveryPaiseOf(order: { totalPaise: number; subtotalPaise: number; discountPaise: number; prepaidDiscountPaise?: number }): number {
  return order.totalPaise - (order.subtotalPaise - order.discountPaise - (order.prepaidDiscountPaise ?? 0));
}

/** The note beside the order summary, worded from the same rule as the charge (the page says it in its language). */
export function deliveryNote(subtotalPaise: number, rupees: (paise: number) => string, fee: DeliveryFee = NO_DELIVERY_FEE): string {
  if (fee.feePaise <= 0) return say(/*i18n*/ "Delivery is free on every order for now; orders above {above} always ship free.", { above: rupees(FREE_DELIVERY_ABOVE_PAISE) });
  if (deliveryChargePaise(subtotalPaise, fee) > 0) {
    return say(/*i18n*/ "Delivery costs {fee}; add items worth {more} more for free delivery (orders above {above}).", {
      fee: rupees(fee.feePaise),
      more: rupees(fee.freeAbovePaise + 100 - subtotalPaise),
      above: rupees(fee.freeAbovePaise),
    });
  }
  return say(/*i18n*/ "Free delivery on orders above {above}.", { above: rupees(fee.freeAbovePaise) });
}

export interface PricedLineInput {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
  taxRate: number;
  /** A line sold by weight, once weighed (issue 29): what its packed weight costs, in place of price times quantity. */
  weighedPaise?: number | null;
}

/** What a line's items come to before discounts: price times quantity, or what it weighed. */
export function lineGrossPaise(line: Pick<PricedLineInput, "pricePaise" | "quantity" | "weighedPaise">): number {
  return line.weighedPaise ?? line.pricePaise * line.quantity;
}

/** Its MRP, in the same proportion as a weighed line's price. */
function lineMrpPaise(line: PricedLineInput): number {
  const mrp = Math.max(line.mrpPaise, line.pricePaise) * line.quantity;
  return line.weighedPaise == null || line.pricePaise <= 0 ? mrp : Math.floor((mrp * line.weighedPaise) / (line.pricePaise * line.quantity));
}

export interface PricedLine {
  grossPaise: number;
  discountPaise: number;
  /** What the line costs after the coupon, tax included. */
  netPaise: number;
  /** The net amount without its GST. */
  taxableValuePaise: number;
  taxPaise: number;
}

export interface OrderPricing<L> {
  lines: (L & PricedLine)[];
  subtotalPaise: number;
  mrpTotalPaise: number;
  /** Against MRP, before any coupon. */
  savingsPaise: number;
  couponPaise: number;
  /** The prepaid discount (decision 031): a percentage of what is left after the coupon. */
  prepaidPaise: number;
  taxPaise: number;
  deliveryPaise: number;
  /** The fee rule the delivery charge came from (null when it was fixed already), for the summary's note. */
  deliveryFee: DeliveryFee | null;
  totalPaise: number;
}

/** Splits `amount` over `weights` in proportion, in whole units, the remainders to the largest fractions. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** `percent` of `paise`, rounded down to the paisa: the shop never gives more than it says. */
export function prepaidDiscountPaise(paise: number, percent: number): number {
  if (!(percent > 0) || paise <= 0) return 0;
  return Math.floor((paise * Math.min(percent, 100)) / 100);
}

/**
 * Prices an order. `prepaid` is the prepaid discount's percentage, or (an order already placed,
 * repriced after a short pick) its amount; `delivery` the fee rule, or the charge already fixed.
 */
export function priceOrder<L extends PricedLineInput>(
  lines: readonly L[],
  couponDiscountPaise = 0,
  prepaid: number | { paise: number } = 0,
  delivery: DeliveryFee | { paise: number } = NO_DELIVERY_FEE,
): OrderPricing<L> {
  const gross = lines.map(lineGrossPaise);
  const subtotal = gross.reduce((a, b) => a + b, 0);
  const coupon = Math.max(0, Math.min(Math.trunc(couponDiscountPaise), subtotal));
  const prepaidPaise = typeof prepaid === "number" ? prepaidDiscountPaise(subtotal - coupon, prepaid) : Math.max(0, Math.min(prepaid.paise, subtotal - coupon));
  const deliveryPaise = "paise" in delivery ? Math.max(0, delivery.paise) : deliveryChargePaise(subtotal, delivery);
  // Both discounts are spread over the lines alike, so each line's tax is on what is paid for it.
  const shares = allocate(coupon + prepaidPaise, gross);
  let tax = 0;
  let mrpTotal = 0;
  const priced = lines.map((l, i) => {
    const net = gross[i]! - shares[i]!;
    const lineTax = taxIncluded(net, l.taxRate);
    tax += lineTax;
    mrpTotal += lineMrpPaise(l);
    return { ...l, grossPaise: gross[i]!, discountPaise: shares[i]!, netPaise: net, taxableValuePaise: net - lineTax, taxPaise: lineTax };
  });
  return {
    lines: priced,
    subtotalPaise: subtotal,
    mrpTotalPaise: mrpTotal,
    savingsPaise: mrpTotal - subtotal,
    couponPaise: coupon,
    prepaidPaise,
    taxPaise: tax,
    deliveryPaise,
    deliveryFee: "paise" in delivery ? null : delivery,
    totalPaise: subtotal - coupon - prepaidPaise + deliveryPaise,
  };
}
