// What every signed-in page's header needs (the root loader): the cart's lines, the wishlist's
// variants, the chosen delivery address's city and PIN, and the variants the shopper waits for
// ('Notify Me'). One call of the database's
// haat_viewer() (drizzle/0016_session_reads.sql), whose plans the connection keeps: on a page
// request it comes with the session itself (accounts.resumeSession, haat_session()).
import { sql } from "drizzle-orm";
import { SELECTED_ADDRESS_LIFETIME_MS } from "../../domain/address.ts";
import type { CartEntries } from "../../domain/cart.ts";
import type { Db } from "../db/client.server.ts";
import type { Customer, SessionRead, ViewerFacts, ViewerPort } from "./port.server.ts";

type CartRow = [line: number, internalReference: string, quantity: number, pricePaise: number, inventoryStock: number];

/** haat_viewer()'s answer, as both drivers parse JSON. */
export interface ViewerJson {
  cart: CartRow[];
  wishlist: Record<string, number>;
  deliverTo: { city: string; zip: string } | null;
  /** Since drizzle/0035_viewer_notify.sql. */
  notify?: Record<string, number>;
}

/** A remembered address choice made after this is still the shopper's choice. */
export function freshChoiceSince(now: number): Date {
  return new Date(now - SELECTED_ADDRESS_LIFETIME_MS);
}

export function toViewerFacts(json: ViewerJson): ViewerFacts {
  const cart: CartEntries = {};
  // The row's line id is not needed: a cart line is changed by its variant's internal_reference.
  for (const [, internalReference, quantity, pricePaise, inventoryStock] of json.cart) cart[internalReference] = { quantity, pricePaise, inventoryStock };
  return { cart, wishlist: json.wishlist, deliverTo: json.deliverTo, notify: json.notify ?? {} };
}

/** The one JSON column of a single-row answer, whichever driver gave it. */
export function jsonColumn<T>(result: unknown, column: string): T | null {
  const value = (result as { rows: Record<string, unknown>[] }).rows[0]?.[column];
  if (value === null || value === undefined) return null;
  return jsonValue<T>(value);
}

/** What the session read brought for `customerId` (the cart, the address book), for a Shop method to use. */
export function sessionReadOf(kind: SessionRead["kind"], customerId: number, json: unknown): SessionRead {
  return { kind, customerId, json };
}

/** Whether a session read is this kind and this customer's: else the method reads afresh. */
export function isReadFor(read: SessionRead | undefined, kind: SessionRead["kind"], customer: Customer): read is SessionRead {
  return read?.kind === kind && read.customerId === customer.id;
}

/** A JSON value as a driver gave it: parsed already, or its text. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

export function createViewer(db: Db, now: () => number = Date.now): ViewerPort {
  return {
    async of(customer: Customer): Promise<ViewerFacts> {
      const result = await db.execute(sql`select haat_viewer(${customer.id}, ${freshChoiceSince(now()).toISOString()}::timestamptz) as viewer`);
      return toViewerFacts(jsonColumn<ViewerJson>(result, "viewer")!);
    },
  };
}
