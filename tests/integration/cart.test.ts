// Cart and wishlist rules of the embedded Shop, on PGlite and PostgreSQL.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server.ts";
import { createShop, DEMO_CATALOG, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer, type Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";

interface DemoVariant {
  internal_reference: string;
  inventory_stock: number;
  in_stock: boolean;
  price: number;
}
const demo = JSON.parse(fs.readFileSync(DEMO_CATALOG, "utf8")) as { products: { title: string; variants: DemoVariant[] }[] };
const all = demo.products.flatMap((p) => p.variants.map((v) => ({ ...v, title: p.title })));
const plenty = all.filter((v) => v.in_stock && v.inventory_stock >= 20);
const scarce = all.find((v) => v.in_stock && v.inventory_stock === 2)!;
const soldOut = all.find((v) => v.inventory_stock === 0)!;

async function rejects(promise: Promise<unknown>, code: ShopError["code"], message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShopError);
  expect(error).toMatchObject({ code, message });
}

describe.each(targets)("cart and wishlist on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let asha: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    shop = createShop(database, 0);
    asha = await shop.accounts.register({ name: "Asha", email: "asha@example.in", phone: "9876543210", password: "asha-password" });
    ravi = await shop.accounts.register({ name: "Ravi", email: "ravi@example.in", phone: "9876543211", password: "ravi-password" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("starts empty, then one add makes one draft order with one line", async () => {
    expect(await shop.cart.get(asha)).toMatchObject({ id: null, lines: [], count: 0 });
    const a = plenty[0]!;
    expect(await shop.cart.add(asha, { internalReference: a.internal_reference, quantity: 1 })).toEqual({ title: a.title, quantity: 1 });
    await shop.cart.add(asha, { internalReference: a.internal_reference, quantity: 2 });
    const cart = await shop.cart.get(asha);
    expect(cart.id).toBeGreaterThan(0);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ internalReference: a.internal_reference, quantity: 3, pricePaise: a.price * 100 });
    expect(cart.count).toBe(3);
    expect(cart.summary.totalPaise).toBe(a.price * 100 * 3);
  });

  it("clamps to the stock with the spec's message, and refuses stock 0", async () => {
    const change = await shop.cart.add(asha, { internalReference: scarce.internal_reference, quantity: 5 });
    expect(change).toEqual({ title: scarce.title, quantity: 2, warning: "Only 2 item(s) available in stock" });
    const again = await shop.cart.add(asha, { internalReference: scarce.internal_reference, quantity: 1 });
    expect(again.warning).toBe("Only 2 item(s) available in stock");
    await rejects(shop.cart.add(asha, { internalReference: soldOut.internal_reference, quantity: 1 }), "conflict", "This product is currently out of stock.");
    await rejects(shop.cart.add(asha, { internalReference: "NO-SUCH-REF", quantity: 1 }), "not_found", "That product could not be found.");
    const cart = await shop.cart.get(asha);
    expect(cart.lines.map((l) => l.internalReference)).not.toContain(soldOut.internal_reference);
  });

  it("steps, sets and removes lines within 1 and the stock", async () => {
    const line = (await shop.cart.get(asha)).lines.find((l) => l.internalReference === scarce.internal_reference)!;
    expect((await shop.cart.step(asha, line.id, 1)).warning).toBe("Only 2 item(s) available in stock");
    expect((await shop.cart.step(asha, line.id, -1)).quantity).toBe(1);
    expect((await shop.cart.step(asha, line.id, -1)).quantity).toBe(1);
    expect(await shop.cart.setQuantity(asha, line.id, 2)).toEqual({ title: scarce.title, quantity: 2 });
    expect(await shop.cart.remove(asha, line.id)).toEqual({ title: scarce.title });
    await rejects(shop.cart.remove(asha, line.id), "not_found", "That item is not in your cart.");
  });

  it("keeps another customer's lines out of reach", async () => {
    const ashaLine = (await shop.cart.get(asha)).lines[0]!;
    await rejects(shop.cart.setQuantity(ravi, ashaLine.id, 1), "not_found", "That item is not in your cart.");
    await rejects(shop.cart.step(ravi, ashaLine.id, 1), "not_found", "That item is not in your cart.");
    await rejects(shop.cart.remove(ravi, ashaLine.id), "not_found", "That item is not in your cart.");
    expect((await shop.cart.get(asha)).lines[0]).toEqual(ashaLine);
    expect((await shop.cart.get(ravi)).lines).toEqual([]);
  });

  it("makes one cart even when adds race", async () => {
    await Promise.all(plenty.slice(1, 5).map((v) => shop.cart.add(ravi, { internalReference: v.internal_reference, quantity: 1 })));
    const rows = await database.db.execute(`select count(*)::int as n from orders where customer_id = ${ravi.id} and state = 'draft'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect((await shop.cart.get(ravi)).count).toBe(4);
    await shop.cart.clear(ravi);
    expect((await shop.cart.get(ravi)).count).toBe(0);
  });

  it("wishlist: add ignores duplicates, toggle flips, remove by id or reference", async () => {
    const [a, b] = [plenty[5]!, plenty[6]!];
    await shop.wishlist.add(asha, a.internal_reference);
    await shop.wishlist.add(asha, a.internal_reference);
    expect((await shop.wishlist.list(asha)).map((i) => i.internalReference)).toEqual([a.internal_reference]);
    expect(await shop.wishlist.toggle(asha, b.internal_reference)).toEqual({ added: true });
    expect(await shop.wishlist.toggle(asha, b.internal_reference)).toEqual({ added: false });
    await shop.wishlist.remove(asha, { internalReference: a.internal_reference });
    expect(await shop.wishlist.list(asha)).toEqual([]);
    await shop.wishlist.add(asha, a.internal_reference);
    const [item] = await shop.wishlist.list(asha);
    await rejects(shop.wishlist.remove(ravi, { item: item!.id }), "not_found", "That item is not in your wishlist.");
    await shop.wishlist.remove(asha, { item: item!.id });
    await rejects(shop.wishlist.remove(asha, {}), "invalid", "Missing internal_reference");
  });

  it("wishlist: move to cart adds one and takes it off; out of stock stays", async () => {
    const a = plenty[7]!;
    await shop.wishlist.add(asha, a.internal_reference);
    await shop.wishlist.add(asha, soldOut.internal_reference);
    const items = await shop.wishlist.list(asha);
    const inStock = items.find((i) => i.internalReference === a.internal_reference)!;
    const gone = items.find((i) => i.internalReference === soldOut.internal_reference)!;
    await rejects(shop.wishlist.moveToCart(ravi, inStock.id), "not_found", "That item is not in your wishlist.");
    expect(await shop.wishlist.moveToCart(asha, inStock.id)).toMatchObject({ title: a.title, quantity: 1 });
    await rejects(shop.wishlist.moveToCart(asha, gone.id), "conflict", "Out of stock. Cannot move to cart.");
    expect((await shop.wishlist.list(asha)).map((i) => i.internalReference)).toEqual([soldOut.internal_reference]);
    expect((await shop.cart.get(asha)).lines.some((l) => l.internalReference === a.internal_reference)).toBe(true);
  });
});
