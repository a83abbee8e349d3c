// Placing orders where money and stock are at stake, on PGlite and PostgreSQL: concurrent
// confirmations, double submits, cancellation, coupons, and other customers' data.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, variants } from "../../app/server/db/schema.server.ts";
import { createAddresses } from "../../app/server/shop/addresses.server.ts";
import { createOrders } from "../../app/server/shop/orders.server.ts";
import { ShopError, type Customer } from "../../app/server/shop/port.server.ts";
import { applyCoupon } from "../../app/server/use-cases/coupons.server.ts";
import { targets } from "./databases.ts";
import { home, refusal, shopOn } from "./fixtures.ts";
import { queryLog } from "./query-log.ts";

describe.each(targets)("orders on $name", (target) => {
  const on = shopOn(target, { catalog: true, coupons: true });
  let n = 0;
  const ref = "GP-PUL-MSR-1KG";

  async function stockOf(reference: string) {
    const [v] = await on.database.db.select({ s: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, reference));
    return v!.s;
  }
  async function setStock(reference: string, stock: number) {
    await on.database.db.update(variants).set({ inventoryStock: stock, inStock: true }).where(eq(variants.internalReference, reference));
  }
  async function shopperWithCart(quantity = 1, reference = ref): Promise<{ customer: Customer; cartId: number; addressId: number }> {
    const customer = await on.shop.accounts.register({ name: `Shopper ${n}`, email: `shopper${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await on.shop.addresses.create(customer, home);
    await on.shop.cart.add(customer, { internalReference: reference, quantity });
    const cart = await on.shop.cart.get(customer);
    return { customer, cartId: cart.id!, addressId: address.id };
  }

  it("50 concurrent confirmations for a variant with stock 10 make exactly 10 orders", async () => {
    const carts = [];
    for (let i = 0; i < 50; i++) carts.push(await shopperWithCart(1));
    await setStock(ref, 10);
    const results = await Promise.allSettled(carts.map((c) => on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" })));
    const placed = results.filter((r) => r.status === "fulfilled");
    expect(placed).toHaveLength(10);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ShopError);
    expect(await stockOf(ref)).toBe(0);
    const rows = await on.database.db.execute(sql`select count(*)::int as n from orders where state = 'confirmed'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(10);
  }, 120_000);

  it("a double submit makes one order, and the cart is then empty", async () => {
    await setStock(ref, 50);
    const c = await shopperWithCart(3);
    const input = { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" as const };
    const [a, b] = await Promise.all([on.shop.orders.place(c.customer, input), on.shop.orders.place(c.customer, input)]);
    expect(a.orderId).toBe(b.orderId);
    expect([a.alreadyPlaced, b.alreadyPlaced].sort()).toEqual([false, true]);
    expect(await stockOf(ref)).toBe(47);
    expect(await on.shop.orders.list(c.customer)).toHaveLength(1);
    expect((await on.shop.cart.get(c.customer)).lines).toEqual([]);
    const order = (await on.shop.orders.latest(c.customer))!;
    expect(order).toMatchObject({ id: a.orderId, state: "confirmed", paymentMethod: "cod", deliveryAddress: { zip: "122002", city: "Gurgaon" } });
    expect(order.lines[0]).toMatchObject({ internalReference: ref, quantity: 3 });
    expect(order.totalPaise).toBe(order.lines[0]!.unitPricePaise * 3);
  });

  it("cancelling returns the stock exactly once", async () => {
    await setStock(ref, 20);
    const c = await shopperWithCart(4);
    const { orderId } = await on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" });
    expect(await stockOf(ref)).toBe(16);
    const both = await Promise.allSettled([on.shop.orders.cancel(c.customer, orderId), on.shop.orders.cancel(c.customer, orderId)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((both.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.message).toBe("Order is already cancelled.");
    expect(await stockOf(ref)).toBe(20);
    expect((await on.shop.orders.get(c.customer, orderId))?.state).toBe("cancelled");
  });

  it("refuses bad carts and addresses with the spec's messages", async () => {
    await setStock(ref, 20);
    const c = await shopperWithCart(1);
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: 0, addressId: c.addressId, paymentMethod: "cod" }))).message).toBe("Invalid cart_id. Please refresh your cart.");
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: -1, paymentMethod: "cod" }))).message).toBe(
      "Invalid address_id. Please reselect your delivery address.",
    );
    const other = await shopperWithCart(1);
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: other.cartId, addressId: c.addressId, paymentMethod: "cod" }))).message).toBe(
      "Invalid cart_id. Please refresh your cart.",
    );
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: other.addressId, paymentMethod: "cod" }))).message).toBe(
      "Invalid address_id. Please reselect your delivery address.",
    );
    await setStock(ref, 0);
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" }))).message).toContain(
      "This product is currently out of stock.",
    );
    expect((await on.shop.cart.get(c.customer)).lines).toHaveLength(1);
  });

  it("keeps other customers' orders and addresses out of reach", async () => {
    await setStock(ref, 20);
    const mine = await shopperWithCart(1);
    const { orderId } = await on.shop.orders.place(mine.customer, { cartId: mine.cartId, addressId: mine.addressId, paymentMethod: "cod" });
    const stranger = await shopperWithCart(1);
    expect(await on.shop.orders.get(stranger.customer, orderId)).toBeNull();
    expect((await refusal(on.shop.orders.cancel(stranger.customer, orderId))).code).toBe("not_found");
    expect(await on.shop.addresses.get(stranger.customer, mine.addressId)).toBeNull();
    expect((await refusal(on.shop.addresses.update(stranger.customer, mine.addressId, home))).code).toBe("not_found");
    expect((await refusal(on.shop.addresses.remove(stranger.customer, mine.addressId))).code).toBe("not_found");
    expect((await on.shop.orders.get(mine.customer, orderId))?.state).toBe("confirmed");
  });

  it("applies a coupon, re-checks it when placing, and counts its use", async () => {
    await setStock(ref, 50);
    const c = await shopperWithCart(5);
    expect((await refusal(on.shop.cart.applyCoupon(c.customer, "NOPE"))).message).toBe("Invalid coupon code");
    expect((await refusal(on.shop.cart.applyCoupon(c.customer, "MONSOON20"))).message).toBe("This coupon has expired.");
    const applied = await on.shop.cart.applyCoupon(c.customer, "WELCOME10");
    expect(applied).toMatchObject({ code: "WELCOME10" });
    expect(applied.discountPaise % 100).toBe(0);
    expect(await applyCoupon(on.shop, c.customer, { code: "WELCOME10" })).toMatchObject({ already: true, message: "Coupon already applied" });
    const cart = await on.shop.cart.get(c.customer);
    expect(cart.coupon).toEqual({ code: "WELCOME10", discountPaise: applied.discountPaise });
    expect(cart.summary.totalPaise).toBe(cart.summary.subtotalPaise - applied.discountPaise);
    const { orderId } = await on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" });
    const order = (await on.shop.orders.get(c.customer, orderId))!;
    expect(order).toMatchObject({ couponCode: "WELCOME10", discountPaise: applied.discountPaise });
    expect(order.lines.reduce((a, l) => a + l.discountPaise, 0)).toBe(applied.discountPaise);
    // Once per customer.
    await on.shop.cart.add(c.customer, { internalReference: ref, quantity: 1 });
    expect((await refusal(on.shop.cart.applyCoupon(c.customer, "WELCOME10"))).message).toBe("You have already used this coupon.");
  });

  it("takes the coupon off when the cart empties", async () => {
    await setStock(ref, 50);
    const c = await shopperWithCart(2);
    await on.shop.cart.applyCoupon(c.customer, "WELCOME10");
    await on.shop.cart.clear(c.customer);
    await on.shop.cart.add(c.customer, { internalReference: ref, quantity: 1 });
    expect((await on.shop.cart.get(c.customer)).coupon).toBeNull();
    const [row] = await on.database.db.select({ couponId: orders.couponId }).from(orders).where(eq(orders.id, c.cartId));
    expect(row!.couponId).toBeNull();
  });

  it("remembers the chosen delivery address for 30 days, then falls back to the default", async () => {
    let now = Date.now();
    const addresses = createAddresses(on.database.db, () => now);
    const c = await shopperWithCart(1);
    const second = await addresses.create(c.customer, { ...home, street: "2 Sohna Road" });
    expect((await addresses.book(c.customer)).chosen?.id).toBe(c.addressId);
    await addresses.select(c.customer, second.id);
    expect((await addresses.book(c.customer)).chosen?.id).toBe(second.id);
    now += 29 * 24 * 3600 * 1000;
    expect((await addresses.book(c.customer)).chosen?.id).toBe(second.id);
    now += 2 * 24 * 3600 * 1000;
    expect((await addresses.book(c.customer)).chosen?.id).toBe(c.addressId);
    // The first address is primary and default; it cannot be deleted, the second can.
    expect((await refusal(addresses.remove(c.customer, c.addressId))).message).toBe("The primary address cannot be deleted.");
    await addresses.makeDefault(c.customer, second.id);
    expect((await addresses.list(c.customer))[0]!.id).toBe(second.id);
    await addresses.remove(c.customer, second.id);
    expect((await addresses.list(c.customer)).map((a) => [a.id, a.isDefault])).toEqual([[c.addressId, true]]);
  });
  it("lists orders newest first with their lines in two queries, whatever their number", async () => {
    await setStock(ref, 50);
    const other = "GP-DRY-ALM-250G";
    await setStock(other, 50);
    const c = await shopperWithCart(2);
    await on.shop.cart.add(c.customer, { internalReference: other, quantity: 1 });
    const placedIds: number[] = [];
    const first = await on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" });
    placedIds.push(first.orderId);
    for (const quantity of [1, 4, 3]) {
      await on.shop.cart.add(c.customer, { internalReference: ref, quantity });
      const cartId = (await on.shop.cart.get(c.customer)).id!;
      placedIds.push((await on.shop.orders.place(c.customer, { cartId, addressId: c.addressId, paymentMethod: "cod" })).orderId);
    }
    await on.shop.orders.cancel(c.customer, placedIds[2]!);
    // Someone else's orders and the customer's own cart stay out of the list.
    const stranger = await shopperWithCart(1);
    await on.shop.orders.place(stranger.customer, { cartId: stranger.cartId, addressId: stranger.addressId, paymentMethod: "cod" });
    await on.shop.cart.add(c.customer, { internalReference: ref, quantity: 1 });

    const log = queryLog(on.database);
    const list = await createOrders(log.db).list(c.customer);
    expect(log.queries).toHaveLength(2);
    expect(list.map((o) => o.id)).toEqual([...placedIds].reverse());
    expect(list.map((o) => o.state)).toEqual(["confirmed", "cancelled", "confirmed", "confirmed"]);
    expect(list.at(-1)!.lines.map((l) => [l.internalReference, l.quantity])).toEqual([
      [ref, 2],
      [other, 1],
    ]);
    expect(list.slice(0, 3).map((o) => o.lines.map((l) => [l.internalReference, l.quantity]))).toEqual([[[ref, 3]], [[ref, 4]], [[ref, 1]]]);
    // The same content as reading each order on its own (which adds its timeline).
    for (const order of list) expect(order).toEqual({ ...(await on.shop.orders.get(c.customer, order.id)), events: [] });
    // A customer without orders: one query.
    const log2 = queryLog(on.database);
    const none = await on.shop.accounts.register({ name: "No Orders", email: `none${n++}@example.in`, phone: "9876543210", password: "password-1" });
    expect(await createOrders(log2.db).list(none)).toEqual([]);
    expect(log2.queries).toHaveLength(1);
  });

  it("gets an order by id only for its customer, and never a cart", async () => {
    await setStock(ref, 50);
    const c = await shopperWithCart(1);
    expect(await on.shop.orders.get(c.customer, c.cartId)).toBeNull();
    const { orderId } = await on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" });
    // A newer order of the same customer does not stand in for the one asked for.
    const later = await shopperWithCart(1);
    await on.shop.cart.add(c.customer, { internalReference: ref, quantity: 2 });
    const secondCart = (await on.shop.cart.get(c.customer)).id!;
    const second = await on.shop.orders.place(c.customer, { cartId: secondCart, addressId: c.addressId, paymentMethod: "cod" });
    expect((await on.shop.orders.get(c.customer, orderId))?.lines[0]).toMatchObject({ quantity: 1 });
    expect((await on.shop.orders.get(c.customer, second.orderId))?.lines[0]).toMatchObject({ quantity: 2 });
    expect(await on.shop.orders.get(later.customer, orderId)).toBeNull();
    expect(await on.shop.orders.get(later.customer, later.cartId)).toBeNull();
    expect(await on.shop.orders.get(c.customer, 0)).toBeNull();
    expect(await on.shop.orders.get(c.customer, Number.NaN)).toBeNull();
  });
});
