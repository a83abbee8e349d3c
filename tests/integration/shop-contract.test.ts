// One contract of the Shop port (issue 17): the same behaviour asked of (a) the embedded Shop
// on PGlite, (b) the embedded Shop on PostgreSQL (when DATABASE_URL is set), and (c) the ERP
// adapter pointed at a Haat server's own /api (Haat is then its own ERP). Each case asks what
// a page asks and asserts what a shopper would see.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseListingQuery } from "../../app/domain/listing-query.ts";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";
import { seedDemoCoupons } from "../../app/server/shop/coupons.server.ts";
import { seedDemoPins } from "../../app/server/shop/delivery.server.ts";
import { createErpShop } from "../../app/server/shop/erp/open.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { addAddress, changeAddress } from "../../app/server/use-cases/address-book.server.ts";
import { applyCoupon } from "../../app/server/use-cases/coupons.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { home, refusal } from "./fixtures.ts";
import { freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

interface Subject {
  name: string;
  open(): Promise<{ shop: Shop; close(): Promise<void> }>;
}

const embedded = (target: (typeof targets)[number]): Subject => ({
  name: `the embedded Shop on ${target.name}`,
  async open() {
    const database = await target.open();
    await seedDemoCatalog(database);
    await seedDemoCoupons(database.db);
    await seedDemoPins(database.db);
    const shop = createShop(database, 0);
    await shop.warm();
    return { shop, close: () => database.close() };
  },
});

const erpOverHaat: Subject = {
  name: "the ERP adapter over a Haat server's /api",
  async open() {
    expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
    const port = await freePort();
    runServer({ DATA_DIR: path.join(tmpDir(), "data"), PORT: String(port) });
    await waitHealthy(port);
    const database: Database = await openDatabase({ kind: "pglite-memory" });
    const shop = createErpShop(database, { url: `http://127.0.0.1:${port}`, timeoutMs: 5000, syncMs: 60_000, secret: randomBytes(32).toString("hex"), refreshMs: 0 });
    await shop.warm();
    return {
      shop,
      async close() {
        await shop.close();
        killServers();
      },
    };
  },
};

const subjects: Subject[] = [...targets.map(embedded), erpOverHaat];

const ALMONDS = "GP-DRY-ALM-250G";
const ALMONDS_1KG = "GP-DRY-ALM-1KG";

describe.each(subjects)("$name", (subject) => {
  let shop: Shop;
  let close: () => Promise<void>;
  let n = 0;
  const newCustomer = (): Promise<Customer> =>
    shop.accounts.register({ name: "Asha Verma", email: `contract-${Date.now()}-${n++}@example.in`, phone: "9876543210", password: "correct horse battery" });

  beforeAll(async () => {
    ({ shop, close } = await subject.open());
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it("signs up, checks a password and keeps a profile", async () => {
    const asha = await newCustomer();
    expect(asha).toMatchObject({ name: "Asha Verma", phone: "9876543210" });
    expect((await shop.accounts.authenticate(asha.email!, "correct horse battery"))?.id).toBe(asha.id);
    expect(await shop.accounts.authenticate(asha.email!, "wrong password")).toBeNull();
    expect(await shop.accounts.updateProfile(asha, { name: "Asha V", phone: "9999999999" })).toMatchObject({ name: "Asha V", phone: "9999999999", email: asha.email });
    const session = await shop.accounts.startSession(asha.id);
    expect((await shop.accounts.resumeSession(session.token))?.customer.id).toBe(asha.id);
  });

  it("shows the catalogue: a listing, a product with its variants, the newest", async () => {
    const listing = await shop.catalog.listing(parseListingQuery(new URLSearchParams()));
    expect(listing.total).toBeGreaterThan(50);
    expect(listing.cards.length).toBeGreaterThan(0);
    const card = listing.cards.find((c) => c.internalReference === ALMONDS)!;
    const product = await shop.catalog.product(card.id);
    expect(product?.title).toBe("Haat Select California Almonds");
    expect(product?.variants.map((v) => v.internalReference)).toEqual(expect.arrayContaining([ALMONDS, ALMONDS_1KG]));
    expect((await shop.catalog.newProducts(4)).length).toBe(4);
  });

  it("keeps a cart: add, step, set, coupon, remove, clear, with the cart's messages", async () => {
    const asha = await newCustomer();
    expect(await shop.cart.add(asha, { internalReference: ALMONDS, quantity: 2 })).toMatchObject({ title: "Haat Select California Almonds", quantity: 2 });
    await shop.cart.add(asha, { internalReference: ALMONDS_1KG, quantity: 1 });
    let cart = await shop.cart.get(asha);
    expect(cart.id).not.toBeNull();
    expect(cart.count).toBe(3);
    expect(cart.lines.map((l) => [l.internalReference, l.quantity])).toEqual([
      [ALMONDS, 2],
      [ALMONDS_1KG, 1],
    ]);
    const almonds = cart.lines[0]!;
    expect(cart.summary.totalPaise).toBe(cart.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0) + cart.summary.deliveryPaise);

    expect((await shop.cart.step(asha, almonds.internalReference, 1)).quantity).toBe(3);
    expect((await shop.cart.step(asha, cart.lines[1]!.internalReference, -1)).quantity).toBe(1);
    // More than the stock: clamped, with the message.
    const clamped = await shop.cart.setQuantity(asha, almonds.internalReference, almonds.inventoryStock + 5);
    expect(clamped.quantity).toBe(almonds.inventoryStock);
    expect(clamped.warning).toBe(`Only ${almonds.inventoryStock} item(s) available in stock`);
    await shop.cart.setQuantity(asha, almonds.internalReference, 4);

    expect((await refusal(shop.cart.applyCoupon(asha, "NOSUCHCODE"))).message).toBe("Invalid coupon code");
    expect(await applyCoupon(shop, asha, { code: "WELCOME10" })).toMatchObject({ kind: "applied", code: "WELCOME10", already: false, message: "Coupon applied successfully" });
    const applied = (await shop.cart.get(asha)).coupon!;
    expect(applied.discountPaise).toBeGreaterThan(0);
    cart = await shop.cart.get(asha);
    expect(cart.coupon).toEqual({ code: "WELCOME10", discountPaise: applied.discountPaise });
    // Again: still on, its own words decided by the use case on either back end.
    expect(await applyCoupon(shop, asha, { code: " welcome10 " })).toMatchObject({ kind: "applied", code: "WELCOME10", already: true, message: "Coupon already applied" });
    await shop.cart.removeCoupon(asha);
    expect((await shop.cart.get(asha)).coupon).toBeNull();

    expect((await shop.cart.remove(asha, cart.lines[1]!.internalReference)).title).toBe("Haat Select California Almonds");
    expect((await shop.cart.get(asha)).lines).toHaveLength(1);
    await shop.cart.clear(asha);
    expect((await shop.cart.get(asha)).lines).toEqual([]);
    expect((await refusal(shop.cart.add(asha, { internalReference: "NO-SUCH-THING", quantity: 1 }))).message).toBe("That product could not be found.");
  });

  it("keeps a wishlist, and moves an item to the cart", async () => {
    const asha = await newCustomer();
    await shop.wishlist.add(asha, ALMONDS);
    expect(await shop.wishlist.toggle(asha, ALMONDS_1KG)).toEqual({ added: true });
    let list = await shop.wishlist.list(asha);
    expect(list.map((w) => w.internalReference).sort()).toEqual([ALMONDS, ALMONDS_1KG].sort());
    expect(await shop.wishlist.toggle(asha, ALMONDS_1KG)).toEqual({ added: false });
    list = await shop.wishlist.list(asha);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ internalReference: ALMONDS, title: "Haat Select California Almonds", inStock: true });
    expect((await shop.wishlist.moveToCart(asha, list[0]!.id)).title).toBe("Haat Select California Almonds");
    expect(await shop.wishlist.list(asha)).toEqual([]);
    const viewer = await shop.viewer.of(asha);
    expect(viewer.cart[ALMONDS]?.quantity).toBe(1);
    expect(viewer.wishlist).toEqual({});
  });

  it("keeps addresses: each customer's own, a default, the one chosen", async () => {
    const asha = await newCustomer();
    const ravi = await newCustomer();
    const first = await shop.addresses.create(asha, home);
    const second = await shop.addresses.create(asha, { ...home, street: "7 Sohna Road", zip: "122018" });
    expect((await shop.addresses.list(asha)).map((a) => a.street).sort()).toEqual(["12 Golf Course Road", "7 Sohna Road"]);
    expect(await shop.addresses.get(ravi, first.id)).toBeNull();
    expect((await shop.addresses.update(asha, second.id, { ...home, street: "8 Sohna Road", zip: "122018" })).street).toBe("8 Sohna Road");
    await shop.addresses.makeDefault(asha, second.id);
    expect((await shop.addresses.get(asha, second.id))?.isDefault).toBe(true);
    await shop.addresses.select(asha, first.id);
    expect((await shop.addresses.book(asha)).chosen?.id).toBe(first.id);
    await shop.addresses.remove(asha, second.id);
    expect((await shop.addresses.list(asha)).map((a) => a.id)).toEqual([first.id]);
  });

  it("fills an address's empty city, state and country with the shop's own, whichever back end keeps it (the address book's use case)", async () => {
    const asha = await newCustomer();
    const { address } = await addAddress(shop, asha, { ...home, city: "", state: " ", country: "" });
    expect(await shop.addresses.get(asha, address.id)).toMatchObject({ city: "Gurgaon", state: "Haryana", country: "India" });
    // An edit that empties the city gets the shop's again; one that does not send it keeps it.
    await changeAddress(shop, asha, address.id, { city: "Sohna" });
    await changeAddress(shop, asha, address.id, { street: "14 Golf Course Road" });
    expect(await shop.addresses.get(asha, address.id)).toMatchObject({ city: "Sohna", street: "14 Golf Course Road" });
    await changeAddress(shop, asha, address.id, { city: "" });
    expect((await shop.addresses.get(asha, address.id))?.city).toBe("Gurgaon");
  });

  it("places an order by cash on delivery once, lists it for its customer only, and cancels it once", async () => {
    const asha = await newCustomer();
    const ravi = await newCustomer();
    await shop.cart.add(asha, { internalReference: ALMONDS, quantity: 2 });
    const cart = await shop.cart.get(asha);
    const address = await shop.addresses.create(asha, home);
    const slot = (await shop.delivery.slots()).find((s) => s.available)!;
    const placed = await shop.orders.place(asha, { cartId: cart.id!, addressId: address.id, paymentMethod: "cod", slot: { date: slot.date, kind: slot.kind } });
    expect(placed).toMatchObject({ orderId: cart.id, alreadyPlaced: false, awaitingPayment: false });
    expect((await shop.orders.place(asha, { cartId: cart.id!, addressId: address.id, paymentMethod: "cod", slot: { date: slot.date, kind: slot.kind } })).alreadyPlaced).toBe(true);
    expect((await shop.cart.get(asha)).lines).toEqual([]);

    const order = await shop.orders.get(asha, placed.orderId);
    expect(order).toMatchObject({ id: placed.orderId, state: "confirmed", paymentMethod: "cod", totalPaise: cart.summary.totalPaise });
    expect(order?.lines.map((l) => [l.internalReference, l.quantity])).toEqual([[ALMONDS, 2]]);
    expect(order?.deliveryAddress).toMatchObject({ street: home.street, zip: home.zip });
    expect(order?.slot).toMatchObject({ date: slot.date, kind: slot.kind });
    // Its number people read (decision 065); no tax invoice before it leaves the shop: the invoice link gives its order summary.
    expect(order).toMatchObject({ number: expect.any(Number), invoice: null, creditNotes: [] });
    expect(order!.number).toBeGreaterThan(0);
    expect(await shop.orders.documents(asha, placed.orderId)).toEqual({ invoice: null, creditNotes: [] });
    expect(await shop.orders.documents(ravi, placed.orderId)).toBeNull();
    expect((await shop.orders.list(asha)).map((o) => o.id)).toEqual([placed.orderId]);
    expect(await shop.orders.get(ravi, placed.orderId)).toBeNull();
    expect(await shop.orders.list(ravi)).toEqual([]);
    expect((await refusal(shop.orders.cancel(ravi, placed.orderId))).code).toBe("not_found");

    await shop.orders.cancel(asha, placed.orderId);
    expect((await shop.orders.get(asha, placed.orderId))?.state).toBe("cancelled");
    expect((await refusal(shop.orders.cancel(asha, placed.orderId))).message).toBe("Order is already cancelled.");
  });
});
