// Produce sold by weight (issue 29, decision 055), on PGlite and PostgreSQL: tomatoes in packs of
// about 500 g, weighed at 90%, 100% and 110% of their estimate, paid by cash on delivery and
// online (against the Razorpay stand-in over real HTTP): the amounts, the refund, the stock and
// the invoice; what is refused; and the catalogue (import, staff) marking a variant.
import { editOf } from "../../app/domain/staff-catalog.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCatalogFile } from "../../app/domain/catalog-file.ts";
import { slotDates } from "../../app/domain/delivery.ts";
import { formatGrams, validTolerance, WEIGHT_TOLERANCE_MAX } from "../../app/domain/weight.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { refunds, staffAudit, variants } from "../../app/server/db/schema.server.ts";
import { orderSummaryPdf } from "../../app/server/invoice/invoice.server.ts";
import { seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import type { RazorpayStandin } from "../standins/razorpay.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { targets } from "./databases.ts";
import { home, payAtStandin, refusal, shopPayingAtStandin } from "./fixtures.ts";

const TOMATOES = "FB-TOM-500G"; // ₹35 a pack of about 500 g, ±10% (scripts/demo-catalog.json)
const DAL = "GP-PUL-MSR-1KG";

describe.each(targets)("produce sold by weight on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  let staff: Customer;
  let n = 0;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    ({ shop, standin } = await shopPayingAtStandin(database, 5));
    staff = await shop.accounts.register({ name: "Weigher", email: "weigher@haat.example", phone: "9876543210", password: "password-1" });
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.update(variants).set({ inventoryStock: 50, weightBalanceGrams: 0, inStock: true }).where(eq(variants.internalReference, TOMATOES));
  });

  async function stock() {
    const [v] = await database.db.select({ packs: variants.inventoryStock, grams: variants.weightBalanceGrams }).from(variants).where(eq(variants.internalReference, TOMATOES));
    return v!;
  }

  /** Two packs of tomatoes (and `more` besides), placed and moved to Packed: ready to weigh. */
  async function packed(payment: "cod" | "razorpay", more: [string, number][] = []) {
    const customer = await shop.accounts.register({ name: "Weight Buyer", email: `weight${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    for (const [internalReference, quantity] of [[TOMATOES, 2] as [string, number], ...more]) await shop.cart.add(customer, { internalReference, quantity });
    if (payment === "razorpay") await shop.cart.choosePayment(customer, "upi");
    const cart = await shop.cart.get(customer);
    expect(cart.lines.find((l) => l.internalReference === TOMATOES)!.byWeight).toEqual({ unitGrams: 500, tolerancePercent: 10 });
    const { orderId } = await shop.orders.place(customer, {
      cartId: cart.id!,
      addressId: address.id,
      paymentMethod: payment,
      slot: { date: slotDates(new Date())[1]!, kind: "morning" },
    });
    let paymentId: string | null = null;
    if (payment === "razorpay") {
      paymentId = await payAtStandin(shop, standin, customer, orderId);
    }
    for (const from of ["placed", "confirmed"] as const) await shop.orders.advance(orderId, from, staff.id);
    const view = (await shop.orders.get(customer, orderId))!;
    const line = view.lines.find((l) => l.internalReference === TOMATOES)!;
    expect(line.byWeight).toEqual({ unitGrams: 500, tolerancePercent: 10 });
    expect(line.packedGrams).toBeUndefined();
    return { customer, orderId, view, line, paymentId };
  }

  const refundsAt = (paymentId: string | null) => [...standin.refunds.values()].filter((r) => r.payment_id === paymentId).map((r) => r.amount);

  for (const [percent, grams, cod, prepaid] of [
    [90, 900, 6_300, 6_300],
    [100, 1000, 7_000, 7_000],
    [110, 1100, 7_700, 7_000],
  ] as const) {
    it(`cash on delivery, packed at ${percent}%: the order collects the weight's price`, async () => {
      expect(await stock()).toEqual({ packs: 50, grams: 0 });
      const { customer, orderId, view, line } = await packed("cod");
      expect(view.totalPaise).toBe(7_000);
      expect(await stock()).toEqual({ packs: 48, grams: 0 });

      const weighed = await shop.orders.weigh(orderId, new Map([[line.id, grams]]), staff.id);
      expect(weighed).toMatchObject({ estimatePaise: 7_000, totalPaise: cod, refundPaise: 0, refundId: null });
      expect(weighed.customer.id).toBe(customer.id);
      const after = (await shop.orders.get(customer, orderId))!;
      expect(after.lines[0]).toMatchObject({ packedGrams: grams, weighedPaise: cod, quantity: 2 });
      expect([after.subtotalPaise, after.totalPaise]).toEqual([cod, cod]);
      expect(after.events.map((e) => e.stage)).toContain("weighed");
      // The stock: 50 packs of 500 g, 1 kg held for the order, `grams` went out.
      const left = 50 * 500 - grams;
      expect(await stock()).toEqual({ packs: Math.floor(left / 500), grams: left % 500 });
      // The order summary (the invoice until the order leaves the shop) shows the weight and the weighed amount.
      const invoice = pdfLayoutText(await orderSummaryPdf(after));
      expect(invoice).toContain(`weighed ${formatGrams(grams)}`);
      expect(invoice).toContain(`₹${(cod / 100).toFixed(2)}`);
    });

    it(`paid online, packed at ${percent}%: never charged more than paid, the difference refunded once at Razorpay`, async () => {
      const { customer, orderId, view, line, paymentId } = await packed("razorpay");
      expect(view.totalPaise).toBe(7_000 - 350);
      const weighed = await shop.orders.weigh(orderId, new Map([[line.id, grams]]), staff.id);
      const after = (await shop.orders.get(customer, orderId))!;
      expect(after.lines[0]!.weighedPaise).toBe(prepaid);
      // The prepaid discount shrinks with the items, in proportion, rounded down.
      expect(after.prepaidDiscountPaise).toBe(Math.floor((350 * prepaid) / 7_000));
      expect(after.totalPaise).toBe(prepaid - after.prepaidDiscountPaise);
      expect(weighed.refundPaise).toBe(view.totalPaise - after.totalPaise);
      if (weighed.refundId !== null) await shop.payments.sendRefund(weighed.refundId);
      await shop.payments.sendRefunds();
      await standin.idle();
      expect(refundsAt(paymentId)).toEqual(weighed.refundPaise > 0 ? [weighed.refundPaise] : []);
      const rows = await database.db.select().from(refunds).where(eq(refunds.reason, "weight"));
      expect(rows.filter((r) => r.id === weighed.refundId)).toHaveLength(weighed.refundPaise > 0 ? 1 : 0);
      // A part given back: the payment still reads paid.
      expect(after.payment.state).toBe("paid");
    });
  }

  it("a cancel after a weighing refunds only the rest", async () => {
    // Staff cannot cancel a packed order; the shopper cannot either: what is left is the refund's rule, checked here by the sum.
    const { customer, orderId, view, line, paymentId } = await packed("razorpay");
    const weighed = await shop.orders.weigh(orderId, new Map([[line.id, 900]]), staff.id);
    await shop.payments.sendRefunds();
    await standin.idle();
    expect(refundsAt(paymentId)).toEqual([weighed.refundPaise]);
    expect(weighed.refundPaise + (await shop.orders.get(customer, orderId))!.totalPaise).toBe(view.totalPaise);
    expect((await refusal(shop.orders.cancel(customer, orderId))).code).toBe("conflict");
  });

  it("refuses a weight outside the tolerance, before packing, twice, or without every weighed line", async () => {
    const { customer, orderId, line } = await packed("cod", [[DAL, 1]]);
    expect((await refusal(shop.orders.weigh(orderId, new Map([[line.id, 1101]]), staff.id))).message).toBe(
      `${line.title}: enter a weight between 900 g and 1.1 kg (estimated 1 kg, ±10%). A pack far off is re-packed, or marked short.`,
    );
    expect((await refusal(shop.orders.weigh(orderId, new Map(), staff.id))).message).toBe(`Enter the weight packed for ${line.title}.`);
    await shop.orders.weigh(orderId, new Map([[line.id, 1000]]), staff.id);
    expect((await refusal(shop.orders.weigh(orderId, new Map([[line.id, 1000]]), staff.id))).message).toBe(
      `Order #${(await shop.orders.get(customer, orderId))!.number}'s items are already weighed.`,
    );
    expect((await refusal(shop.orders.shortPick(orderId, line.id, 1, staff.id))).message).toBe(`${line.title} is already weighed: mark items short before weighing them.`);
    const audits = await database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "order.weigh"), eq(staffAudit.entityId, String(orderId))));
    expect(audits).toHaveLength(1);

    const early = await shop.accounts.register({ name: "Early", email: `weight-early${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(early, home);
    await shop.cart.add(early, { internalReference: TOMATOES, quantity: 1 });
    const placed = await shop.orders.place(early, { cartId: (await shop.cart.get(early)).id!, addressId: address.id, paymentMethod: "cod" });
    const earlyLine = (await shop.orders.get(early, placed.orderId))!.lines[0]!;
    expect((await refusal(shop.orders.weigh(placed.orderId, new Map([[earlyLine.id, 500]]), staff.id))).message).toBe(
      `Mark order #${(await shop.orders.get(early, placed.orderId))!.number} Packed first, then enter what its items weighed.`,
    );
    expect((await shop.orders.get(customer, orderId))!.totalPaise).toBeGreaterThan(0);
  });

  it("refuses Out for delivery while a line sold by weight is unweighed, saying what to do, and lets it leave once weighed (issue 46)", async () => {
    const { customer, orderId, line } = await packed("cod", [[DAL, 1]]);
    const number = (await shop.orders.get(customer, orderId))!.number;
    const refused = await refusal(shop.orders.advance(orderId, "packed", staff.id));
    expect([refused.code, refused.message]).toEqual([
      "conflict",
      `Order #${number} cannot leave unweighed: enter what ${line.title} weighed under “Weigh before it leaves”, then mark it Out for delivery.`,
    ]);
    // Nothing moved: still packed, and no invoice issued for an estimate.
    const still = (await shop.orders.get(customer, orderId))!;
    expect(still.stage).toBe("packed");
    await shop.orders.weigh(orderId, new Map([[line.id, 1000]]), staff.id);
    expect((await shop.orders.advance(orderId, "packed", staff.id)).stage).toBe("out_for_delivery");
  });

  it("marks a variant sold by weight from a catalogue file and from the staff catalogue", async () => {
    const csv = [
      "title,category,internal_reference,attribute,price,mrp,inventory_stock,weight_unit_grams,weight_tolerance_percent",
      "Aravalli Farms Okra,All / Farm Basket,FB-OKR-250G,Net Weight 250 g,30,35,40,250,15",
      "Aravalli Farms Lemons,All / Farm Basket,FB-LEM-P4,Pack Count 4,25,30,40,,",
    ].join("\n");
    const parsed = parseCatalogFile(csv, "csv");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    await shop.staffCatalog.importFile(staff.id, parsed.file, "produce.csv");
    const rows = await database.db
      .select({ ref: variants.internalReference, unit: variants.weightUnitGrams, tolerance: variants.weightTolerance })
      .from(variants)
      .where(sql`${variants.internalReference} in ('FB-OKR-250G', 'FB-LEM-P4')`)
      .orderBy(variants.internalReference);
    expect(rows).toEqual([
      { ref: "FB-LEM-P4", unit: null, tolerance: null },
      { ref: "FB-OKR-250G", unit: 250, tolerance: 15 },
    ]);

    const [found] = await shop.staffCatalog.search("FB-LEM-P4", 5);
    const lemons = found!.variants[0]!;
    const seen = editOf(lemons);
    expect((await refusal(shop.staffCatalog.updateVariant(staff.id, lemons.id, seen, { ...seen, byWeight: { unitGrams: 300, tolerancePercent: 30 } }))).message).toBe(
      "The weight tolerance: a whole percent from 0 to 25.",
    );
    const saved = await shop.staffCatalog.updateVariant(staff.id, lemons.id, seen, { ...seen, byWeight: { unitGrams: 300, tolerancePercent: 5 } });
    expect(saved.byWeight).toEqual({ unitGrams: 300, tolerancePercent: 5 });
    expect((await shop.catalog.product(found!.id))?.variants[0]?.byWeight).toEqual({ unitGrams: 300, tolerancePercent: 5 });
  });

  it("the database's check of a pack's tolerance is the domain's bound (WEIGHT_TOLERANCE_MAX), not a second number", async () => {
    const [v] = await database.db.select({ id: variants.id, grams: variants.weightUnitGrams, tolerance: variants.weightTolerance }).from(variants).limit(1);
    const set = (tolerance: number) => database.db.update(variants).set({ weightUnitGrams: 500, weightTolerance: tolerance }).where(eq(variants.id, v!.id));
    try {
      await set(WEIGHT_TOLERANCE_MAX);
      await expect(set(WEIGHT_TOLERANCE_MAX + 1)).rejects.toThrow();
      expect(validTolerance(WEIGHT_TOLERANCE_MAX)).toBe(true);
      expect(validTolerance(WEIGHT_TOLERANCE_MAX + 1)).toBe(false);
    } finally {
      await database.db.update(variants).set({ weightUnitGrams: v!.grams, weightTolerance: v!.tolerance }).where(eq(variants.id, v!.id));
    }
  });
});
