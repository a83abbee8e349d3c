// The processing log's ways in (issue 48 item 7, decision 088): a staff member opening a shopper's
// record is logged as a read, and so is reading a shopper's log itself.
import { parseShopperQuery } from "../../domain/shopper-search.ts";
import type { Customer, ProcessingEntry, Shop } from "../shop/port.server.ts";

/** What a staff member opened: one entry per shopper and record. */
export async function staffRead(shop: Shop, staff: Customer, entries: readonly Omit<ProcessingEntry, "staffId" | "system" | "action">[]): Promise<void> {
  await shop.processingLog.record(entries.map((e) => ({ ...e, staffId: staff.id, action: "read" as const })));
}

/** A shopper and their log, as staff read it (null: no such shopper); the reading is logged first, so it is in what they see. */
export async function shopperLog(shop: Shop, staff: Customer, customerId: number) {
  const person = await shop.processingLog.person(customerId);
  if (!person) return null;
  await staffRead(shop, staff, [{ customerId, what: "processing-log" }]);
  return { person, lines: await shop.processingLog.forCustomer(customerId, person.provedEmail) };
}

/** Shoppers found by what staff typed (null: too little to search by); each shown is a read of their data, logged. */
export async function findShoppers(shop: Shop, staff: Customer, typed: string) {
  const query = parseShopperQuery(typed);
  if (!query) return null;
  const found = await shop.processingLog.findShoppers(query);
  await staffRead(
    shop,
    staff,
    found.map((f) => ({ customerId: f.id, what: "search", detail: typed.trim().slice(0, 100) })),
  );
  return found;
}
