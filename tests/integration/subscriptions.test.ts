// Standing orders (issue 45), on PGlite and PostgreSQL, over a simulated month with an injected
// clock: every due order made exactly once; a skip before the cut-off honoured and after it
// refused; a pause spanning the month makes nothing; an out-of-stock day skipped and the shopper
// told; two instances running the job together make each order once; a job killed half way and
// run again makes the rest; downtime past a day's morning makes nothing for that day.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, cutoffOf, deliversOn, type Frequency } from "../../app/domain/subscription.ts";
import { mailQueue, orderLines, orders, subscriptionDays, subscriptionReminders, subscriptions, variants } from "../../app/server/db/schema.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { seedDemoPins } from "../../app/server/shop/delivery.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { bindUseCases } from "../../app/server/use-cases/index.server.ts";
import { skipLinkPath } from "../../app/server/subscriptions/skip-link.server.ts";
import { cookieSecret } from "../../app/server/security/secret.server.ts";
import { appEnv } from "../../app/server/env.server.ts";
import { targets } from "./databases.ts";
import { home, refusal } from "./fixtures.ts";

const MILK = "FB-MLK-500ML";
const DAHI = "FB-DHI-500G";
const ALMONDS_PRODUCT_REFERENCE = "FB-MNG-1KG"; // mangoes: not subscribable

/** 21:00 IST on a day: before that evening's 22:00 cut-off. */
const evening = (date: string, hour = 21) => new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 - 5.5 * 3_600_000);

