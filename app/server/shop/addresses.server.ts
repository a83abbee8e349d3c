// Saved delivery addresses, each scoped by its customer.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { ADDRESS_MESSAGES, type AddressView } from "../../domain/address.ts";
import type { Db } from "../db/client.server.ts";
import { addresses, customers, type AddressRow } from "../db/schema.server.ts";
import { ShopError, type AddressesPort, type Customer } from "./port.server.ts";
import { freshChoiceSince, isReadFor, jsonColumn, jsonValue } from "./header-facts.server.ts";

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

/** haat_address_book()'s answer: the addresses in LIST_ORDER, the chosen one's id, whether its PIN is served. */
interface BookJson {
  addresses: AddressView[];
  chosen: number | null;
  served: boolean | null;
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

    async book(customer, read) {
      // Which address is chosen is the database's haat_chosen_address(), the header's rule too.
      const json = isReadFor(read, "book", customer)
        ? jsonValue<BookJson>(read.json)
        : jsonColumn<BookJson>(await db.execute(sql`select haat_address_book(${customer.id}, ${freshChoiceSince(now()).toISOString()}::timestamptz) as book`), "book")!;
      const chosen = json.addresses.find((a) => a.id === json.chosen);
      return chosen ? { addresses: json.addresses, chosen, chosenServed: json.served ?? true } : { addresses: json.addresses, chosen: null };
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
