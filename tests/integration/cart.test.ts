// Cart and wishlist rules of the embedded Shop, on PGlite and PostgreSQL.
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CART_MESSAGES, stockStopMessage, type StockProblem } from "../../app/domain/cart.ts";
import { minimumMessage } from "../../app/domain/coupon.ts";
import { i18nFor } from "../../app/domain/i18n/registry.ts";
import { PAYMENT_MESSAGES } from "../../app/domain/payment.ts";
import { coupons, deliverySlots, orders, serviceablePins, variants } from "../../app/server/db/schema.server.ts";
import { createAccounts } from "../../app/server/shop/accounts.server.ts";
import { createAddresses } from "../../app/server/shop/addresses.server.ts";
import { createCart } from "../../app/server/shop/cart.server.ts";
import { createDelivery } from "../../app/server/shop/delivery.server.ts";
import { createViewer } from "../../app/server/shop/header-facts.server.ts";
import { DEMO_CATALOG } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer } from "../../app/server/shop/port.server.ts";
import { checkout, choosePayment } from "../../app/server/use-cases/checkout.server.ts";
import { API_CALLS } from "../../app/server/api/calls.server.ts";
import { answerCall } from "../../app/server/api/pipeline.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";
import { home, routeContext } from "./fixtures.ts";
import { queryLog } from "./query-log.ts";

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
  const on = shopOn(target, { catalog: true });
  let asha: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    asha = await on.shop.accounts.register({ name: "Asha", email: "asha@example.in", phone: "9876543210", password: "asha-password" });
    ravi = await on.shop.accounts.register({ name: "Ravi", email: "ravi@example.in", phone: "9876543211", password: "ravi-password" });
  });

  it("card or UPI without Razorpay is refused by the checkout use case, whichever way in asks, and the cart keeps its choice (issue 42)", async () => {
    const meera = await on.shop.accounts.register({ name: "Meera", email: "meera-checkout@example.in", phone: "9876543212", password: "meera-password" });
    await on.shop.cart.add(meera, { internalReference: plenty[3]!.internal_reference, quantity: 1 });
    await checkout(on.shop, meera, "cod", i18nFor("en"));
    expect((await on.shop.cart.get(meera)).paymentChoice).toBe("cod");
    for (const choice of ["upi", "card"] as const) {
      await rejects(checkout(on.shop, meera, choice, i18nFor("en")), "conflict", PAYMENT_MESSAGES.configMissing);
      await rejects(choosePayment(on.shop, meera, choice), "conflict", PAYMENT_MESSAGES.configMissing);
    }
    expect((await on.shop.cart.get(meera)).paymentChoice).toBe("cod");
    await on.shop.cart.clear(meera);
    await rejects(checkout(on.shop, meera, "cod", i18nFor("en")), "conflict", CART_MESSAGES.empty);
  });

  it("the JSON API's order calls check the cart's stock as the cart's Place order does: short lines lowered and said, nothing placed (issue 42)", async () => {
    const kavya = await on.shop.accounts.register({ name: "Kavya", email: "kavya-stock@example.in", phone: "9876543213", password: "kavya-password" });
    const item = plenty[4]!;
    await on.shop.cart.add(kavya, { internalReference: item.internal_reference, quantity: 3 });
    const address = await on.shop.addresses.create(kavya, { ...home, email: "kavya-stock@example.in" });
    const cartId = (await on.shop.cart.get(kavya)).id!;
    const [row] = await on.database.db.select({ stock: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, item.internal_reference));
    await on.database.db.update(variants).set({ inventoryStock: 1 }).where(eq(variants.internalReference, item.internal_reference));
    try {
      const { accessToken } = await on.shop.tokens.issue(kavya.id);
      const request = new Request("http://localhost/api/order/create", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ params: { cart_id: cartId, address_id: address.id, payment_method: "cod", price_is_tax_included: true } }),
      });
      const response = await answerCall(API_CALLS["/api/order/create"]!, {}, request, routeContext(on.shop, null));
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toBe(stockStopMessage([{ kind: "short", line: { title: item.title }, available: 1 } as StockProblem]));
      expect((await on.shop.cart.get(kavya)).lines).toMatchObject([{ internalReference: item.internal_reference, quantity: 1 }]);
      expect(await on.shop.orders.list(kavya)).toEqual([]);
    } finally {
      await on.database.db.update(variants).set({ inventoryStock: row!.stock }).where(eq(variants.internalReference, item.internal_reference));
    }
  });

  it("starts empty, then one add makes one draft order with one line", async () => {
    expect(await on.shop.cart.get(asha)).toMatchObject({ id: null, lines: [], count: 0 });
    const a = plenty[0]!;
    expect(await on.shop.cart.add(asha, { internalReference: a.internal_reference, quantity: 1 })).toEqual({ title: a.title, quantity: 1 });
    await on.shop.cart.add(asha, { internalReference: a.internal_reference, quantity: 2 });
    const cart = await on.shop.cart.get(asha);
    expect(cart.id).toBeGreaterThan(0);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ internalReference: a.internal_reference, quantity: 3, pricePaise: a.price * 100 });
    expect(cart.count).toBe(3);
    expect(cart.summary.totalPaise).toBe(a.price * 100 * 3);
  });

  it("clamps to the stock with the spec's message, and refuses stock 0", async () => {
    const change = await on.shop.cart.add(asha, { internalReference: scarce.internal_reference, quantity: 5 });
    expect(change).toEqual({ title: scarce.title, quantity: 2, warning: "Only 2 item(s) available in stock" });
    const again = await on.shop.cart.add(asha, { internalReference: scarce.internal_reference, quantity: 1 });
    expect(again.warning).toBe("Only 2 item(s) available in stock");
    await rejects(on.shop.cart.add(asha, { internalReference: soldOut.internal_reference, quantity: 1 }), "conflict", "This product is currently out of stock.");
    await rejects(on.shop.cart.add(asha, { internalReference: "NO-SUCH-REF", quantity: 1 }), "invalid", "That product could not be found.");
    const cart = await on.shop.cart.get(asha);
    expect(cart.lines.map((l) => l.internalReference)).not.toContain(soldOut.internal_reference);
  });

  it("adds several lines at once: one that cannot be added is named, the others go in", async () => {
    const fresh = await on.shop.accounts.register({ name: "Many", email: "many@example.in", phone: "9876543212", password: "many-password" });
    const a = plenty[1]!;
    const result = await on.shop.cart.addMany(fresh, [
      { internalReference: a.internal_reference, quantity: 2, label: a.title },
      { internalReference: soldOut.internal_reference, quantity: 1, label: "the sold-out one" },
      { internalReference: scarce.internal_reference, quantity: 9, label: scarce.title },
    ]);
    expect(result.added).toEqual([
      { title: a.title, quantity: 2 },
      { title: scarce.title, quantity: 2, warning: "Only 2 item(s) available in stock" },
    ]);
    expect(result.refused).toEqual([{ label: "the sold-out one", reason: "This product is currently out of stock." }]);
    expect((await on.shop.cart.get(fresh)).lines.map((l) => [l.internalReference, l.quantity])).toEqual([
      [a.internal_reference, 2],
      [scarce.internal_reference, 2],
    ]);
  });

  it("steps, sets and removes lines within 1 and the stock", async () => {
    const line = (await on.shop.cart.get(asha)).lines.find((l) => l.internalReference === scarce.internal_reference)!;
    expect((await on.shop.cart.step(asha, line.internalReference, 1)).warning).toBe("Only 2 item(s) available in stock");
    expect((await on.shop.cart.step(asha, line.internalReference, -1)).quantity).toBe(1);
    expect((await on.shop.cart.step(asha, line.internalReference, -1)).quantity).toBe(1);
    expect(await on.shop.cart.setQuantity(asha, line.internalReference, 2)).toEqual({ title: scarce.title, quantity: 2 });
    expect(await on.shop.cart.remove(asha, line.internalReference)).toEqual({ title: scarce.title });
    await rejects(on.shop.cart.remove(asha, line.internalReference), "not_found", "That item is not in your cart.");
  });

  it("keeps another customer's lines out of reach", async () => {
    const ashaLine = (await on.shop.cart.get(asha)).lines[0]!;
    await rejects(on.shop.cart.setQuantity(ravi, ashaLine.internalReference, 1), "not_found", "That item is not in your cart.");
    await rejects(on.shop.cart.step(ravi, ashaLine.internalReference, 1), "not_found", "That item is not in your cart.");
    await rejects(on.shop.cart.remove(ravi, ashaLine.internalReference), "not_found", "That item is not in your cart.");
    expect((await on.shop.cart.get(asha)).lines[0]).toEqual(ashaLine);
    expect((await on.shop.cart.get(ravi)).lines).toEqual([]);
  });

  it("makes one cart even when adds race", async () => {
    await Promise.all(plenty.slice(1, 5).map((v) => on.shop.cart.add(ravi, { internalReference: v.internal_reference, quantity: 1 })));
    const rows = await on.database.db.execute(`select count(*)::int as n from orders where customer_id = ${ravi.id} and state = 'draft'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect((await on.shop.cart.get(ravi)).count).toBe(4);
    await on.shop.cart.clear(ravi);
    expect((await on.shop.cart.get(ravi)).count).toBe(0);
  });

  it("wishlist: add ignores duplicates, toggle flips, remove by id or reference", async () => {
    const [a, b] = [plenty[5]!, plenty[6]!];
    await on.shop.wishlist.add(asha, a.internal_reference);
    await on.shop.wishlist.add(asha, a.internal_reference);
    expect((await on.shop.wishlist.list(asha)).map((i) => i.internalReference)).toEqual([a.internal_reference]);
    expect(await on.shop.wishlist.toggle(asha, b.internal_reference)).toEqual({ added: true });
    expect(await on.shop.wishlist.toggle(asha, b.internal_reference)).toEqual({ added: false });
    await on.shop.wishlist.remove(asha, { internalReference: a.internal_reference });
    expect(await on.shop.wishlist.list(asha)).toEqual([]);
    await on.shop.wishlist.add(asha, a.internal_reference);
    const [item] = await on.shop.wishlist.list(asha);
    await rejects(on.shop.wishlist.remove(ravi, { item: item!.id }), "not_found", "That item is not in your wishlist.");
    await on.shop.wishlist.remove(asha, { item: item!.id });
    await rejects(on.shop.wishlist.remove(asha, {}), "invalid", "Missing internal_reference");
  });

  it("wishlist: move to cart adds one and takes it off; out of stock stays", async () => {
    const a = plenty[7]!;
    await on.shop.wishlist.add(asha, a.internal_reference);
    await on.shop.wishlist.add(asha, soldOut.internal_reference);
    const items = await on.shop.wishlist.list(asha);
    const inStock = items.find((i) => i.internalReference === a.internal_reference)!;
    const gone = items.find((i) => i.internalReference === soldOut.internal_reference)!;
    await rejects(on.shop.wishlist.moveToCart(ravi, inStock.id), "not_found", "That item is not in your wishlist.");
    expect(await on.shop.wishlist.moveToCart(asha, inStock.id)).toMatchObject({ title: a.title, quantity: 1 });
    await rejects(on.shop.wishlist.moveToCart(asha, gone.id), "conflict", "Out of stock. Cannot move to cart.");
    expect((await on.shop.wishlist.list(asha)).map((i) => i.internalReference)).toEqual([soldOut.internal_reference]);
    expect((await on.shop.cart.get(asha)).lines.some((l) => l.internalReference === a.internal_reference)).toBe(true);
  });
  // ---------- the header's cheap read, and a coupon dropped by a change (issue 9) ----------

  let shoppers = 0;
  async function shopperWithCouponCart() {
    const n = shoppers++;
    const customer = await on.shop.accounts.register({ name: `Coupon ${n}`, email: `coupon${n}@example.in`, phone: "9876543212", password: "coupon-password" });
    const [a, b] = [plenty[8 + 2 * n]!, plenty[9 + 2 * n]!];
    await on.shop.cart.add(customer, { internalReference: a.internal_reference, quantity: 3 });
    await on.shop.cart.add(customer, { internalReference: b.internal_reference, quantity: 1 });
    // A coupon the cart just reaches: one item fewer of either line takes it below the minimum.
    const minSubtotalPaise = Math.round(a.price * 100) * 3 + Math.round(b.price * 100);
    const code = `MIN${target.name.toUpperCase()}${n}`;
    await on.database.db.insert(coupons).values({ code, kind: "flat", value: 1000, minSubtotalPaise });
    expect(await on.shop.cart.applyCoupon(customer, code)).toMatchObject({ code, discountPaise: 1000 });
    const cart = await on.shop.cart.get(customer);
    const lineOf = (ref: string) => cart.lines.find((l) => l.internalReference === ref)!;
    return { customer, code, cartId: cart.id!, minSubtotalPaise, a: lineOf(a.internal_reference), b: lineOf(b.internal_reference) };
  }
  async function couponIdOf(cartId: number) {
    const [row] = await on.database.db.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, cartId));
    return row!.couponId;
  }

  it("the header's facts (viewer.of): the cart's lines, wishlist and where orders go in one read, no coupon check and no writes", async () => {
    const c = await shopperWithCouponCart();
    // The price falls: the cart no longer reaches the coupon's minimum. Only a page that shows
    // a total (cart.get) may find that out and take the coupon off.
    const [before] = await on.database.db.select({ price: variants.pricePaise }).from(variants).where(eq(variants.internalReference, c.a.internalReference));
    await on.database.db
      .update(variants)
      .set({ pricePaise: before!.price - 100 })
      .where(eq(variants.internalReference, c.a.internalReference));
    try {
      const log = queryLog(on.database);
      await on.shop.wishlist.add(c.customer, c.b.internalReference);
      const [wished] = await on.shop.wishlist.list(c.customer);
      const home = await on.shop.addresses.create(c.customer, {
        name: "Asha Rao",
        phone: "9876500001",
        email: "",
        street: "1 MG Road",
        street2: "",
        city: "Gurugram",
        state: "Haryana",
        zip: "122002",
        country: "India",
      });
      const work = await on.shop.addresses.create(c.customer, {
        name: "Asha Rao",
        phone: "9876500001",
        email: "",
        street: "9 Cyber City",
        street2: "",
        city: "Gurugram",
        state: "Haryana",
        zip: "122010",
        country: "India",
      });
      await on.shop.addresses.select(c.customer, work.id);
      log.queries.length = 0;
      const facts = await createViewer(log.db).of(c.customer);
      expect(facts.wishlist).toEqual({ [c.b.internalReference]: wished!.id });
      expect(facts.deliverTo).toEqual({ city: "Gurugram", zip: "122010" });
      // A page request reads them with the session, in the session's one query.
      const { token } = await on.shop.accounts.startSession(c.customer.id);
      log.queries.length = 0;
      const resumed = await createAccounts(log.db).resumeSession(token);
      expect(log.queries).toHaveLength(1);
      expect(resumed?.customer).toEqual(c.customer);
      expect(resumed?.viewer).toEqual(facts);
      await on.shop.addresses.select(c.customer, home.id);
      expect((await on.shop.viewer.of(c.customer)).deliverTo).toEqual({ city: "Gurugram", zip: "122002" });
      const entries = facts.cart;
      expect(entries).toEqual({
        [c.a.internalReference]: { quantity: 3, pricePaise: before!.price - 100, inventoryStock: c.a.inventoryStock },
        [c.b.internalReference]: { quantity: 1, pricePaise: c.b.pricePaise, inventoryStock: c.b.inventoryStock },
      });
      expect(log.queries).toHaveLength(1);
      expect(log.queries[0]).toMatch(/^select /i);
      expect(log.queries[0]).not.toMatch(/coupon/i);
      expect(await couponIdOf(c.cartId)).not.toBeNull();
      // Another customer's entries are their own; a customer without a cart has none.
      expect(Object.keys((await on.shop.viewer.of(ravi)).cart)).not.toContain(c.a.internalReference);
      const nobody = await on.shop.accounts.register({ name: "Nobody", email: `nobody-${target.name}@example.in`, phone: "9876543219", password: "nobody-password" });
      expect(await on.shop.viewer.of(nobody)).toEqual({ cart: {}, wishlist: {}, deliverTo: null, notify: {} });
      // The cart page does re-check, and says why the coupon went.
      const cart = await on.shop.cart.get(c.customer);
      expect(cart.coupon).toBeNull();
      expect(cart.couponDropped).toBe(minimumMessage(c.minSubtotalPaise));
      expect(await couponIdOf(c.cartId)).toBeNull();
    } finally {
      await on.database.db.update(variants).set({ pricePaise: before!.price }).where(eq(variants.internalReference, c.a.internalReference));
    }
  });

  it("the cart's pages read the cart with the session, in its one query, as cart.get reads it (issue 30)", async () => {
    const sam = await on.shop.accounts.register({ name: "Sam", email: `sam-${target.name}@example.in`, phone: "9876543218", password: "sam-password" });
    const { token } = await on.shop.accounts.startSession(sam.id);
    const log = queryLog(on.database);
    const page = async () => {
      log.queries.length = 0;
      const session = await createAccounts(log.db).resumeSession(token, { cart: true });
      expect(log.queries).toHaveLength(1);
      expect(session?.cart).toBeDefined();
      const read = await createCart(log.db).get(sam, session!.cart);
      // Nothing more is read for a cart without a coupon.
      expect(log.queries).toHaveLength(1);
      expect(read).toEqual(await on.shop.cart.get(sam));
      return read;
    };
    expect(await page()).toMatchObject({ id: null, lines: [], count: 0 });
    const [a, b] = [plenty[2]!, plenty[3]!];
    await on.shop.cart.add(sam, { internalReference: a.internal_reference, quantity: 2 });
    await on.shop.cart.add(sam, { internalReference: scarce.internal_reference, quantity: 1 });
    await on.shop.cart.add(sam, { internalReference: b.internal_reference, quantity: 1 });
    await on.shop.cart.choosePayment(sam, "upi");
    await on.shop.cart.setReplacement(sam, "replace", new Map([[scarce.internal_reference, "refund"]]));
    const cart = await page();
    expect(cart.lines.map((l) => [l.internalReference, l.quantity, l.replacement ?? null])).toEqual([
      [a.internal_reference, 2, null],
      [scarce.internal_reference, 1, "refund"],
      [b.internal_reference, 1, null],
    ]);
    expect(cart).toMatchObject({ paymentMethod: "razorpay", paymentChoice: "upi", replacement: "replace", count: 4 });
    // Any other page's session read carries no cart.
    expect((await on.shop.accounts.resumeSession(token))?.cart).toBeUndefined();
    // Nor does the cart page's while an order awaits its payment: the page's own check of it may
    // put it back in the cart, so the page reads the cart after that.
    await on.database.db.execute(sql`update orders set state = 'awaiting_payment', total_paise = 1, delivery_address = '{}'::jsonb where id = ${cart.id}`);
    try {
      expect((await on.shop.accounts.resumeSession(token, { cart: true }))?.cart).toBeUndefined();
    } finally {
      await on.database.db.execute(sql`update orders set state = 'draft', total_paise = null, delivery_address = null where id = ${cart.id}`);
    }
    // Another customer's read is never taken for this one's cart.
    const other = await createAccounts(on.database.db).resumeSession(token, { cart: true });
    expect(await on.shop.cart.get(ravi, other!.cart)).toEqual(await on.shop.cart.get(ravi));
  });

  it("Review Order reads the address book and the slots with the session, in its one query, as book() and slots() read them (issue 30)", async () => {
    const meera = await on.shop.accounts.register({ name: "Meera", email: `meera-${target.name}@example.in`, phone: "9876543217", password: "meera-password" });
    const { token } = await on.shop.accounts.startSession(meera.id);
    const log = queryLog(on.database);
    const page = async () => {
      log.queries.length = 0;
      const session = await createAccounts(log.db).resumeSession(token, { cart: true, review: true });
      expect(log.queries).toHaveLength(1);
      const book = await createAddresses(log.db).book(meera, session!.review!.book);
      const slots = await createDelivery(log.db).slots(session!.review!.slots);
      // Nothing more is read.
      expect(log.queries).toHaveLength(1);
      expect(book).toEqual(await on.shop.addresses.book(meera));
      expect(slots).toEqual(await on.shop.delivery.slots());
      return { book, slots };
    };
    expect((await page()).book).toEqual({ addresses: [], chosen: null });
    const address = (street: string, zip: string) => ({
      name: "Meera Iyer",
      phone: "9876500002",
      email: "",
      street,
      street2: "",
      city: "Gurugram",
      state: "Haryana",
      zip,
      country: "India",
    });
    const home = await on.shop.addresses.create(meera, address("4 Sohna Road", "122018"));
    const work = await on.shop.addresses.create(meera, address("12 Golf Course Road", "122009"));
    expect((await page()).book).toMatchObject({ addresses: [{ id: home.id }, { id: work.id }], chosen: { id: home.id }, chosenServed: true });
    // The shopper's choice, a PIN list without it, and a slot half booked.
    await on.shop.addresses.select(meera, work.id);
    await on.database.db.insert(serviceablePins).values({ pin: "122018" }).onConflictDoNothing();
    const [first] = await on.shop.delivery.slots();
    await on.database.db
      .insert(deliverySlots)
      .values({ date: first!.date, kind: first!.kind, capacity: 5, booked: 2 })
      .onConflictDoUpdate({ target: [deliverySlots.date, deliverySlots.kind], set: { capacity: 5, booked: 2 } });
    try {
      const { book, slots } = await page();
      expect(book).toMatchObject({ chosen: { id: work.id, street: "12 Golf Course Road" }, chosenServed: false });
      expect(slots[0]).toMatchObject({ date: first!.date, kind: first!.kind, capacity: 5, left: 3 });
      // The header's location line names the same address: one rule for both.
      expect((await on.shop.viewer.of(meera)).deliverTo).toEqual({ city: "Gurugram", zip: "122009" });
    } finally {
      await on.database.db.delete(serviceablePins).where(eq(serviceablePins.pin, "122018"));
      await on.database.db.delete(deliverySlots).where(and(eq(deliverySlots.date, first!.date), eq(deliverySlots.kind, first!.kind)));
    }
    // Any other page's session read carries neither.
    expect((await on.shop.accounts.resumeSession(token, { cart: true }))?.review).toBeUndefined();
    // Nor does Review Order's while an order awaits its payment: releasing it gives its slot's place back.
    await on.shop.cart.add(meera, { internalReference: plenty[4]!.internal_reference, quantity: 1 });
    const { id } = await on.shop.cart.get(meera);
    await on.database.db.execute(sql`update orders set state = 'awaiting_payment', total_paise = 1, delivery_address = '{}'::jsonb where id = ${id}`);
    try {
      expect((await on.shop.accounts.resumeSession(token, { cart: true, review: true }))?.review).toBeUndefined();
    } finally {
      await on.database.db.execute(sql`update orders set state = 'draft', total_paise = null, delivery_address = null where id = ${id}`);
    }
    // Another customer's address book is never taken for this one's.
    const other = await on.shop.accounts.resumeSession(token, { review: true });
    expect(await on.shop.addresses.book(ravi, other!.review!.book)).toEqual(await on.shop.addresses.book(ravi));
    expect((await on.shop.addresses.book(ravi, other!.review!.book)).addresses).toEqual([]);
    // Nor is a cart read taken for an address book.
    const cartRead = (await on.shop.accounts.resumeSession(token, { cart: true }))!.cart;
    expect(cartRead).toBeDefined();
    expect(await on.shop.addresses.book(meera, cartRead)).toEqual(await on.shop.addresses.book(meera));
  });

  it("a decrement below the coupon's minimum takes it off and says why", async () => {
    const c = await shopperWithCouponCart();
    // More never drops it.
    expect(await on.shop.cart.step(c.customer, c.b.internalReference, 1)).toEqual({ title: expect.any(String), quantity: 2 });
    expect(await on.shop.cart.step(c.customer, c.b.internalReference, -1)).toEqual({ title: expect.any(String), quantity: 1 });
    expect(await couponIdOf(c.cartId)).not.toBeNull();
    const change = await on.shop.cart.step(c.customer, c.a.internalReference, -1);
    expect(change).toMatchObject({ quantity: 2, couponDropped: minimumMessage(c.minSubtotalPaise) });
    expect(await couponIdOf(c.cartId)).toBeNull();
    const cart = await on.shop.cart.get(c.customer);
    expect(cart.coupon).toBeNull();
    expect(cart.summary.totalPaise).toBe(cart.summary.subtotalPaise);
    // Said once: nothing is left to drop.
    expect((await on.shop.cart.step(c.customer, c.b.internalReference, -1)).couponDropped).toBeUndefined();
  });

  it("setting a lower quantity or removing a line drops the coupon with its reason; clearing drops it silently", async () => {
    const set = await shopperWithCouponCart();
    expect(await on.shop.cart.setQuantity(set.customer, set.a.internalReference, 1)).toMatchObject({ quantity: 1, couponDropped: minimumMessage(set.minSubtotalPaise) });
    expect(await couponIdOf(set.cartId)).toBeNull();

    const removed = await shopperWithCouponCart();
    expect(await on.shop.cart.remove(removed.customer, removed.b.internalReference)).toEqual({ title: expect.any(String), couponDropped: minimumMessage(removed.minSubtotalPaise) });
    expect(await couponIdOf(removed.cartId)).toBeNull();

    // A coupon the cart still reaches stays on through a decrement.
    const kept = await shopperWithCouponCart();
    await on.database.db.update(coupons).set({ minSubtotalPaise: 0 }).where(eq(coupons.code, kept.code));
    expect((await on.shop.cart.step(kept.customer, kept.a.internalReference, -1)).couponDropped).toBeUndefined();
    expect((await on.shop.cart.remove(kept.customer, kept.b.internalReference)).couponDropped).toBeUndefined();
    expect((await on.shop.cart.get(kept.customer)).coupon).toMatchObject({ code: kept.code });
    // Removing the last line empties the cart: the coupon goes without a reason.
    expect((await on.shop.cart.remove(kept.customer, kept.a.internalReference)).couponDropped).toBeUndefined();
    expect(await couponIdOf(kept.cartId)).toBeNull();

    const cleared = await shopperWithCouponCart();
    await on.shop.cart.clear(cleared.customer);
    expect(await couponIdOf(cleared.cartId)).toBeNull();
    expect((await on.shop.cart.get(cleared.customer)).couponDropped).toBeNull();
  });
});
