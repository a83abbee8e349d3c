// Stock rules of browsing §2, §3 and §9.

export const LOW_STOCK_MAX = 2;
export const LOW_STOCK_HINT = /*i18n*/ "Hurry! Only few left in stock";
export const OUT_OF_STOCK_BADGE = /*i18n*/ "Out of Stock";

export interface StockLike {
  inStock: boolean;
  inventoryStock: number;
}

export function isAvailable(v: StockLike): boolean {
  return v.inStock && v.inventoryStock > 0;
}

/** 'Hurry! Only few left in stock' shows at stock 1 to 2. */
export function isLowStock(v: StockLike): boolean {
  return isAvailable(v) && v.inventoryStock <= LOW_STOCK_MAX;
}

/** The first in-stock variant is displayed, else the first variant. */
export function displayVariant<T extends StockLike>(variants: readonly T[]): T | undefined {
  return variants.find(isAvailable) ?? variants[0];
}
