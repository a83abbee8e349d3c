// Staff: the catalogue (issue 14; decisions 041 and 055): a variant's price, stock, weight and
// photos, a category shown or hidden, a catalogue file imported. The bounds are the domain's
// (domain/staff-catalog.ts, domain/weight.ts, domain/photo.ts), checked by the form and again by
// the Shop; a variant back in stock tells who waits for it in the same transaction.
import type { Shop, StaffCatalogPort } from "../shop/port.server.ts";

export function updateVariant(shop: Shop, ...args: Parameters<StaffCatalogPort["updateVariant"]>): ReturnType<StaffCatalogPort["updateVariant"]> {
  return shop.staffCatalog.updateVariant(...args);
}

export function setCategoryStatus(shop: Shop, ...args: Parameters<StaffCatalogPort["setCategoryStatus"]>): ReturnType<StaffCatalogPort["setCategoryStatus"]> {
  return shop.staffCatalog.setCategoryStatus(...args);
}

export function importCatalogFile(shop: Shop, ...args: Parameters<StaffCatalogPort["importFile"]>): ReturnType<StaffCatalogPort["importFile"]> {
  return shop.staffCatalog.importFile(...args);
}

export function addVariantPhoto(shop: Shop, ...args: Parameters<StaffCatalogPort["addPhoto"]>): ReturnType<StaffCatalogPort["addPhoto"]> {
  return shop.staffCatalog.addPhoto(...args);
}
