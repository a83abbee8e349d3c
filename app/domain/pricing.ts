// The one pricing function (transactions §2, §9): prices include GST; a coupon discount (and
// the prepaid discount of an order paid online) is spread over the lines in proportion to their value, so each line's tax is on what is
// actually paid for it (what the invoice shows); delivery is free. Integer paise throughout.
import { taxIncluded } from "./money.ts";

/** The shipping policy's standing promise: orders above this always ship free (decision 027). */
export const FREE_DELIVERY_ABOVE_PAISE = 99_900;

/** What delivery costs an order today: nothing, whatever its value (transactions §9: delivery shows as Free). */
export function deliveryChargePaise(_subtotalPaise: number): number {
  return 0;
}

/** The note beside the order summary, worded from the same rule as the charge. */
export function deliveryNote(subtotalPaise: number, rupees: (paise: number) => string): string {
  if (deliveryChargePaise(subtotalPaise) > 0) return `Free delivery on orders above ${rupees(FREE_DELIVERY_ABOVE_PAISE)}.`;
  return `Delivery is free on every order for now; orders above ${rupees(FREE_DELIVERY_ABOVE_PAISE)} always ship free.`;
}

export interface PricedLineInput {
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
  taxRate: number;
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

export function priceOrder<L extends PricedLineInput>(lines: readonly L[], couponDiscountPaise = 0, prepaidPercent = 0): OrderPricing<L> {
  const gross = lines.map((l) => l.pricePaise * l.quantity);
  const subtotal = gross.reduce((a, b) => a + b, 0);
  const coupon = Math.max(0, Math.min(Math.trunc(couponDiscountPaise), subtotal));
  const prepaid = prepaidDiscountPaise(subtotal - coupon, prepaidPercent);
  // Both discounts are spread over the lines alike, so each line's tax is on what is paid for it.
  const shares = allocate(coupon + prepaid, gross);
  let tax = 0;
  let mrpTotal = 0;
  const priced = lines.map((l, i) => {
    const net = gross[i]! - shares[i]!;
    const lineTax = taxIncluded(net, l.taxRate);
    tax += lineTax;
    mrpTotal += Math.max(l.mrpPaise, l.pricePaise) * l.quantity;
    return { ...l, grossPaise: gross[i]!, discountPaise: shares[i]!, netPaise: net, taxableValuePaise: net - lineTax, taxPaise: lineTax };
  });
  return {
    lines: priced,
    subtotalPaise: subtotal,
    mrpTotalPaise: mrpTotal,
    savingsPaise: mrpTotal - subtotal,
    couponPaise: coupon,
    prepaidPaise: prepaid,
    taxPaise: tax,
    deliveryPaise: deliveryChargePaise(subtotal),
    totalPaise: subtotal - coupon - prepaid + deliveryChargePaise(subtotal),
  };
}
