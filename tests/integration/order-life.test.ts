// An order's life after it is placed (issue 14), on PGlite and PostgreSQL: its stages and
// timeline, cancel only until packed, two staff moving one order at once, and moving the
// delivery slot until 2 hours before it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotDates, slotStart, type Slot } from "../../app/domain/delivery.ts";
import { LIFE_MESSAGES } from "../../app/domain/order-life.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { deliverySlots, variants } from "../../app/server/db/schema.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer, type Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { home, refusal } from "./fixtures.ts";

describe.each(targets)("an order's life on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let clock = Date.now();
  let n = 0;
  const ref = "GP-PUL-CHD-500G";

  async function ordered(slot: Slot): Promise<{ customer: Customer; orderId: number }> {
    const customer = await shop.accounts.register({ name: `Life ${n}`, email: `life${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    await shop.cart.add(customer, { internalReference: ref, quantity: 1 });
    const { orderId } = await shop.orders.place(customer, { cartId: (await shop.cart.get(customer)).id!, addressId: address.id, paymentMethod: "cod", slot });
    return { customer, orderId };
  }
  const booked = async (slot: Slot) =>
    (
      await database.db
        .select()
        .from(deliverySlots)
        .where(and(eq(deliverySlots.date, slot.date), eq(deliverySlots.kind, slot.kind)))
    )[0]?.booked ?? 0;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    await database.db.update(variants).set({ inventoryStock: 500 }).where(eq(variants.internalReference, ref));
    shop = createShop(database, 0, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("goes placed, confirmed, packed, out for delivery, delivered, each on its timeline; cancel only until packed", async () => {
    clock = Date.now();
    const { customer, orderId } = await ordered({ date: slotDates(new Date(clock))[0]!, kind: "evening" });
    let order = (await shop.orders.get(customer, orderId))!;
    expect(order.stage).toBe("placed");
    expect(order.events.map((e) => e.stage)).toEqual(["placed"]);
    expect(await shop.orders.advance(orderId, "placed", null)).toMatchObject({ stage: "confirmed", customer: { id: customer.id } });
    await shop.orders.advance(orderId, "confirmed", null);
    expect((await refusal(shop.orders.cancel(customer, orderId))).message).toBe(LIFE_MESSAGES.tooLateToCancel);
    await shop.orders.advance(orderId, "packed", null);
    await shop.orders.advance(orderId, "out_for_delivery", null);
    // Staff read the order's number, not its id (decision 065).
    expect((await refusal(shop.orders.advance(orderId, "delivered", null))).message).toBe(`Order #${order.number} is already delivered.`);
    order = (await shop.orders.get(customer, orderId))!;
    expect(order.stage).toBe("delivered");
    expect(order.events.map((e) => e.stage)).toEqual(["placed", "confirmed", "packed", "out_for_delivery", "delivered"]);
  });

  it("two staff moving one order at once make one change; the second is told what it is now", async () => {
    const { customer, orderId } = await ordered({ date: slotDates(new Date(clock))[0]!, kind: "evening" });
    const results = await Promise.allSettled([shop.orders.advance(orderId, "placed", null), shop.orders.advance(orderId, "placed", null)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as ShopError).message).toBe(`Order #${(await shop.orders.get(customer, orderId))!.number} is already confirmed.`);
  });

  it("moves the slot, and its booking, until 2 hours before it starts", async () => {
    clock = Date.now();
    const [, second] = slotDates(new Date(clock));
    const from: Slot = { date: second!, kind: "morning" };
    const to: Slot = { date: second!, kind: "evening" };
    const { customer, orderId } = await ordered(from);
    const [fromBefore, toBefore] = [await booked(from), await booked(to)];
    await shop.orders.changeSlot(customer, orderId, to);
    expect([await booked(from), await booked(to)]).toEqual([fromBefore - 1, toBefore + 1]);
    const order = (await shop.orders.get(customer, orderId))!;
    expect(order.slot).toMatchObject(to);
    expect(order.events.at(-1)).toMatchObject({ stage: "slot_changed", note: expect.stringMatching(/Evening 4-8$/) });
    // Less than 2 hours before the evening slot: fixed.
    clock = slotStart(to).getTime() - 90 * 60_000;
    expect((await refusal(shop.orders.changeSlot(customer, orderId, { date: second!, kind: "afternoon" }))).message).toBe(LIFE_MESSAGES.slotFixed);
    clock = Date.now();
  });

  it("moves two orders across each other's slots at once, again and again, without a deadlock", async () => {
    clock = Date.now();
    const [, second] = slotDates(new Date(clock));
    const x: Slot = { date: second!, kind: "morning" };
    const y: Slot = { date: second!, kind: "afternoon" };
    const a = await ordered(x);
    const b = await ordered(y);
    const [xBefore, yBefore] = [await booked(x), await booked(y)];
    for (let i = 0; i < 10; i++) {
      const [toA, toB] = i % 2 === 0 ? [y, x] : [x, y];
      await Promise.all([shop.orders.changeSlot(a.customer, a.orderId, toA), shop.orders.changeSlot(b.customer, b.orderId, toB)]);
    }
    // Back where they started, the bookings as before.
    expect([await booked(x), await booked(y)]).toEqual([xBefore, yBefore]);
  });
});