describe.each(targets)("standing orders on $name", (target) => {
  let database: Database;
  let clock = evening("2026-12-01");
  let shop: Shop;
  let second: Shop;
  let n = 0;
  const openShop = () => createShop(database, 0, { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0, now: () => clock });

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    await seedDemoPins(database.db);
    shop = openShop();
    second = openShop();
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await database.db
      .update(variants)
      .set({ inventoryStock: 500, inStock: true })
      .where(inArray(variants.internalReference, [MILK, DAHI]));
    await database.db.delete(mailQueue);
    // Each test's subscriptions are its own: those of the tests before it stop.
    await database.db.update(subscriptions).set({ status: "cancelled" });
  });

  async function shopper(): Promise<{ customer: Customer; addressId: number }> {
    const customer = await shop.accounts.register({ name: "Asha Verma", email: `standing${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    return { customer, addressId: address.id };
  }
  const subscribe = (who: { customer: Customer; addressId: number }, frequency: Frequency, startDate: string, internalReference = MILK, quantity = 2) =>
    shop.subscriptions.create(who.customer, { internalReference, quantity, frequency, startDate, slotKind: "morning", addressId: who.addressId, paymentMethod: "cod", language: "en" });
  const daysOf = (id: number) => database.db.select().from(subscriptionDays).where(eq(subscriptionDays.subscriptionId, id)).orderBy(subscriptionDays.date);
  const ordersOf = (id: number) => database.db.select().from(orders).where(eq(orders.subscriptionId, id));

  /** Runs the job every three hours from now until `until`, as the server's minute timer would (every three hours meets each evening's window: each pass is idempotent). */
  async function runUntil(until: Date, instances: Shop[] = [shop]) {
    while (clock < until) {
      clock = new Date(clock.getTime() + 3 * 3_600_000);
      await Promise.all(instances.map((s) => s.subscriptions.runCutoff()));
    }
  }

  it("makes every due order of a month exactly once, with its slot, stock and price, and none for a pause or a skip", async () => {
    clock = evening("2026-12-01");
    const daily = await shopper();
    const alternate = await shopper();
    const paused = await shopper();
    const milk = await subscribe(daily, { kind: "daily" }, "2026-12-02");
    const dahi = await subscribe(alternate, { kind: "alternate" }, "2026-12-02", DAHI, 1);
    const away = await subscribe(paused, { kind: "daily" }, "2026-12-02");
    await shop.subscriptions.pause(paused.customer, away.id, { from: "2026-12-02", to: "2026-12-31" });
    // A skip before the cut-off is honoured; after it, refused.
    await shop.subscriptions.skip(daily.customer, milk.id, "2026-12-05", "account");
    clock = evening("2026-12-01", 23);
    expect((await refusal(shop.subscriptions.skip(daily.customer, milk.id, "2026-12-02", "account"))).message).toBe(
      "That delivery can no longer be changed: the evening cut-off before it has passed.",
    );
    clock = evening("2026-12-01");
    const stockBefore = await stockOf(MILK);

    await runUntil(evening("2026-12-30", 23), [shop, second]);

    const made = (await daysOf(milk.id)).filter((d) => d.outcome === "made").map((d) => d.date);
    const expected: string[] = [];
    for (let d = "2026-12-02"; d <= "2026-12-31"; d = addDays(d, 1)) if (d !== "2026-12-05") expected.push(d);
    // The 31st is made too: its cut-off was the 30th's evening.
    expect(made).toEqual(expected);
    const milkOrders = await ordersOf(milk.id);
    expect(milkOrders).toHaveLength(expected.length);
    expect(new Set(milkOrders.map((o) => o.slotDate))).toEqual(new Set(expected));
    expect(milkOrders.every((o) => o.state === "confirmed" && o.slotKind === "morning" && o.paymentMethod === "cod" && o.orderNumber !== null)).toBe(true);
    // 2 × ₹45 each day, stock taken for each.
    expect(milkOrders.every((o) => o.subtotalPaise === 9_000)).toBe(true);
    expect(await stockOf(MILK)).toBe(stockBefore - 2 * expected.length);
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          milkOrders.map((o) => o.id),
        ),
      );
    expect(lines.every((l) => l.internalReference === MILK && l.quantity === 2)).toBe(true);

    const dahiDays = (await daysOf(dahi.id)).map((d) => d.date);
    expect(dahiDays).toEqual(
      expected
        .concat("2026-12-05")
        .sort()
        .filter((_, i) => i % 2 === 0),
    );
    expect(await daysOf(away.id)).toEqual([]);
    expect(await ordersOf(away.id)).toEqual([]);
    // The shopper's cart is untouched: a standing order's order is never their draft.
    expect((await shop.cart.get(daily.customer)).lines).toEqual([]);
    // My Account shows the days made, with their order numbers.
    const [view] = await shop.subscriptions.list(daily.customer);
    expect(view!.days[0]).toMatchObject({ date: "2026-12-31", outcome: "made", orderNumber: expect.any(Number) });
  });

  async function stockOf(reference: string): Promise<number> {
    const [row] = await database.db.select({ stock: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, reference));
    return row!.stock;
  }

  it("skips an out-of-stock day, tells the shopper by mail why, charges nothing, and makes the next day", async () => {
    clock = evening("2027-01-04");
    const who = await shopper();
    const milk = await subscribe(who, { kind: "daily" }, "2027-01-05");
    await database.db.update(variants).set({ inventoryStock: 0 }).where(eq(variants.internalReference, MILK));
    await runUntil(evening("2027-01-04", 23));
    const [day] = await daysOf(milk.id);
    expect(day).toMatchObject({ date: "2027-01-05", outcome: "skipped", orderId: null });
    expect(day!.reason).toBe("Aravalli Farms A2 Desi Cow Milk: This product is currently out of stock");
    expect(await ordersOf(milk.id)).toEqual([]);
    const told = (await database.db.select().from(mailQueue)).filter((m) => m.to === who.customer.email && m.subject.includes("is skipped"));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe("2 × Aravalli Farms A2 Desi Cow Milk 500 ml on Tue, 5 Jan is skipped");
    expect(told[0]!.body).toContain("Nothing is charged for it.");
    // Running again tells nobody twice.
    await shop.subscriptions.runCutoff();
    expect((await database.db.select().from(mailQueue)).filter((m) => m.to === who.customer.email && m.subject.includes("is skipped"))).toHaveLength(1);

    await database.db.update(variants).set({ inventoryStock: 50 }).where(eq(variants.internalReference, MILK));
    await runUntil(evening("2027-01-05", 23));
    expect((await daysOf(milk.id)).map((d) => [d.date, d.outcome])).toEqual([
      ["2027-01-05", "skipped"],
      ["2027-01-06", "made"],
    ]);
  });

  it("a full slot and a PIN no longer served skip the day with their reason", async () => {
    clock = evening("2027-01-10");
    const who = await shopper();
    const milk = await subscribe(who, { kind: "daily" }, "2027-01-11");
    const staff = await shop.accounts.register({ name: "Staff", email: `staff${n++}@haat.example`, phone: "9876543210", password: "password-1" });
    await shop.delivery.setCapacity(staff.id, { date: "2027-01-11", kind: "morning" }, 0);
    await runUntil(evening("2027-01-10", 23));
    expect((await daysOf(milk.id))[0]).toMatchObject({ outcome: "skipped", reason: "That delivery slot is full. Please choose another" });
    await shop.delivery.removePin(staff.id, home.zip);
    await runUntil(evening("2027-01-11", 23));
    expect((await daysOf(milk.id))[1]).toMatchObject({ outcome: "skipped", reason: `We do not deliver to PIN ${home.zip} yet. Please choose an address in an area we serve` });
    await shop.delivery.addPin(staff.id, home.zip, "Golf Course Road");
  });

  it("a job killed half way makes the rest when run again, and none twice", async () => {
    clock = evening("2027-01-20", 23);
    const people = await Promise.all([shopper(), shopper(), shopper(), shopper()]);
    clock = evening("2027-01-20", 20);
    const subs = await Promise.all(people.map((p) => subscribe(p, { kind: "daily" }, "2027-01-21")));
    clock = evening("2027-01-20", 23);
    // The first pass dies after two orders: made in their own transactions, the rest never started.
    const due = await shop.subscriptions.due("2027-01-21");
    expect(due).toEqual(expect.arrayContaining(subs.map((s) => s.id)));
    for (const id of subs.slice(0, 2).map((s) => s.id)) expect(await shop.subscriptions.make(id, "2027-01-21")).toMatchObject({ outcome: "made" });
    // Run again, by two instances at once, as after a restart with a second instance up.
    await Promise.all([shop.subscriptions.runCutoff(), second.subscriptions.runCutoff(), second.subscriptions.make(subs[3]!.id, "2027-01-21")]);
    await shop.subscriptions.runCutoff();
    for (const s of subs) expect(await ordersOf(s.id), `subscription ${s.id}`).toHaveLength(1);
  });

  it("after downtime over midnight it makes today's orders until 06:00, and never a day whose morning has passed", async () => {
    clock = evening("2027-02-01", 20);
    const who = await shopper();
    const milk = await subscribe(who, { kind: "daily" }, "2027-02-02");
    // Down from 20:00 on the 1st to 00:30 on the 2nd: today's (the 2nd's) order is still made, in today's morning slot.
    clock = new Date(evening("2027-02-02", 0).getTime() + 30 * 60_000);
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 1, days: ["2027-02-02"] });
    expect((await ordersOf(milk.id))[0]).toMatchObject({ slotDate: "2027-02-02", slotKind: "morning" });
    // Down again from 00:30 on the 2nd to 07:00 on the 3rd: the 3rd's morning can no longer be packed in time.
    clock = evening("2027-02-03", 7);
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 0, days: [] });
    expect(await daysOf(milk.id)).toHaveLength(1);
  });

  it("the evening reminder goes once, and its link skips that one day until the cut-off, without signing in", async () => {
    clock = evening("2027-03-01", 12);
    const who = await shopper();
    const milk = await subscribe(who, { kind: "daily" }, "2027-03-02");
    clock = evening("2027-03-01", 17);
    await shop.subscriptions.runCutoff();
    expect(await database.db.select().from(subscriptionReminders).where(eq(subscriptionReminders.subscriptionId, milk.id))).toEqual([]);
    clock = evening("2027-03-01", 18);
    await shop.subscriptions.runCutoff();
    await second.subscriptions.runCutoff();
    const reminders = (await database.db.select().from(mailQueue)).filter((m) => m.to === who.customer.email && m.subject.startsWith("Tomorrow"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe("Tomorrow from Haat: 2 × Aravalli Farms A2 Desi Cow Milk 500 ml");
    const link = reminders[0]!.body.match(/https?:\/\/\S+\/subscriptions\/skip\/\S+/)![0];
    const path = new URL(link).pathname;
    expect(path).toBe(skipLinkPath(cookieSecret(appEnv()), milk.id, "2027-03-02"));
    const [, , , id, date, mac] = path.split("/");

    const useCases = bindUseCases(shop);
    expect(await useCases.subscriptions.skipFromLink({ id, date, mac }, "en")).toMatchObject({
      skipped: true,
      message: "The delivery on Tue, 2 Mar is skipped. Nothing will be charged for it.",
    });
    expect(await useCases.subscriptions.skipFromLink({ id, date, mac }, "en")).toMatchObject({ skipped: false, message: "The delivery on Tue, 2 Mar was already skipped." });
    // A link for another day (or made up) is not the shop's.
    expect((await refusal(useCases.subscriptions.skipFromLink({ id, date: "2027-03-03", mac }, "en"))).code).toBe("not_found");
    await runUntil(evening("2027-03-02", 23));
    expect((await daysOf(milk.id)).map((d) => d.date)).toEqual(["2027-03-03"]);

    // The next evening's link, used after the cut-off: refused with why.
    clock = evening("2027-03-03", 19);
    await shop.subscriptions.runCutoff();
    clock = evening("2027-03-03", 22);
    const late = skipLinkPath(cookieSecret(appEnv()), milk.id, "2027-03-04").split("/");
    expect((await refusal(useCases.subscriptions.skipFromLink({ id: late[3], date: late[4], mac: late[5] }, "en"))).message).toBe(
      "That delivery can no longer be changed: the evening cut-off before it has passed.",
    );
  });

  it("refuses what is not a standing order's to be: a product not offered, someone else's subscription, a pause too long", async () => {
    clock = evening("2027-04-01");
    const who = await shopper();
    const other = await shopper();
    expect((await refusal(subscribe(who, { kind: "daily" }, "2027-04-02", ALMONDS_PRODUCT_REFERENCE))).message).toBe("This product cannot be delivered on a schedule.");
    expect((await refusal(subscribe(who, { kind: "daily" }, "2027-04-01"))).message).toBe("The first delivery can be on 2027-04-02 at the earliest.");
    expect((await refusal(subscribe(who, { kind: "daily" }, "2027-04-02", MILK, 21))).message).toBe("Choose a quantity from 1 to 20.");
    const milk = await subscribe(who, { kind: "weekdays" }, "2027-04-02");
    expect((await refusal(shop.subscriptions.pause(other.customer, milk.id, { from: "2027-04-05", to: "2027-04-06" }))).code).toBe("not_found");
    expect(await shop.subscriptions.get(other.customer, milk.id)).toBeNull();
    expect((await refusal(shop.subscriptions.pause(who.customer, milk.id, { from: "2027-04-05", to: "2027-07-05" }))).message).toBe(
      "A pause can be at most 90 days. To stop for longer, cancel the subscription.",
    );
    expect((await refusal(shop.subscriptions.skip(who.customer, milk.id, "2027-04-03", "account"))).message).toBe("There is no delivery on that day to skip.");
    // Resume ends a pause from the first open day; cancel stops it for good.
    await shop.subscriptions.pause(who.customer, milk.id, { from: "2027-04-05", to: "2027-04-09" });
    await shop.subscriptions.resume(who.customer, milk.id);
    expect((await shop.subscriptions.get(who.customer, milk.id))!.pauses).toEqual([]);
    await shop.subscriptions.cancel(who.customer, milk.id);
    await runUntil(evening("2027-04-02", 23));
    expect(await daysOf(milk.id)).toEqual([]);
    const [row] = await database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, milk.id), isNotNull(subscriptions.cancelledAt)));
    expect(row!.status).toBe("cancelled");
    const schedule = { start: "2027-04-02", frequency: { kind: "weekdays" } as Frequency, status: "active" as const, pauses: [], skips: [] };
    expect(deliversOn(schedule, "2027-04-02")).toBe(true);
    expect(cutoffOf("2027-04-02").toISOString()).toBe("2027-04-01T16:30:00.000Z");
  });

  it("staff see each item's subscriptions and what a day brings, and hold back a discontinued item's with each shopper told", async () => {
    clock = evening("2027-05-01");
    const a = await shopper();
    const b = await shopper();
    const staff = await shop.accounts.register({ name: "Staff", email: `staff${n++}@haat.example`, phone: "9876543210", password: "password-1" });
    const milkA = await subscribe(a, { kind: "daily" }, "2027-05-02", MILK, 2);
    await subscribe(b, { kind: "daily" }, "2027-05-02", MILK, 3);
    await subscribe(b, { kind: "alternate" }, "2027-05-03", DAHI, 1);
    await shop.subscriptions.skip(a.customer, milkA.id, "2027-05-02", "account");
    const overview = await shop.subscriptions.overview("2027-05-02");
    expect(overview).toMatchObject({ date: "2027-05-02", active: 3, skippedOn: 1, pausedOn: 0, held: 0 });
    const [milkLine] = overview.variants.filter((v) => v.internalReference === MILK);
    expect(milkLine).toMatchObject({ active: 2, dueOn: 1, unitsOn: 3 });
    expect(overview.variants.find((v) => v.internalReference === DAHI)).toMatchObject({ active: 1, dueOn: 0, unitsOn: 0 });

    const useCases = bindUseCases(shop);
    expect((await useCases.subscriptions.holdBack(staff.id, milkLine!.variantId)).message).toBe("2 subscriptions held back; each shopper is told by mail.");
    const told = (await database.db.select().from(mailQueue)).filter((m) => m.subject.startsWith("Your subscription to"));
    expect(told.map((m) => m.to).sort()).toEqual([a.customer.email, b.customer.email].sort());
    expect(told[0]!.body).toContain("is on hold: this product is no longer sold.");
    expect((await shop.subscriptions.get(a.customer, milkA.id))!.heldReason).toBe("this product is no longer sold");
    await runUntil(evening("2027-05-02", 23));
    expect(await ordersOf(milkA.id)).toEqual([]);
    expect((await shop.subscriptions.overview("2027-05-03")).held).toBe(2);
    expect((await useCases.subscriptions.releaseHeld(staff.id, milkLine!.variantId)).message).toBe("2 subscriptions released.");
    // Released before the 3rd's catch-up ended: the 3rd and the 4th are made.
    await runUntil(evening("2027-05-03", 23));
    expect((await ordersOf(milkA.id)).map((o) => o.slotDate).sort()).toEqual(["2027-05-03", "2027-05-04"]);
  });
});
