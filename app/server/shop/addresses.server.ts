// Saved delivery addresses, each scoped by its customer.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { ADDRESS_MESSAGES, SELECTED_ADDRESS_LIFETIME_MS, type AddressView } from "../../domain/address.ts";
import type { Db } from "../db/client.server.ts";
import { servedSql } from "./delivery.server.ts";
import { addresses, customers, type AddressRow } from "../db/schema.server.ts";
import { ShopError, type AddressesPort, type Customer } from "./port.server.ts";

export function toAddressView(r: AddressRow): AddressView {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    street: r.street,
    street2: r.street2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    country: r.country,
    isDefault: r.isDefault,
    isPrimary: r.isPrimary,
  };
}

/**
 * The order that puts the chosen delivery address first (a query joining addresses and
 * customers): the remembered choice while it lasts, else the default, else the primary, else
 * the first. The database's haat_viewer() (the header's location line) orders the same way;
 * the integration tests hold the two to the same answers.
 */
export function chosenFirst(now: number) {
  const fresh = new Date(now - SELECTED_ADDRESS_LIFETIME_MS);
  return [
    // Null (nothing remembered) sorts as false, not first.
    desc(sql`coalesce(${addresses.id} = ${customers.selectedAddressId} and ${customers.selectedAddressAt} > ${fresh}, false)`),
    desc(addresses.isDefault),
    desc(addresses.isPrimary),
    asc(addresses.id),
  ];
}

/** How the account and Review Order list addresses: the default, the primary, then by age. */
const LIST_ORDER = [desc(addresses.isDefault), desc(addresses.isPrimary), asc(addresses.id)];

export function createAddresses(db: Db, now: () => number = Date.now): AddressesPort {
  const own = (customer: Customer, id: number) => and(eq(addresses.id, id), eq(addresses.customerId, customer.id));

  async function get(customer: Customer, id: number) {
    const [row] = await db.select().from(addresses).where(own(customer, id)).limit(1);
    return row ? toAddressView(row) : null;
  }

  return {
    async list(customer) {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, customer.id))
        .orderBy(...LIST_ORDER);
      return rows.map(toAddressView);
    },

    async book(customer) {
      // The chosen one is ranked by a window over the same rows: one query for both.
      const rows = await db
        .select({
          address: addresses,
          rank: sql<number | string>`row_number() over (order by ${sql.join(chosenFirst(now()), sql`, `)})`,
          served: servedSql(sql`${addresses.zip}`),
        })
        .from(addresses)
        .innerJoin(customers, eq(customers.id, addresses.customerId))
        .where(eq(addresses.customerId, customer.id))
        .orderBy(...LIST_ORDER);
      const list = rows.map((r) => toAddressView(r.address));
      const chosenAt = rows.findIndex((r) => Number(r.rank) === 1);
      return chosenAt === -1 ? { addresses: list, chosen: null } : { addresses: list, chosen: list[chosenAt]!, chosenServed: rows[chosenAt]!.served };
    },

    get,

    create: (customer, input) =>
      db.transaction(async (tx) => {
        const [first] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.customerId, customer.id)).limit(1);
        // The first address is the customer's contact address and their default.
        const [row] = await tx
          .insert(addresses)
          .values({ ...input, customerId: customer.id, isPrimary: !first, isDefault: !first })
          .returning();
        return toAddressView(row!);
      }),

    async update(customer, id, input) {
      const [row] = await db
        .update(addresses)
        .set({ ...input, updatedAt: new Date(now()) })
        .where(own(customer, id))
        .returning();
      if (!row) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
      return toAddressView(row);
    },

    async remove(customer, id) {
      const address = await get(customer, id);
      if (!address) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
      if (address.isPrimary) throw new ShopError("conflict", ADDRESS_MESSAGES.primaryKept);
      await db.transaction(async (tx) => {
        await tx.delete(addresses).where(own(customer, id));
        if (address.isDefault) {
          // The primary address takes over as the default.
          await tx
            .update(addresses)
            .set({ isDefault: true })
            .where(and(eq(addresses.customerId, customer.id), eq(addresses.isPrimary, true)));
        }
      });
    },

    async makeDefault(customer, id) {
      if (!(await get(customer, id))) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
      await db.transaction(async (tx) => {
        await tx
          .update(addresses)
          .set({ isDefault: false })
          .where(and(eq(addresses.customerId, customer.id), ne(addresses.id, id)));
        await tx.update(addresses).set({ isDefault: true }).where(own(customer, id));
      });
    },

    async select(customer, id) {
      if (!(await get(customer, id))) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
      await db
        .update(customers)
        .set({ selectedAddressId: id, selectedAddressAt: new Date(now()) })
        .where(eq(customers.id, customer.id));
    },
  };
}
