// What every signed-in page's header needs (the root loader): the cart's lines, the wishlist's
// variants and the chosen delivery address's city and PIN, in one query, since a query is the
// largest fixed cost of a signed-in page (issue 16). The same columns ride along with the
// session's own query on a page request (accounts.resumeSession).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CartEntries } from "../../domain/cart.ts";
import type { Db } from "../db/client.server.ts";
import { addresses, customers, orderLines, orders, variants, wishlistItems } from "../db/schema.server.ts";
import { chosenFirst } from "./addresses.server.ts";
import type { Customer, ViewerFacts, ViewerPort } from "./port.server.ts";

type CartRow = [line: number, internalReference: string, quantity: number, pricePaise: number, inventoryStock: number];
type Place = { city: string; zip: string };
/** JSON columns: parsed by both drivers, but a string is read too. */
type Json<T> = T | string;

/** The viewer's three facts as columns of a query about `customerId` (a value or the outer query's column). */
export function viewerColumns(db: Db, customerId: number | AnyPgColumn, now: number) {
  const cart = db
    .select({
      rows: sql`coalesce(json_agg(json_build_array(${orderLines.id}, ${variants.internalReference}, ${orderLines.quantity}, ${variants.pricePaise}, ${variants.inventoryStock}) order by ${orderLines.createdAt}, ${orderLines.id}), '[]')`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .where(and(eq(orders.customerId, customerId), eq(orders.state, "draft")));
  const wishlist = db
    .select({ rows: sql`coalesce(json_object_agg(${variants.internalReference}, ${wishlistItems.id}), '{}')` })
    .from(wishlistItems)
    .innerJoin(variants, eq(variants.id, wishlistItems.variantId))
    .where(eq(wishlistItems.customerId, customerId));
  const deliverTo = db
    .select({ place: sql`json_build_object('city', ${addresses.city}, 'zip', ${addresses.zip})` })
    .from(addresses)
    .innerJoin(customers, eq(customers.id, addresses.customerId))
    .where(eq(addresses.customerId, customerId))
    .orderBy(...chosenFirst(now))
    .limit(1);
  return {
    viewerCart: sql<Json<CartRow[]>>`(${cart})`,
    viewerWishlist: sql<Json<Record<string, number>>>`(${wishlist})`,
    viewerDeliverTo: sql<Json<Place> | null>`(${deliverTo})`,
  } satisfies Record<string, SQL>;
}

export function toViewerFacts(row: { viewerCart: Json<CartRow[]>; viewerWishlist: Json<Record<string, number>>; viewerDeliverTo: Json<Place> | null }): ViewerFacts {
  const json = <T>(v: Json<T>): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  const cart: CartEntries = {};
  for (const [line, internalReference, quantity, pricePaise, inventoryStock] of json(row.viewerCart)) {
    cart[internalReference] = { line, quantity, pricePaise, inventoryStock };
  }
  return { cart, wishlist: json(row.viewerWishlist), deliverTo: row.viewerDeliverTo === null ? null : json(row.viewerDeliverTo) };
}

export function createViewer(db: Db, now: () => number = Date.now): ViewerPort {
  return {
    async of(customer: Customer): Promise<ViewerFacts> {
      // One row from nothing: the three facts are scalar subqueries.
      const [row] = await db.select(viewerColumns(db, customer.id, now())).from(sql`(select 1) as one`);
      return toViewerFacts(row!);
    },
  };
}
