// Replacements the shopper chose (issue 29, decision 056), on PGlite and PostgreSQL: the cart's
// choice and its lines'; staff offered similar products in stock; a replacement picked by staff
// priced by the rule (never more than the item replaced), the stock moved, a prepaid difference
// refunded at the Razorpay stand-in; refused for a line the shopper said not to replace, whose
// short pick is then refunded.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { slotDates } from "../../app/domain/delivery.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { orderEvents, orderLines, refunds, staffAudit, variants } from "../../app/server/db/schema.server.ts";
import { seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { replaceItem } from "../../app/server/use-cases/move-order.server.ts";
import type { RazorpayStandin } from "../standins/razorpay.ts";
import { targets } from "./databases.ts";
import { home, payAtStandin, refusal, shopPayingAtStandin } from "./fixtures.ts";

const MASOOR = "GP-PUL-MSR-1KG"; // ₹129
const TOOR = "GP-PUL-TOOR-1KG"; // ₹169
const CHANA = "GP-PUL-CHD-1KG"; // ₹119
const ALMONDS = "GP-DRY-ALM-250G";
const MOONG = "GP-PUL-MNG-1KG"; // ₹189
const KABULI = "GP-PUL-KBC-1KG"; // ₹165, a pulse but not a dal
const WHISKY_GLASSES = "GM-BAR-WHG-S2";

describe.each(targets)("replacements on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  let staff: Customer;
  let n = 0;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    ({ shop, standin } = await shopPayingAtStandin(database, 0));
    staff = await shop.accounts.register({ name: "Packer", email: "replacer@haat.example", phone: "9876543210", password: "password-1" });
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db
      .update(variants)
      .set({ inventoryStock: 40, inStock: true })
      .where(inArray(variants.internalReference, [MASOOR, TOOR, CHANA, ALMONDS, MOONG, KABULI, WHISKY_GLASSES]));
  });

  async function stockOf(reference: string) {
    const [v] = await database.db.select({ s: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, reference));
    return v!.s;
  }

  async function shopper() {
    const customer = await shop.accounts.register({ name: "Choosy Buyer", email: `replace${n++}@example.in`, phone: "9876543210", password: "password-1" });
    return { customer, address: await shop.addresses.create(customer, home) };
  }

  async function place(customer: Customer, addressId: number, payment: "cod" | "razorpay") {
    if (payment === "razorpay") await shop.cart.choosePayment(customer, "upi");
    const { orderId } = await shop.orders.place(customer, {
      cartId: (await shop.cart.get(customer)).id!,
      addressId,
      paymentMethod: payment,
      slot: { date: slotDates(new Date())[1]!, kind: "morning" },
    });
    let paymentId: string | null = null;
    if (payment === "razorpay") {
      paymentId = await payAtStandin(shop, standin, customer, orderId);
    }
    return { orderId, paymentId, view: (await shop.orders.get(customer, orderId))! };
  }

  it("keeps the cart's choice (a call until chosen) and a line's own, and refuses a line not in the cart", async () => {
    const { customer } = await shopper();
    await shop.cart.add(customer, { internalReference: MASOOR, quantity: 1 });
    await shop.cart.add(customer, { internalReference: ALMONDS, quantity: 1 });
    expect((await shop.cart.get(customer)).replacement).toBe("call");
    await shop.cart.setReplacement(customer, "replace", new Map([[ALMONDS, "refund"]]));
    let cart = await shop.cart.get(customer);
    expect(cart.replacement).toBe("replace");
    expect(cart.lines.map((l) => [l.internalReference, l.replacement])).toEqual([
      [MASOOR, undefined],
      [ALMONDS, "refund"],
    ]);
    expect((await refusal(shop.cart.setReplacement(customer, "refund", new Map([[TOOR, "replace"]])))).message).toBe("That item is not in your cart.");
    expect((await shop.cart.get(customer)).replacement).toBe("replace");
    // A line set to the order's own choice keeps none of its own.
    await shop.cart.setReplacement(customer, "refund", new Map([[ALMONDS, "refund"]]));
    cart = await shop.cart.get(customer);
    expect(cart.lines.find((l) => l.internalReference === ALMONDS)!.replacement).toBeUndefined();
  });

  it("staff replace an item with a dearer one at the item's price; the stock moves; the shopper sees it", async () => {
    const { customer, address } = await shopper();
    await shop.cart.add(customer, { internalReference: MASOOR, quantity: 2 });
    await shop.cart.add(customer, { internalReference: ALMONDS, quantity: 1 });
    await shop.cart.setReplacement(customer, "replace", new Map([[ALMONDS, "refund"]]));
    const { orderId, view } = await place(customer, address.id, "cod");
    expect(view.replacement).toBe("replace");
    const masoor = view.lines.find((l) => l.internalReference === MASOOR)!;
    const almonds = view.lines.find((l) => l.internalReference === ALMONDS)!;
    expect(almonds.replacement).toBe("refund");

    // Other dals first (the same kind), then other pulses; each by price and pack size (issue 41).
    const offers = await shop.catalog.replacements(masoor);
    expect(offers.map((o) => o.internalReference)).toEqual([CHANA, TOOR, MOONG]);
    expect(offers.find((o) => o.internalReference === TOOR)).toMatchObject({ pricePaise: 16_900, chargedPaise: 12_900 });

    const toor = offers.find((o) => o.internalReference === TOOR)!;
    const result = await shop.orders.replace(orderId, masoor.id, toor.variantId, staff.id);
    expect(result).toMatchObject({ from: masoor.title, to: toor.title, totalPaise: view.totalPaise, refundPaise: 0, refundId: null });
    expect(await stockOf(TOOR)).toBe(38);
    const after = (await shop.orders.get(customer, orderId))!;
    const line = after.lines.find((l) => l.id === masoor.id)!;
    expect(line).toMatchObject({
      internalReference: TOOR,
      unitPricePaise: 12_900,
      quantity: 2,
      replacedFrom: { title: masoor.title, internalReference: MASOOR, unitPricePaise: 12_900 },
    });
    expect(after.totalPaise).toBe(view.totalPaise);
    expect(after.events.map((e) => [e.stage, e.note])).toContainEqual(["replaced", `${masoor.title} replaced by ${toor.title}`]);
    const audits = await database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "order.replace"), eq(staffAudit.entityId, String(orderId))));
    expect(audits).toHaveLength(1);

    // The line the shopper said not to replace is not, and is offered nothing.
    expect((await refusal(shop.orders.replace(orderId, almonds.id, toor.variantId, staff.id))).message).toBe(
      `The shopper asked not to replace ${almonds.title}: mark it short instead.`,
    );
    // Nor with what is already in the order, nor the same product, nor more than is in stock.
    const chana = offers.find((o) => o.internalReference === CHANA)!;
    expect((await refusal(shop.orders.replace(orderId, masoor.id, toor.variantId, staff.id))).message).toBe(`${toor.title} is already in this order: mark the item short instead.`);
    await database.db.update(variants).set({ inventoryStock: 1 }).where(eq(variants.internalReference, CHANA));
    expect((await refusal(shop.orders.replace(orderId, masoor.id, chana.variantId, staff.id))).message).toBe(`${chana.title}: fewer than 2 in stock; choose another.`);
  });

  it("staff may pack only what was offered: whisky glasses, or a pulse not offered, are refused and nothing is written", async () => {
    const { customer, address } = await shopper();
    await shop.cart.add(customer, { internalReference: MASOOR, quantity: 2 });
    await shop.cart.setReplacement(customer, "replace", new Map());
    const { orderId, view } = await place(customer, address.id, "cod");
    const masoor = view.lines[0]!;
    const variantId = async (reference: string) => (await database.db.select({ id: variants.id }).from(variants).where(eq(variants.internalReference, reference)))[0]!.id;
    const offered = (await shop.catalog.replacements(masoor)).map((o) => o.internalReference);
    expect(offered).not.toContain(WHISKY_GLASSES);
    expect(offered).not.toContain(KABULI);
    const written = async () => ({
      lines: await database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)),
      events: await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
      audits: await database.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, "order.replace"), eq(staffAudit.entityId, String(orderId)))),
      stock: [await stockOf(WHISKY_GLASSES), await stockOf(KABULI)],
    });
    const before = await written();

    // The staff form's variant id, or any other way in: the use case refuses what it did not offer.
    for (const reference of [WHISKY_GLASSES, KABULI]) {
      expect((await refusal(replaceItem(shop, staff, orderId, masoor.id, await variantId(reference)))).message).toBe(
        `Choose one of the similar products offered in place of ${masoor.title}: nothing else can be packed instead.`,
      );
    }
    expect(await written()).toEqual(before);
    expect((await shop.orders.get(customer, orderId))!.totalPaise).toBe(view.totalPaise);

    // What it offered is packed.
    const { message } = await replaceItem(shop, staff, orderId, masoor.id, await variantId(CHANA));
    expect(message).toMatch(/^Replaced; order #\d+'s total is now /);
    expect((await shop.orders.get(customer, orderId))!.lines[0]).toMatchObject({ internalReference: CHANA, replacedFrom: { internalReference: MASOOR } });
  });

  it("a cheaper replacement of a prepaid order is charged its own price and the difference refunded once", async () => {
    const { customer, address } = await shopper();
    await shop.cart.add(customer, { internalReference: TOOR, quantity: 1 });
    await shop.cart.setReplacement(customer, "replace", new Map());
    const { orderId, view, paymentId } = await place(customer, address.id, "razorpay");
    const [chana] = (await shop.catalog.replacements(view.lines[0]!, 10)).filter((o) => o.internalReference === CHANA);
    const result = await shop.orders.replace(orderId, view.lines[0]!.id, chana!.variantId, staff.id);
    expect(result.refundPaise).toBe(16_900 - 11_900);
    await shop.payments.sendRefunds();
    await standin.idle();
    expect([...standin.refunds.values()].filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([5_000]);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, result.refundId!));
    expect(row!.reason).toBe("replaced");
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("paid");
  });

  it("a second replacement gives the first back to the shelf; a replacement sold by weight never costs more than what it replaced", async () => {
    const { customer, address } = await shopper();
    await shop.cart.add(customer, { internalReference: MASOOR, quantity: 2 });
    await shop.cart.add(customer, { internalReference: "FB-CRT-500G", quantity: 1 }); // carrots, ₹49, sold by weight
    await shop.cart.setReplacement(customer, "replace", new Map());
    const { orderId, view } = await place(customer, address.id, "cod");
    const masoor = view.lines.find((l) => l.internalReference === MASOOR)!;
    const variantId = async (reference: string) => (await database.db.select({ id: variants.id }).from(variants).where(eq(variants.internalReference, reference)))[0]!.id;
    await shop.orders.replace(orderId, masoor.id, await variantId(TOOR), staff.id);
    expect(await stockOf(TOOR)).toBe(38);
    await shop.orders.replace(orderId, masoor.id, await variantId(CHANA), staff.id);
    expect([await stockOf(TOOR), await stockOf(CHANA)]).toEqual([40, 38]);
    const after = (await shop.orders.get(customer, orderId))!.lines.find((l) => l.id === masoor.id)!;
    expect(after).toMatchObject({ internalReference: CHANA, unitPricePaise: 11_900, replacedFrom: { internalReference: MASOOR } });

    // Carrots (₹49) out of stock, cucumbers (₹45 for about 500 g, ±10%) packed instead and weighed heavy: ₹45 at most.
    const carrots = view.lines.find((l) => l.internalReference === "FB-CRT-500G")!;
    await shop.orders.replace(orderId, carrots.id, await variantId("FB-CUC-500G"), staff.id);
    for (const from of ["placed", "confirmed"] as const) await shop.orders.advance(orderId, from, staff.id);
    await shop.orders.weigh(orderId, new Map([[carrots.id, 550]]), staff.id);
    expect((await shop.orders.get(customer, orderId))!.lines.find((l) => l.id === carrots.id)).toMatchObject({
      internalReference: "FB-CUC-500G",
      packedGrams: 550,
      weighedPaise: 4_500,
    });
  });

  it("a line the shopper said not to replace is marked short and refunded", async () => {
    const { customer, address } = await shopper();
    await shop.cart.add(customer, { internalReference: MASOOR, quantity: 1 });
    await shop.cart.add(customer, { internalReference: ALMONDS, quantity: 1 });
    await shop.cart.setReplacement(customer, "refund", new Map());
    const { orderId, view, paymentId } = await place(customer, address.id, "razorpay");
    const almonds = view.lines.find((l) => l.internalReference === ALMONDS)!;
    const short = await shop.orders.shortPick(orderId, almonds.id, 0, staff.id);
    expect(short.refundPaise).toBe(almonds.unitPricePaise);
    await shop.payments.sendRefunds();
    await standin.idle();
    expect([...standin.refunds.values()].filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([almonds.unitPricePaise]);
    expect((await shop.orders.get(customer, orderId))!.lines.map((l) => l.internalReference)).toEqual([MASOOR]);
  });
});
