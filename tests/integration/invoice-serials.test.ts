// Numbers without gaps, and documents issued once (issue 41 items 10 and 17, decision 065), on
// PGlite and PostgreSQL. Placed orders have their own series (carts, which share the ids, take
// none); the tax invoice is issued when the order leaves the shop (Out for delivery), with the
// packed and weighed figures, numbered in its financial year's series, and never changes after;
// before that the shopper downloads an order summary; items taken back after it get a credit note
// with its own series. Concurrent placements and dispatches leave no gap and no repeat, and
// migration 0034 numbers what was there before it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderOut } from "../../app/server/api/shapes.server.ts";
import { MIGRATIONS_DIR, type Database, type Db } from "../../app/server/db/client.server.ts";
import { counters, creditNotes, invoices, orders, refunds, variants } from "../../app/server/db/schema.server.ts";
import { creditNoteResponse, invoiceResponse } from "../../app/server/invoice/documents.server.ts";
import { createOrders } from "../../app/server/shop/orders.server.ts";
import { seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer, type OrdersPort, type Shop } from "../../app/server/shop/port.server.ts";
import type { RazorpayStandin } from "../standins/razorpay.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { targets, type TestTarget } from "./databases.ts";
import { home, payAtStandin, refusal, shopPayingAtStandin } from "./fixtures.ts";

const DAL = "GP-PUL-MSR-1KG"; // ₹129
const TOMATOES = "FB-TOM-500G"; // ₹35 a pack of about 500 g, ±10%
const oneTo = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

/** What a PDF response says, as pdftotext reads it, runs of spaces made one. */
async function pdfText(response: Response): Promise<string> {
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return pdfLayoutText(new Uint8Array(await response.arrayBuffer())).replace(/[ \t]+/g, " ");
}

