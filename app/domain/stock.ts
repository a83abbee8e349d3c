// Stock rules of browsing §2, §3 and §9.

export const LOW_STOCK_MAX = 2;
/** A card's low-stock hint (browsing §3). */
export const LOW_STOCK_HINT = /*i18n*/ "Hurry! Only few left in stock";
/** The product page's low-stock warning, with the count (browsing §8: 'Only {n} items in stock'; decision 063). */
export const LOW_STOCK_WARNING = /*i18n*/ "Only {n, plural, one {# item} other {# items}} in stock";
export const OUT_OF_STOCK_BADGE = /*i18n*/ "Out of Stock";

export interface StockLike {
  inStock: boolean;
  inventoryStock: number;
}

export function isAvailable(v: StockLike): boolean {
  return v.inStock && v.inventoryStock > 0;
}

/** Stock is low at 1 to 2 (browsing §9): cards say 'Hurry! Only few left in stock', the product page 'Only {n} items in stock'. */
export function isLowStock(v: StockLike): boolean {
  return isAvailable(v) && v.inventoryStock <= LOW_STOCK_MAX;
}

/** The first in-stock variant is displayed, else the first variant. */
export function displayVariant<T extends StockLike>(variants: readonly T[]): T | undefined {
  return variants.find(isAvailable) ?? variants[0];
}
