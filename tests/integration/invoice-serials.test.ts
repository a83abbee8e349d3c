// Invoice numbers (GST rule 46, decision 026) on PGlite and PostgreSQL: each financial year
// has its own consecutive series, taken in the placing transaction. Concurrent placements get
// 1..n without a gap or a repeat, a refused or rolled-back placement takes no serial, a new
// financial year starts again at 1, and migration 0008's backfill numbers the orders placed
// before it in the order they were placed.
import fs from "node:fs";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceNumber } from "../../app/domain/invoice.ts";
import { MIGRATIONS_DIR, type Database } from "../../app/server/db/client.server.ts";
import { invoiceCounters, orders, variants } from "../../app/server/db/schema.server.ts";
import { createOrders } from "../../app/server/shop/orders.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer, type OrdersPort, type Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { home } from "./fixtures.ts";

const ref = "GP-PUL-MSR-1KG";

/** Migration 0008's statements from its backfill on (the backfill, the counters, the check). */
function backfillStatements(): string[] {
  const statements = fs
    .readFileSync(`${MIGRATIONS_DIR}/0008_invoice_serials.sql`, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim());
  const index = statements.findIndex((s) => s.includes(`CREATE UNIQUE INDEX "orders_invoice_number_idx"`));
  expect(index).toBeGreaterThan(0);
  return statements.slice(index + 1);
}