describe.each(targets)("numbers without gaps, and documents issued once, on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  let n = 0;

  /** The orders port by a clock the test sets (to choose the financial year a document is issued in). */
  function clocked(at: Date): { orders: OrdersPort; set(to: Date): void } {
    let now = at;
    return { orders: createOrders(database.db, { now: () => now }), set: (to) => void (now = to) };
  }
  async function setStock(reference: string, stock: number) {
    await database.db.update(variants).set({ inventoryStock: stock, inStock: true }).where(eq(variants.internalReference, reference));
  }
  async function shopper(items: [string, number][] = [[DAL, 1]]): Promise<{ customer: Customer; cartId: number; addressId: number }> {
    const customer = await shop.accounts.register({ name: `Shopper ${n}`, email: `numbers${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    for (const [internalReference, quantity] of items) await shop.cart.add(customer, { internalReference, quantity });
    return { customer, cartId: (await shop.cart.get(customer)).id!, addressId: address.id };
  }
  async function placeCod(c: { customer: Customer; cartId: number; addressId: number }, port: OrdersPort = shop.orders) {
    return (await port.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "cod" })).orderId;
  }
  async function advance(port: OrdersPort, orderId: number, stages: readonly ("placed" | "confirmed" | "packed" | "out_for_delivery")[]) {
    for (const from of stages) await port.advance(orderId, from, null);
  }
  async function numberOf(orderId: number) {
    const [row] = await database.db.select({ number: orders.orderNumber, state: orders.state }).from(orders).where(eq(orders.id, orderId));
    return row!;
  }
  async function counter(series: string) {
    const [row] = await database.db.select({ last: counters.last }).from(counters).where(eq(counters.series, series));
    return row?.last ?? 0;
  }
  async function invoiceSerials(fy: string) {
    return (await database.db.select({ serial: invoices.serial, orderId: invoices.orderId }).from(invoices).where(eq(invoices.fy, fy)).orderBy(asc(invoices.serial))).map(
      (r) => r.serial,
    );
  }

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    ({ shop, standin } = await shopPayingAtStandin(database, 0));
    await setStock(DAL, 500);
    await setStock(TOMATOES, 500);
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });

  it("numbers placed orders 1, 2, 3 though carts in between take ids; the URL's id and the API's id stay", async () => {
    const a = await shopper();
    const first = await placeCod(a);
    const waiting = await shopper(); // a cart that stays a cart
    const b = await shopper();
    const second = await placeCod(b);
    // A cart placed for online payment has no number while it waits for the payment.
    const online = await shopper();
    await shop.cart.choosePayment(online.customer, "upi");
    const held = (await shop.orders.place(online.customer, { cartId: online.cartId, addressId: online.addressId, paymentMethod: "razorpay" })).orderId;
    const again = await shopper();
    const third = await placeCod(again);

    // The ids have gaps (carts share them); the numbers do not.
    expect(new Set([first, waiting.cartId, second, held, third]).size).toBe(5);
    expect(third - first).toBeGreaterThan(2);
    expect(await numberOf(first)).toEqual({ number: 1, state: "confirmed" });
    expect(await numberOf(second)).toEqual({ number: 2, state: "confirmed" });
    expect(await numberOf(third)).toEqual({ number: 3, state: "confirmed" });
    expect(await numberOf(waiting.cartId)).toEqual({ number: null, state: "draft" });
    expect(await numberOf(held)).toEqual({ number: null, state: "awaiting_payment" });
    expect(await counter("order")).toBe(3);
    // Paid: it is placed, and takes the next number.
    await payAtStandin(shop, standin, online.customer, held);
    expect(await numberOf(held)).toEqual({ number: 4, state: "confirmed" });

    // The shopper reads the number; the order is still found by its id, and the API keeps the id and adds the number.
    const view = (await shop.orders.get(b.customer, second))!;
    expect(view).toMatchObject({ id: second, number: 2, invoice: null, creditNotes: [] });
    expect(orderOut(view)).toMatchObject({ id: second, name: "2", order_number: 2, invoice_number: null, credit_notes: [] });
    expect((await shop.orders.list(b.customer)).map((o) => [o.id, o.number])).toEqual([[second, 2]]);
    // A cancelled order keeps its number: it was placed.
    await shop.orders.cancel(b.customer, second);
    expect(await numberOf(second)).toEqual({ number: 2, state: "cancelled" });
  });

  it("20 placed at once, 5 refused for stock and a cancellation among them: the next 20 numbers, no gap, no repeat", async () => {
    const start = await counter("order");
    const carts = [];
    for (let i = 0; i < 25; i++) carts.push(await shopper([["GP-FLR-JWR-1KG", 1]]));
    await setStock("GP-FLR-JWR-1KG", 20);
    const results = await Promise.allSettled(carts.map((c) => placeCod(c)));
    const placed = carts.filter((_, i) => results[i]!.status === "fulfilled");
    expect(placed).toHaveLength(20);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ShopError);
    await shop.orders.cancel(placed[3]!.customer, placed[3]!.cartId);
    const rows = await database.db
      .select({ number: orders.orderNumber })
      .from(orders)
      .where(
        inArray(
          orders.id,
          carts.map((c) => c.cartId),
        ),
      );
    expect(
      rows
        .map((r) => r.number)
        .filter((x) => x !== null)
        .sort((x, y) => x! - y!),
    ).toEqual(oneTo(20, start + 1));
    expect(await counter("order")).toBe(start + 20);
  }, 120_000);

  it("a placement rolled back after taking its number gives it back", async () => {
    const start = await counter("order");
    const failing = await shopper();
    await database.db.execute(sql.raw(`create function refuse_payment() returns trigger language plpgsql as $$ begin raise exception 'payment refused for the test'; end $$`));
    await database.db.execute(
      sql.raw(`create trigger refuse_payment after update of order_number on orders for each row when (new.id = ${failing.cartId}) execute function refuse_payment()`),
    );
    try {
      const error = await placeCod(failing).then(
        () => null,
        (e: unknown) => e as Error & { cause?: unknown },
      );
      expect(`${error?.message} ${String(error?.cause)}`).toContain("payment refused for the test");
    } finally {
      await database.db.execute(sql.raw(`drop trigger refuse_payment on orders`));
      await database.db.execute(sql.raw(`drop function refuse_payment()`));
    }
    expect(await counter("order")).toBe(start);
    const next = await shopper();
    expect(await numberOf(await placeCod(next))).toEqual({ number: start + 1, state: "confirmed" });
    expect(await numberOf(await placeCod(failing))).toEqual({ number: start + 2, state: "confirmed" });
  });

  it("issues the tax invoice once, at Out for delivery, with the weighed figures; before, the download is an order summary; after, nothing changes it", async () => {
    const clock = clocked(new Date("2036-11-20T06:00:00Z"));
    const c = await shopper([
      [TOMATOES, 2],
      [DAL, 1],
    ]);
    const orderId = await placeCod(c, clock.orders);
    const placedView = (await shop.orders.get(c.customer, orderId))!;
    expect(placedView.totalPaise).toBe(7_000 + 12_900);

    // Placed: no invoice; the invoice link gives the order summary, with no invoice number.
    expect(placedView.invoice).toBeNull();
    expect(await shop.orders.documents(c.customer, orderId)).toEqual({ invoice: null, creditNotes: [] });
    const summary = await pdfText(await invoiceResponse(shop, c.customer, placedView));
    expect(summary).toContain("ORDER SUMMARY");
    expect(summary).toContain("Not a tax invoice");
    expect(summary).not.toMatch(/TAX INVOICE|Invoice number|HT\//);
    expect(summary).toContain(`Order number: #${placedView.number}`);
    expect(summary).toMatch(/Grand total ₹199\.00/);

    // Packed and weighed (1,100 g of tomatoes: ₹77.00, not the ₹70.00 estimated): still no invoice.
    await advance(clock.orders, orderId, ["placed", "confirmed"]);
    const tomatoLine = placedView.lines.find((l) => l.internalReference === TOMATOES)!;
    await clock.orders.weigh(orderId, new Map([[tomatoLine.id, 1_100]]), c.customer.id);
    const weighed = (await shop.orders.get(c.customer, orderId))!;
    expect(weighed.totalPaise).toBe(7_700 + 12_900);
    expect(weighed.invoice).toBeNull();
    expect(await pdfText(await invoiceResponse(shop, c.customer, weighed))).toMatch(/ORDER SUMMARY[\s\S]*Grand total ₹206\.00/);
    expect(await invoiceSerials("2036-37")).toEqual([]);

    // Out for delivery: the invoice is issued, with the weighed amounts, the first of its year.
    clock.set(new Date("2036-11-21T04:00:00Z"));
    const moved = await clock.orders.advance(orderId, "packed", null);
    expect(moved.invoice).toEqual({ number: "HT/36-37/0000001", issuedAt: new Date("2036-11-21T04:00:00Z") });
    const [row] = await database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row).toMatchObject({ fy: "2036-37", serial: 1, number: "HT/36-37/0000001", totalPaise: 20_600, taxPaise: weighed.taxPaise });
    expect(row!.document.lines.find((l) => l.internalReference === TOMATOES)).toMatchObject({ packedGrams: 1_100, weighedPaise: 7_700 });
    const dispatched = (await shop.orders.get(c.customer, orderId))!;
    expect(dispatched.invoice).toEqual({ number: "HT/36-37/0000001", issuedAt: new Date("2036-11-21T04:00:00Z") });
    expect(orderOut(dispatched)).toMatchObject({ invoice_number: "HT/36-37/0000001", invoice_date: "2036-11-21T04:00:00.000Z" });
    const issued = await pdfText(await invoiceResponse(shop, c.customer, dispatched));
    expect(issued).toContain("TAX INVOICE");
    expect(issued).toContain("Invoice number: HT/36-37/0000001");
    expect(issued).toContain("Invoice date: 21 Nov 2036");
    expect(issued).toContain("Order date: 20 Nov 2036");
    expect(issued).toContain(`Order number: #${dispatched.number}`);
    expect(issued).toContain("weighed 1.1 kg");
    expect(issued).toMatch(/Grand total ₹206\.00/);
    expect(issued).not.toContain("ORDER SUMMARY");

    // Delivered, and the catalogue and the order changed behind it: the invoice reads the same, and no second one is issued.
    await clock.orders.advance(orderId, "out_for_delivery", null);
    const [dal] = await database.db.select({ productId: variants.productId }).from(variants).where(eq(variants.internalReference, DAL));
    await database.db.execute(sql`update products set title = 'Renamed Dal', title_hi = 'नई दाल' where id = ${dal!.productId}`);
    await database.db.execute(sql`update order_lines set title = 'Renamed Dal', unit_price_paise = 1 where order_id = ${orderId} and internal_reference = ${DAL}`);
    await database.db.execute(sql`update orders set delivery_address = jsonb_set(delivery_address, '{name}', '"Someone Else"') where id = ${orderId}`);
    const later = (await shop.orders.get(c.customer, orderId))!;
    expect(await pdfText(await invoiceResponse(shop, c.customer, later))).toBe(issued);
    expect(await invoiceSerials("2036-37")).toEqual([1]);
    expect(await counter("invoice/2036-37")).toBe(1);
  });

  it("numbers concurrent dispatches 1 to n of their year without a gap; a second move of one order takes none; 1 April starts again", async () => {
    const clock = clocked(new Date("2040-06-01T06:00:00Z"));
    const placed: number[] = [];
    for (let i = 0; i < 12; i++) {
      const orderId = await placeCod(await shopper());
      await advance(shop.orders, orderId, ["placed", "confirmed"]);
      placed.push(orderId);
    }
    // Each order moved twice at once (two staff): one move each, one number each.
    const results = await Promise.allSettled(placed.flatMap((orderId) => [clock.orders.advance(orderId, "packed", null), clock.orders.advance(orderId, "packed", null)]));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(12);
    for (const r of results) if (r.status === "rejected") expect((r.reason as ShopError).message).toMatch(/^Order #\d+ is already out for delivery\.$/);
    const numbers = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.invoice!.number] : []));
    expect(new Set(numbers).size).toBe(12);
    expect(await invoiceSerials("2040-41")).toEqual(oneTo(12));
    expect(await counter("invoice/2040-41")).toBe(12);
    const rows = await database.db.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.fy, "2040-41"));
    expect(new Set(rows.map((r) => r.orderId))).toEqual(new Set(placed));

    // 23:59:59 on 31 March 2041 in India, then midnight: the last invoice of 2040-41, the first of 2041-42.
    const two = [];
    for (let i = 0; i < 2; i++) {
      const orderId = await placeCod(await shopper());
      await advance(shop.orders, orderId, ["placed", "confirmed"]);
      two.push(orderId);
    }
    clock.set(new Date("2041-03-31T18:29:59Z"));
    expect((await clock.orders.advance(two[0]!, "packed", null)).invoice!.number).toBe("HT/40-41/0000013");
    clock.set(new Date("2041-03-31T18:30:00Z"));
    expect((await clock.orders.advance(two[1]!, "packed", null)).invoice!.number).toBe("HT/41-42/0000001");
  }, 120_000);

  it("items taken back after issue get a credit note of their own series against the invoice, refunded when prepaid; the invoice stays as issued", async () => {
    const clock = clocked(new Date("2045-07-01T06:00:00Z"));
    await setStock("GP-FLR-JWR-1KG", 50);
    // Paid online: two packs of dal and a jar of something else.
    const c = await shopper([
      [DAL, 2],
      ["GP-FLR-JWR-1KG", 1],
    ]);
    await shop.cart.choosePayment(c.customer, "upi");
    const orderId = (await shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: "razorpay" })).orderId;
    const paymentId = await payAtStandin(shop, standin, c.customer, orderId);
    const placedView = (await shop.orders.get(c.customer, orderId))!;
    const dalLine = placedView.lines.find((l) => l.internalReference === DAL)!;

    // Not before it has left the shop: refused, and no credit note number is taken.
    await advance(clock.orders, orderId, ["placed", "confirmed"]);
    expect((await refusal(clock.orders.takeBack(orderId, dalLine.id, 1, c.customer.id))).message).toBe(
      `Order #${placedView.number} has not left the shop: mark its items short instead.`,
    );
    expect(await counter("credit-note/2045-46")).toBe(0);

    const { invoice } = await clock.orders.advance(orderId, "packed", null);
    const invoicePdfBefore = await pdfText(await invoiceResponse(shop, c.customer, (await shop.orders.get(c.customer, orderId))!));

    // One pack of dal refused at the door.
    clock.set(new Date("2045-07-01T09:00:00Z"));
    const back = await clock.orders.takeBack(orderId, dalLine.id, 1, c.customer.id);
    expect(back).toMatchObject({ number: placedView.number, title: dalLine.title, quantity: 1, creditNote: { number: "CN/45-46/0000001", totalPaise: 12_900 }, refundPaise: 12_900 });
    expect(back.totalPaise).toBe(placedView.totalPaise - 12_900);
    const [note] = await database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    const [invoiceRow] = await database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.id, back.refundId!));
    expect(note).toMatchObject({ fy: "2045-46", serial: 1, number: "CN/45-46/0000001", invoiceId: invoiceRow!.id, refundId: back.refundId, reason: "returned", totalPaise: 12_900 });
    expect(note!.document).toMatchObject({ invoiceNumber: invoice!.number, settlement: "refund", lines: [{ internalReference: DAL, quantity: 1, amountPaise: 12_900 }] });
    expect(refund).toMatchObject({ reason: "returned", amountPaise: 12_900, status: "initiated" });
    await shop.payments.sendRefund(back.refundId!);
    expect([...standin.refunds.values()].filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([12_900]);

    // Beside the invoice: the order lists it, its PDF reads it, the invoice is as issued.
    const view = (await shop.orders.get(c.customer, orderId))!;
    expect(view.creditNotes).toEqual([{ id: note!.id, number: "CN/45-46/0000001", issuedAt: new Date("2045-07-01T09:00:00Z"), totalPaise: 12_900 }]);
    expect(view.events.at(-1)).toMatchObject({ stage: "returned", note: expect.stringContaining("1 taken back; credit note CN/45-46/0000001 for ₹129.00; ₹129.00 refunded") });
    expect(orderOut(view).credit_notes).toEqual([{ number: "CN/45-46/0000001", date: "2045-07-01T09:00:00.000Z", amount: 129 }]);
    const creditPdf = await pdfText((await creditNoteResponse(shop, c.customer, orderId, note!.id))!);
    expect(creditPdf).toContain("CREDIT NOTE");
    expect(creditPdf).toContain("Credit note number: CN/45-46/0000001");
    expect(creditPdf).toContain(`Against tax invoice: ${invoice!.number} of 1 Jul 2045`);
    expect(creditPdf).toMatch(/Total credited ₹129\.00/);
    expect(creditPdf).toContain("refunded to the payment method");
    expect(await pdfText(await invoiceResponse(shop, c.customer, view))).toBe(invoicePdfBefore);
    // Nobody else's, and no note that is not this order's.
    const stranger = await shopper();
    expect(await creditNoteResponse(shop, stranger.customer, orderId, note!.id)).toBeNull();
    expect(await creditNoteResponse(shop, c.customer, orderId, note!.id + 1000)).toBeNull();

    // Delivered, the other pack returned: the next credit note of the series.
    await clock.orders.advance(orderId, "out_for_delivery", null);
    const second = await clock.orders.takeBack(orderId, dalLine.id, 1, c.customer.id);
    expect(second.creditNote!.number).toBe("CN/45-46/0000002");
    // What is left is the order's last item: not taken back here.
    const last = view.lines.find((l) => l.internalReference !== DAL)!;
    expect((await refusal(clock.orders.takeBack(orderId, last.id, 1, c.customer.id))).message).toMatch(/^That is all that is left of the order/);
    expect(await counter("credit-note/2045-46")).toBe(2);

    // Cash on delivery: a credit note with no refund; the amount comes off what is paid.
    const cod = await shopper([
      [DAL, 1],
      ["GP-FLR-JWR-1KG", 1],
    ]);
    const codId = await placeCod(cod, clock.orders);
    await advance(clock.orders, codId, ["placed", "confirmed", "packed"]);
    const codLine = (await shop.orders.get(cod.customer, codId))!.lines.find((l) => l.internalReference === DAL)!;
    const codBack = await clock.orders.takeBack(codId, codLine.id, 1, cod.customer.id);
    expect(codBack).toMatchObject({ refundId: null, refundPaise: 0, creditNote: { number: "CN/45-46/0000003", totalPaise: 12_900 } });
    const [codNote] = await database.db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.orderId, codId), like(creditNotes.number, "CN/%")));
    expect(codNote).toMatchObject({ refundId: null, document: { settlement: "cash" } });
  });
});

