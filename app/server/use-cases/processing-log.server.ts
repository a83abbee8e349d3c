// The processing log's ways in (issue 48 item 7, decision 088): a staff member opening a shopper's
// record is logged as a read, and so is reading a shopper's log itself.
import type { Customer, ProcessingEntry, Shop } from "../shop/port.server.ts";

/** What a staff member opened: one entry per shopper and record. */
export async function staffRead(shop: Shop, staff: Customer, entries: readonly Omit<ProcessingEntry, "staffId" | "system" | "action">[]): Promise<void> {
  await shop.processingLog.record(entries.map((e) => ({ ...e, staffId: staff.id, action: "read" as const })));
}

/** A shopper's log, as staff read it; the reading is logged first, so it is in what they see. */
export async function shopperLog(shop: Shop, staff: Customer, customerId: number) {
  await staffRead(shop, staff, [{ customerId, what: "processing-log" }]);
  return shop.processingLog.forCustomer(customerId);
}

/** Shoppers found by what staff typed; each shown is a read of their data, logged. */
export async function findShoppers(shop: Shop, staff: Customer, query: string) {
  const found = await shop.processingLog.findShoppers(query);
  await staffRead(
    shop,
    staff,
    found.map((f) => ({ customerId: f.id, what: "search", detail: query.slice(0, 100) })),
  );
  return found;
}
