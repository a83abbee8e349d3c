// Stock rules (Specification: Listing, Product page, Adding to cart and Browsing constants).

export const LOW_STOCK_MAX = 2;
/** A card's low-stock hint (Specification: Listing). */
export const LOW_STOCK_HINT = /*i18n*/ "Hurry! Only few left in stock";
/** The product page's low-stock warning, with the count (Specification: Browsing failure messages: 'Only {n} items in stock'; decision 063). */
export const LOW_STOCK_WARNING = /*i18n*/ "Only {n, plural, one {# item} other {# items}} in stock";
export const OUT_OF_STOCK_BADGE = /*i18n*/ "Out of Stock";

export interface StockLike {
  inStock: boolean;
  inventoryStock: number;
}

export function isAvailable(v: StockLike): boolean {
  return v.inStock && v.inventoryStock > 0;
}

/** Stock is low at 1 to 2 (Specification: Browsing constants): cards say 'Hurry! Only few left in stock', the product page 'Only {n} items in stock'. */
export function isLowStock(v: StockLike): boolean {
  return isAvailable(v) && v.inventoryStock <= LOW_STOCK_MAX;
}

/** The first in-stock variant is displayed, else the first variant. */
export function displayVariant<T extends StockLike>(variants: readonly T[]): T | undefined {
  return variants.find(isAvailable) ?? variants[0];
}

/** Staff's dashboard lists a variant under Low stock when fewer than this are left to sell, unless staff set its own (issue 46). */
export const LOW_STOCK_THRESHOLD_DEFAULT = 10;
/** The most a variant's own threshold may be. */
export const LOW_STOCK_THRESHOLD_MAX = 100_000;
/** A variant's own threshold, said after what it is ("Low stock below: …", "low_stock_below: …"). */
export const LOW_STOCK_THRESHOLD_RULE = `must be a whole number from 0 to ${LOW_STOCK_THRESHOLD_MAX}`;

/** A variant's own low-stock threshold: a whole number from 0 to the most (null, none: the shop's default). */
export function validLowStockThreshold(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0 && n <= LOW_STOCK_THRESHOLD_MAX;
}