// ---------- migration 0034 ----------

/** A database migrated up to 0033 (before this change), with its Drizzle handle. */
async function before0034(target: TestTarget): Promise<{ db: Db; database: Database; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-0033-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 33);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  if (target.name === "pglite") {
    const client = new PGlite();
    const db = drizzlePglite({ client }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: dir });
    const close = () => client.close();
    return { db, database: { db, kind: "pglite", pool: () => null, close }, close };
  }
  const url = process.env.DATABASE_URL!;
  const name = `haat_it_0033_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const at = new URL(url);
  at.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: at.toString(), max: 2 });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: dir });
  const close = async () => {
    await pool.end();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name}`);
    await cleanup.end();
  };
  return { db, database: { db, kind: "postgres", pool: () => null, close }, close };
}

describe.each(targets)("migration 0034 on $name", (target) => {
  it("numbers the placed orders in the order they were placed, keeps the invoice numbers of those that left the shop, frozen, and withdraws the others'", async () => {
    const old = await before0034(target);
    try {
      const { db } = old;
      // Today's catalogue import writes later columns (0036's `subscribable`, 0039's `low_stock_below`); the orders migrated here never read them.
      await db.execute(sql`alter table products add column subscribable boolean not null default false`);
      await db.execute(sql`alter table variants add column low_stock_below integer`);
      await seedDemoCatalog(old.database);
      const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
      const [dal] = rows<{ id: number }>(await db.execute(sql`select id from variants where internal_reference = ${DAL}`));
      const [customer] = rows<{ id: number }>(await db.execute(sql`insert into customers (name, email) values ('Old Shopper', 'old@example.in') returning id`));
      const address = JSON.stringify({ ...home });
      // Orders as 0033 kept them: each placed one with its invoice number given when it was placed.
      const make = async (state: string, stage: string | null, placedAt: string | null, fy: string | null, serial: number | null, method = "cod") => {
        const [order] = rows<{ id: number }>(
          await db.execute(
            sql`insert into orders (customer_id, state, stage, placed_at, invoice_fy, invoice_serial, subtotal_paise, discount_paise, tax_paise, total_paise, delivery_address, payment_method, slot_date, slot_kind)
                values (${customer!.id}, ${state}, ${stage}, ${placedAt}, ${fy}, ${serial}, 25800, 0, 1229, 25800, ${address}::jsonb, ${method}, '2029-04-03', 'morning') returning id`,
          ),
        );
        await db.execute(
          sql`insert into order_lines (order_id, variant_id, quantity, title, attribute, internal_reference, unit_price_paise, mrp_paise, tax_rate, discount_paise, tax_paise, hsn)
              values (${order!.id}, ${dal!.id}, 2, 'Masoor Dal', 'Net Weight 1 kg', ${DAL}, 12900, 14000, 5, 0, 1229, '0713')`,
        );
        return order!.id;
      };
      // Placed out of id order; a cart in between; two left the shop (one delivered), one cancelled.
      const delivered = await make("confirmed", "delivered", "2029-03-30T05:00:00Z", "2028-29", 2);
      const cart = await make("draft", null, null, null, null);
      const early = await make("confirmed", "out_for_delivery", "2029-03-29T05:00:00Z", "2028-29", 1, "razorpay");
      const cancelled = await make("cancelled", "placed", "2029-04-02T05:00:00Z", "2029-30", 1);
      const packed = await make("confirmed", "packed", "2029-04-03T05:00:00Z", "2029-30", 2);
      await db.execute(
        sql`insert into order_events (order_id, stage, at) values (${delivered}, 'out_for_delivery', '2029-04-03T07:00:00Z'), (${delivered}, 'delivered', '2029-04-03T09:00:00Z')`,
      );
      await db.execute(
        sql`insert into payments (order_id, method, status, amount_paise, provider_method, provider_payment_id) values (${early}, 'razorpay', 'captured', 25800, 'upi', 'pay_Old0001')`,
      );
      await db.execute(sql`insert into invoice_counters (fy, last) values ('2028-29', 2), ('2029-30', 2)`);

      // Migration 0034, statement by statement as the migrator runs it.
      for (const statement of fs.readFileSync(path.join(MIGRATIONS_DIR, "0034_invoices_at_dispatch.sql"), "utf8").split("--> statement-breakpoint")) {
        if (statement.trim()) await db.execute(sql.raw(statement));
      }

      const numbered = rows<{ id: number; order_number: number | null }>(await db.execute(sql`select id, order_number from orders order by id`));
      expect(Object.fromEntries(numbered.map((r) => [r.id, r.order_number]))).toEqual({ [early]: 1, [delivered]: 2, [cancelled]: 3, [packed]: 4, [cart]: null });
      const issued = rows<{ order_id: number; fy: string; serial: number; number: string; issued_at: unknown; total_paise: number; document: unknown }>(
        await db.execute(sql`select order_id, fy, serial, number, issued_at, total_paise, document from invoices order by fy, serial`),
      );
      expect(issued.map((r) => [r.order_id, r.number, new Date(r.issued_at as string).toISOString(), r.total_paise])).toEqual([
        [early, "HT/28-29/0000001", "2029-03-29T05:00:00.000Z", 25_800],
        [delivered, "HT/28-29/0000002", "2029-04-03T07:00:00.000Z", 25_800],
      ]);
      const doc = (typeof issued[0]!.document === "string" ? JSON.parse(issued[0]!.document) : issued[0]!.document) as Record<string, unknown>;
      expect(doc).toMatchObject({
        orderId: early,
        orderNumber: 1,
        placedAt: "2029-03-29T05:00:00.000Z",
        paymentMethod: "razorpay",
        payment: { state: "paid", method: "upi", providerPaymentId: "pay_Old0001" },
        slot: { date: "2029-04-03", kind: "morning" },
        totalPaise: 25_800,
        cancelled: false,
        deliveryAddress: { name: home.name, city: home.city },
        lines: [{ title: "Masoor Dal", internalReference: DAL, hsn: "0713", quantity: 2, unitPricePaise: 12_900, taxRate: 5, taxPaise: 1_229, discountPaise: 0 }],
      });
      expect(doc).not.toHaveProperty("supplier");
      // The series go on: orders after the last number; invoices after the last serial given at placing (none reused).
      expect(rows<{ series: string; last: number }>(await db.execute(sql`select series, last from counters order by series`))).toEqual([
        { series: "invoice/2028-29", last: 2 },
        { series: "invoice/2029-30", last: 2 },
        { series: "order", last: 4 },
      ]);
      // A placed order without a number is refused now.
      await expect(db.execute(sql`update orders set order_number = null where id = ${packed}`)).rejects.toThrow();
    } finally {
      await old.close();
    }
  }, 120_000);
});
