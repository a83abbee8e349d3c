// Delivery slots, serviceable PINs and the minimum order (issue 14), on PGlite and PostgreSQL:
// the last place in a slot under 20 concurrent orders, a cancel that gives it back, a slot that
// has closed, an address outside the PINs served, an order below the minimum.
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DELIVERY_MESSAGES, slotDates, type Slot } from "../../app/domain/delivery.ts";
import { deliverySlots, serviceablePins, shopSettings, staffAudit, variants } from "../../app/server/db/schema.server.ts";
import { DEMO_PINS, seedDemoPins } from "../../app/server/shop/delivery.server.ts";
import { createShop } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { queryLog } from "./query-log.ts";
import { home, refusal, shopOn } from "./fixtures.ts";

describe.each(targets)("delivery on $name", (target) => {
  const on = shopOn(target, { catalog: true, pins: true });
  let n = 0;
  const ref = "GP-PUL-CHD-500G";
  const tomorrow = (): Slot => ({ date: slotDates(new Date())[0]!, kind: "evening" });

  async function shopper(zip = home.zip): Promise<{ customer: Customer; cartId: number; addressId: number }> {
    const customer = await on.shop.accounts.register({ name: `Slot ${n}`, email: `slot${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await on.shop.addresses.create(customer, { ...home, zip });
    await on.shop.cart.add(customer, { internalReference: ref, quantity: 1 });
    return { customer, cartId: (await on.shop.cart.get(customer)).id!, addressId: address.id };
  }
  const bookedIn = async (slot: Slot) => {
    const [row] = await on.database.db
      .select()
      .from(deliverySlots)
      .where(and(eq(deliverySlots.date, slot.date), eq(deliverySlots.kind, slot.kind)));
    return row?.booked ?? 0;
  };

  beforeEach(async () => {
    await on.database.db.update(variants).set({ inventoryStock: 500, inStock: true }).where(eq(variants.internalReference, ref));
    await on.database.db.delete(shopSettings);
  });

  it("offers the next days' slots, tomorrow first, each with the default capacity", async () => {
    const slots = await on.shop.delivery.slots();
    expect(slots).toHaveLength(9);
    expect(slots[0]).toMatchObject({ date: slotDates(new Date())[0], kind: "morning", label: expect.stringMatching(/, Morning 8-12$/) });
    expect(slots.every((s) => s.left === 40 || s.left < 40)).toBe(true);
  });

  it("20 concurrent orders for a slot's last place make exactly one order", async () => {
    const slot = tomorrow();
    await on.database.db
      .insert(deliverySlots)
      .values({ date: slot.date, kind: slot.kind, capacity: 1 })
      .onConflictDoUpdate({ target: [deliverySlots.date, deliverySlots.kind], set: { capacity: sql`${deliverySlots.booked} + 1` } });
    const before = await bookedIn(slot);
    const carts = [];
    for (let i = 0; i < 20; i++) carts.push(await shopper());
    const results = await Promise.allSettled(carts.map((c) => on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod", slot })));
    const placed = results.filter((r) => r.status === "fulfilled");
    expect(placed).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as ShopError).message).toBe(DELIVERY_MESSAGES.slotFull);
    expect(await bookedIn(slot)).toBe(before + 1);
    expect((await on.shop.delivery.slots()).find((s) => s.date === slot.date && s.kind === slot.kind)).toMatchObject({ left: 0, available: false, reason: "full" });
    // The refused shoppers keep their carts and their stock was not taken.
    const [v] = await on.database.db.select().from(variants).where(eq(variants.internalReference, ref));
    expect(v!.inventoryStock).toBe(499);
    // A cancel gives the place back.
    const winner = carts[results.findIndex((r) => r.status === "fulfilled")]!;
    await on.shop.orders.cancel(winner.customer, (placed[0] as PromiseFulfilledResult<{ orderId: number }>).value.orderId);
    expect(await bookedIn(slot)).toBe(before);
  }, 120_000);

  it("shows the slot on the order", async () => {
    const c = await shopper();
    const slot: Slot = { date: slotDates(new Date())[1]!, kind: "afternoon" };
    const { orderId } = await on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod", slot });
    expect((await on.shop.orders.get(c.customer, orderId))!.slot).toMatchObject({ ...slot, label: expect.stringMatching(/, Afternoon 12-4$/) });
  });

  it("refuses a slot that has closed or is not offered", async () => {
    const c = await shopper();
    for (const slot of [
      { date: "2020-01-01", kind: "morning" as const },
      { date: slotDates(new Date(), 10)[9]!, kind: "morning" as const },
    ]) {
      expect((await refusal(on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod", slot }))).message).toBe(DELIVERY_MESSAGES.slotPast);
    }
    expect((await on.shop.cart.get(c.customer)).lines).toHaveLength(1);
  });

  it("keeps an address outside the PINs served but places nothing there; a served PIN is said so", async () => {
    const c = await shopper("400001");
    expect((await on.shop.addresses.list(c.customer))[0]!.zip).toBe("400001");
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod", slot: tomorrow() }))).message).toBe(
      DELIVERY_MESSAGES.notServiceable("400001"),
    );
    expect(await on.shop.delivery.isServiceable("400001")).toBe(false);
    expect(await on.shop.delivery.isServiceable(DEMO_PINS[1]!)).toBe(true);
    // With no PIN list at all, every PIN is served (a deployer's first start).
    await on.database.db.delete(serviceablePins);
    expect(await on.shop.delivery.isServiceable("400001")).toBe(true);
    await seedDemoPins(on.database.db);
  });

  it("reads the cart with the fee staff set, the slots with their capacity and the chosen PIN's service, a query each (issue 30)", async () => {
    const staffId = (await on.shop.accounts.register({ name: "Read Staff", email: `read-staff${n++}@haat.example`, phone: "9876543210", password: "password-1" })).id;
    await on.shop.delivery.setSettings(staffId, { deliveryFeePaise: 3_900, freeDeliveryAbovePaise: 999_900, slotCapacity: 7 });
    const served = await shopper();
    const log = queryLog(on.database);
    const logged = createShop({ ...on.database, db: log.db }, 0);
    log.queries.length = 0;
    expect((await logged.cart.get(served.customer)).summary.deliveryPaise).toBe(3_900);
    expect((await logged.delivery.slots()).filter((s) => s.left === 7)).not.toHaveLength(0);
    expect(await logged.addresses.book(served.customer)).toMatchObject({ chosen: { id: served.addressId }, chosenServed: true });
    expect(log.queries).toHaveLength(3);
    const unserved = await shopper("400001");
    expect(await on.shop.addresses.book(unserved.customer)).toMatchObject({ chosenServed: false });
    expect(await on.shop.addresses.book(await on.shop.accounts.register({ name: "No Address", email: `none${n++}@example.in`, phone: "9876543210", password: "password-1" }))).toEqual({
      addresses: [],
      chosen: null,
    });
  });

  it("refuses an order below the minimum order value, and places it without one", async () => {
    await on.database.db.insert(shopSettings).values({ key: "min_order_paise", value: 500_000 });
    const c = await shopper();
    expect((await refusal(on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod", slot: tomorrow() }))).message).toMatch(
      /^The minimum order value is ₹5,000\./,
    );
    await on.database.db.delete(shopSettings);
    expect((await on.shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod", slot: tomorrow() })).awaitingPayment).toBe(false);
  });

  it("charges the delivery fee staff set below the free-delivery threshold, in the cart and on the order", async () => {
    const staffId = (await on.shop.accounts.register({ name: "Fee Staff", email: `fee-staff${n++}@haat.example`, phone: "9876543210", password: "password-1" })).id;
    await on.shop.delivery.setSettings(staffId, { deliveryFeePaise: 4_900 });
    await on.shop.delivery.setSettings(staffId, { freeDeliveryAbovePaise: 99_900 });
    expect(await on.shop.delivery.settings()).toMatchObject({ deliveryFeePaise: 4_900, freeDeliveryAbovePaise: 99_900, minOrderPaise: 0 });
    const c = await shopper();
    const cart = await on.shop.cart.get(c.customer);
    expect(cart.summary.deliveryPaise).toBe(4_900);
    expect(cart.summary.totalPaise).toBe(cart.summary.subtotalPaise + 4_900);
    const { orderId } = await on.shop.orders.place(c.customer, {
      cartId: c.cartId,
      addressId: c.addressId,
      paymentMethod: "cod",
      slot: { date: slotDates(new Date())[2]!, kind: "afternoon" },
    });
    const order = (await on.shop.orders.get(c.customer, orderId))!;
    expect(order.totalPaise).toBe(order.subtotalPaise + 4_900);
    // Above the threshold, delivery is free.
    await on.shop.delivery.setSettings(staffId, { freeDeliveryAbovePaise: 1_000 });
    const above = await shopper();
    expect((await on.shop.cart.get(above.customer)).summary.deliveryPaise).toBe(0);
    const audits = await on.database.db.select().from(staffAudit).where(eq(staffAudit.staffId, staffId));
    expect(audits.map((a) => [a.entityId, a.after])).toContainEqual(["delivery_fee_paise", { value: 4_900 }]);
    await on.database.db.delete(shopSettings);
    expect((await on.shop.cart.get(above.customer)).summary.deliveryPaise).toBe(0);
  });
});