describe.each(targets)("invoice serials on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let n = 0;

  /** Orders placed by a clock the test sets. */
  function clocked(at: Date): { orders: OrdersPort; set(to: Date): void } {
    let now = at;
    return { orders: createOrders(database.db, { now: () => now }), set: (to) => void (now = to) };
  }
  async function setStock(stock: number) {
    await database.db.update(variants).set({ inventoryStock: stock, inStock: true }).where(eq(variants.internalReference, ref));
  }
  async function shopperWithCart(on: Shop = shop): Promise<{ customer: Customer; input: { cartId: number; addressId: number; paymentMethod: "cod" } }> {
    const customer = await on.accounts.register({ name: `Shopper ${n}`, email: `serial${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await on.addresses.create(customer, home);
    await on.cart.add(customer, { internalReference: ref, quantity: 1 });
    return { customer, input: { cartId: (await on.cart.get(customer)).id!, addressId: address.id, paymentMethod: "cod" } };
  }
  async function serialsOf(db: Database, fy: string) {
    const rows = await db.db
      .select({ id: orders.id, serial: orders.invoiceSerial, state: orders.state })
      .from(orders)
      .where(eq(orders.invoiceFy, fy))
      .orderBy(asc(orders.invoiceSerial));
    const [counter] = await db.db.select().from(invoiceCounters).where(eq(invoiceCounters.fy, fy));
    return { rows, serials: rows.map((r) => r.serial), last: counter?.last ?? 0 };
  }
  const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    shop = createShop(database, 0);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("20 orders placed at once by different customers, 5 refused for stock and 7 cancelled, are serials 1 to 20", async () => {
    const clock = clocked(new Date("2030-08-15T06:00:00Z"));
    const carts = [];
    for (let i = 0; i < 25; i++) carts.push(await shopperWithCart());
    await setStock(20);
    const results = await Promise.allSettled(carts.map((c) => clock.orders.place(c.customer, c.input)));
    const placed = carts.filter((_, i) => results[i]!.status === "fulfilled");
    expect(placed).toHaveLength(20);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ShopError);
    for (const c of placed.filter((_, i) => i % 3 === 0)) await clock.orders.cancel(c.customer, c.input.cartId);

    const { rows, serials, last } = await serialsOf(database, "2030-31");
    expect(serials).toEqual(oneTo(20));
    expect(last).toBe(20);
    expect(rows.filter((r) => r.state === "cancelled")).toHaveLength(7);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(placed.map((c) => c.input.cartId)));
    // Each order shows its own number; the refused carts have none.
    for (const row of rows) {
      const c = placed.find((p) => p.input.cartId === row.id)!;
      expect((await shop.orders.get(c.customer, row.id))!.invoiceNumber).toBe(`HT/30-31/${String(row.serial).padStart(7, "0")}`);
    }
    const refused = carts.filter((_, i) => results[i]!.status === "rejected").map((c) => c.input.cartId);
    const drafts = await database.db.select({ fy: orders.invoiceFy, serial: orders.invoiceSerial, state: orders.state }).from(orders).where(inArray(orders.id, refused));
    expect(drafts).toEqual(refused.map(() => ({ fy: null, serial: null, state: "draft" })));
  }, 120_000);

  it("a placement refused for stock, or rolled back after taking its serial, leaves no gap", async () => {
    const clock = clocked(new Date("2031-05-01T10:00:00Z"));
    await setStock(50);
    const first = await shopperWithCart();
    await clock.orders.place(first.customer, first.input);

    const refused = await shopperWithCart();
    await setStock(0);
    await expect(clock.orders.place(refused.customer, refused.input)).rejects.toThrow("This product is currently out of stock.");

    // A failure after the serial was taken (here the payment's insert) rolls it back too.
    await setStock(50);
    const failing = await shopperWithCart();
    await database.db.execute(sql.raw(`create function refuse_payment() returns trigger language plpgsql as $$ begin raise exception 'payment refused for the test'; end $$`));
    await database.db.execute(
      sql.raw(`create trigger refuse_payment before insert on payments for each row when (new.order_id = ${failing.input.cartId}) execute function refuse_payment()`),
    );
    try {
      const error = await clock.orders.place(failing.customer, failing.input).then(
        () => null,
        (e: unknown) => e as Error & { cause?: unknown },
      );
      expect(`${error?.message} ${String(error?.cause)}`).toContain("payment refused for the test");
    } finally {
      await database.db.execute(sql.raw(`drop trigger refuse_payment on payments`));
      await database.db.execute(sql.raw(`drop function refuse_payment()`));
    }
    expect(await serialsOf(database, "2031-32")).toMatchObject({ serials: [1], last: 1 });

    const next = await shopperWithCart();
    await clock.orders.place(next.customer, next.input);
    expect(await serialsOf(database, "2031-32")).toMatchObject({ serials: [1, 2], last: 2 });
    expect((await shop.orders.get(next.customer, next.input.cartId))!.invoiceNumber).toBe("HT/31-32/0000002");
    // Both carts can still be placed; they take the next numbers.
    await clock.orders.place(failing.customer, failing.input);
    await clock.orders.place(refused.customer, refused.input);
    expect(await serialsOf(database, "2031-32")).toMatchObject({ serials: [1, 2, 3, 4], last: 4 });
  });

  it("starts again at 1 on 1 April in India's time", async () => {
    await setStock(50);
    // 23:59:59 on 31 March 2034 in India, then midnight: the last second of 2033-34 and the first of 2034-35.
    const clock = clocked(new Date("2034-03-31T18:29:59Z"));
    const numbers: string[] = [];
    const placeOne = async () => {
      const c = await shopperWithCart();
      await clock.orders.place(c.customer, c.input);
      numbers.push((await shop.orders.get(c.customer, c.input.cartId))!.invoiceNumber);
    };
    await placeOne();
    await placeOne();
    clock.set(new Date("2034-03-31T18:30:00Z"));
    await placeOne();
    await placeOne();
    clock.set(new Date("2034-09-30T12:00:00Z"));
    await placeOne();
    expect(numbers).toEqual(["HT/33-34/0000001", "HT/33-34/0000002", "HT/34-35/0000001", "HT/34-35/0000002", "HT/34-35/0000003"]);
    expect(await serialsOf(database, "2033-34")).toMatchObject({ serials: [1, 2], last: 2 });
    expect(await serialsOf(database, "2034-35")).toMatchObject({ serials: [1, 2, 3], last: 3 });
  });

  it("migration 0008 numbers the orders placed before it by year, in the order they were placed", async () => {
    const fresh = await target.open();
    try {
      await seedDemoCatalog(fresh);
      const freshShop = createShop(fresh, 0);
      await fresh.db.update(variants).set({ inventoryStock: 50, inStock: true }).where(eq(variants.internalReference, ref));
      let now = new Date();
      const placer = createOrders(fresh.db, { now: () => now });
      // Placed out of id order, across 31 March / 1 April 2029 in India, two at the same instant.
      const times = [
        "2029-04-02T05:00:00Z", // 2029-30
        "2029-03-31T18:29:59Z", // 2028-29, the last second
        "2029-01-10T05:00:00Z", // 2028-29
        "2029-03-31T18:30:00Z", // 2029-30, the first second
        "2029-04-02T05:00:00Z", // 2029-30, the same instant as the first
        "2028-04-01T00:00:00Z", // 2028-29 (05:30 on 1 April in India)
      ];
      const ids: number[] = [];
      for (const time of times) {
        const c = await shopperWithCart(freshShop);
        now = new Date(time);
        await placer.place(c.customer, c.input);
        ids.push(c.input.cartId);
        if (ids.length === 3) await placer.cancel(c.customer, c.input.cartId);
      }
      const cart = await shopperWithCart(freshShop); // stays a cart

      // Back to the orders as they were before 0008, then its backfill as the migration runs it.
      await fresh.db.execute(sql`alter table orders drop constraint orders_invoice_check`);
      await fresh.db.update(orders).set({ invoiceFy: null, invoiceSerial: null });
      await fresh.db.delete(invoiceCounters);
      for (const statement of backfillStatements()) await fresh.db.execute(sql.raw(statement));

      const numbered = await fresh.db
        .select({ id: orders.id, fy: orders.invoiceFy, serial: orders.invoiceSerial })
        .from(orders)
        .where(isNotNull(orders.invoiceSerial))
        .orderBy(asc(orders.invoiceFy), asc(orders.invoiceSerial));
      expect(numbered).toEqual([
        { id: ids[5], fy: "2028-29", serial: 1 },
        { id: ids[2], fy: "2028-29", serial: 2 },
        { id: ids[1], fy: "2028-29", serial: 3 },
        { id: ids[3], fy: "2029-30", serial: 1 },
        { id: ids[0], fy: "2029-30", serial: 2 },
        { id: ids[4], fy: "2029-30", serial: 3 },
      ]);
      const [draft] = await fresh.db.select({ fy: orders.invoiceFy, serial: orders.invoiceSerial }).from(orders).where(eq(orders.id, cart.input.cartId));
      expect(draft).toEqual({ fy: null, serial: null });
      expect(await fresh.db.select().from(invoiceCounters).orderBy(asc(invoiceCounters.fy))).toEqual([
        { fy: "2028-29", last: 3 },
        { fy: "2029-30", last: 3 },
      ]);
      // The check is back: a placed order without a number is refused.
      await expect(fresh.db.update(orders).set({ invoiceSerial: null }).where(eq(orders.id, ids[0]!))).rejects.toThrow();
      // And placing carries on from the counter.
      now = new Date("2029-06-01T05:00:00Z");
      await placer.place(cart.customer, cart.input);
      const [row] = await fresh.db
        .select({ fy: orders.invoiceFy, serial: orders.invoiceSerial })
        .from(orders)
        .where(and(eq(orders.id, cart.input.cartId), isNotNull(orders.invoiceSerial)));
      expect(row).toEqual({ fy: "2029-30", serial: 4 });
      expect(invoiceNumber(row!.fy!, row!.serial!)).toBe("HT/29-30/0000004");
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
