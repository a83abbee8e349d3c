// Money is integer paise everywhere; shoppers see whole rupees (spec: no decimals).

/**
 * An amount the shop works out (a coupon's share, a weighed line) rounded down to the whole rupee:
 * the shopper reads whole rupees, and a rounding never charges them more. The one place it is done.
 */
export function downToRupee(paise: number): number {
  return Math.floor(paise / 100) * 100;
}

const rupeeFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

const exactFormat = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * ₹1,299 for 129900 paise. The one money formatter of the shop: whole rupees for
 * shoppers (spec: no decimals); `{ exact: true }` keeps the paise, for tax invoices.
 */
export function formatRupees(paise: number, options?: { exact?: boolean }): string {
  return options?.exact ? exactFormat.format(paise / 100) : rupeeFormat.format(Math.round(paise / 100));
}

/** Rupees (as typed in a catalogue file or a price filter) to paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Rounded absolute discount percent of a price against its MRP; 0 when there is none. */
export function discountPercent(pricePaise: number, mrpPaise: number): number {
  if (mrpPaise <= 0 || pricePaise >= mrpPaise) return 0;
  return Math.round(Math.abs(((mrpPaise - pricePaise) / mrpPaise) * 100));
}

/** The GST inside a tax-inclusive amount: price × rate / (100 + rate), in paise. */
export function taxIncluded(pricePaise: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0;
  return Math.round((pricePaise * ratePercent) / (100 + ratePercent));
}

/** First entry of the spec's sales_tax list ("5%") as a number; 0 when absent or unreadable. */
export function taxRate(salesTax: readonly string[] | undefined): number {
  const first = salesTax?.[0];
  if (!first) return 0;
  const n = Number.parseFloat(first.replace("%", ""));
  return Number.isFinite(n) && n >= 0 ? n : 0;
}
