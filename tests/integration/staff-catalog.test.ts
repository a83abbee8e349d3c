// The staff's catalogue (issue 14), on PGlite and PostgreSQL: a variant's price, MRP, stock on
// hand, in-stock flag and low-stock threshold (issue 46) by the catalogue file's rules; stock never
// below what orders hold; two staff at once make one change; a price change leaves placed orders
// as they were; a category marked coming soon; a file imported whole or not at all (a threshold
// it leaves out kept); an audit row for each.
import { editOf } from "../../app/domain/staff-catalog.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotDates } from "../../app/domain/delivery.ts";
import type { FormReply } from "../../app/domain/form-reply.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { products, staffAudit, variants } from "../../app/server/db/schema.server.ts";
import { staffOnly } from "../../app/server/access.server.ts";
import { staffCatalogForm } from "../../app/server/forms/staff-catalog.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { confirmed, home, refusal, throughGuard, routeContext } from "./fixtures.ts";

const ORIGIN = "http://haat.test";
const REF = "GP-PUL-CHD-500G";

type Posted = { status: number; reply: FormReply | null };

describe.each(targets)("the staff's catalogue on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let staff: Customer;
  let n = 0;

  beforeAll(async () => {
    process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
    database = await target.open();
    await seedDemoCatalog(database);
    shop = createShop(database, 0);
    staff = await shop.accounts.register({ name: "Merchandiser", email: "merch@haat.example", phone: "9876543210", password: "password-1" });
    expect(await shop.staff.makeStaff((await confirmed(shop, staff)).email!)).toBe("made");
  });
  afterAll(async () => {
    await database?.close();
  });

  async function post(body: URLSearchParams | FormData, who: Customer = staff): Promise<Posted> {
    const url = new URL(`${ORIGIN}/staff/catalogue`);
    const context = routeContext(shop, who);
    const request = new Request(url, { method: "POST", body });
    const answer = await throughGuard(staffOnly, { request, context, url }, () => staffCatalogForm.run({ request, context, url }));
    if (answer instanceof Response) return { status: answer.status, reply: null };
    const d = answer as unknown as { data: FormReply; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, reply: d.data };
  }
  const variantOf = async (reference: string) => (await shop.staffCatalog.search(reference, 5)).flatMap((p) => p.variants).find((v) => v.internalReference === reference)!;
  const edit = editOf;
  async function placeOrder(reference: string, quantity: number) {
    const c = await shop.accounts.register({ name: "Buyer", email: `cat-buyer${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(c, home);
    await shop.cart.add(c, { internalReference: reference, quantity });
    const { orderId } = await shop.orders.place(c, {
      cartId: (await shop.cart.get(c)).id!,
      addressId: address.id,
      paymentMethod: "cod",
      slot: { date: slotDates(new Date())[1]!, kind: "afternoon" },
    });
    return { customer: c, orderId };
  }

  it("finds products by name and by internal reference", async () => {
    expect((await shop.staffCatalog.search("chana dal", 10)).map((p) => p.title)).toContain("Haat Select Chana Dal");
    expect((await shop.staffCatalog.search(REF.toLowerCase(), 10)).flatMap((p) => p.variants.map((v) => v.internalReference))).toContain(REF);
    expect(await shop.staffCatalog.search("%", 10)).toEqual([]);
  });

  it("changes a price: carts and the catalogue follow, placed orders keep theirs; audited", async () => {
    const placed = await placeOrder(REF, 1);
    const before = (await shop.orders.get(placed.customer, placed.orderId))!;
    const v = await variantOf(REF);
    const posted = await post(
      new URLSearchParams({
        intent: "variant",
        variant: String(v.id),
        price: "49.50",
        mrp: String(v.mrpPaise / 100),
        on_hand: String(v.available + v.held),
        in_stock: "on",
        seen_price: String(v.pricePaise / 100),
        seen_mrp: String(v.mrpPaise / 100),
        seen_on_hand: String(v.available + v.held),
        seen_in_stock: "on",
      }),
    );
    expect(posted.reply).toBeNull();
    expect(posted.status).toBe(303);
    expect((await variantOf(REF)).pricePaise).toBe(4_950);
    const after = (await shop.orders.get(placed.customer, placed.orderId))!;
    expect(after.lines[0]!.unitPricePaise).toBe(before.lines[0]!.unitPricePaise);
    expect(after.totalPaise).toBe(before.totalPaise);
    const card = (await shop.catalog.listing({ search: "chana dal", category: null, sub: null, min: 0, max: 100_000, sort: "relevance", page: 1 })).cards.find(
      (c) => c.internalReference === REF,
    );
    expect(card?.pricePaise).toBe(4_950);
    const rows = await database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "variant.update"), eq(staffAudit.entityId, REF)));
    expect(rows).toMatchObject([{ staffId: staff.id, before: { pricePaise: v.pricePaise }, after: { pricePaise: 4_950 } }]);
  });

  it("refuses, by the catalogue file's rules, a negative price, an MRP below the price and a fractional stock", async () => {
    const v = await variantOf(REF);
    const base = {
      intent: "variant",
      variant: String(v.id),
      price: "10",
      mrp: "20",
      on_hand: "5",
      seen_price: String(v.pricePaise / 100),
      seen_mrp: String(v.mrpPaise / 100),
      seen_on_hand: String(v.available + v.held),
      ...(v.inStock ? { seen_in_stock: "on" } : {}),
    };
    const cases: [Record<string, string>, string, string][] = [
      [{ price: "-1" }, "price", "Price: must not be negative"],
      [{ price: "12.345" }, "price", "Price: has more than two decimals"],
      [{ mrp: "5" }, "mrp", "MRP: mrp is below price"],
      [{ on_hand: "2.5" }, "on_hand", "Stock on hand: must be a whole number"],
      [{ on_hand: "" }, "on_hand", "Stock on hand: required"],
      [{ low_stock_below: "-1" }, "low_stock_below", "Low stock below: must be a whole number from 0 to 100000"],
      [{ low_stock_below: "2.5" }, "low_stock_below", "Low stock below: must be a whole number from 0 to 100000"],
      [{ low_stock_below: "100001" }, "low_stock_below", "Low stock below: must be a whole number from 0 to 100000"],
      [{ low_stock_below: "ten" }, "low_stock_below", "Low stock below: must be a whole number from 0 to 100000"],
    ];
    for (const [change, field, message] of cases) {
      const posted = await post(new URLSearchParams({ ...base, ...change }));
      expect(posted.status, message).toBe(400);
      expect(posted.reply?.ok === false && posted.reply.result.error?.[field]).toEqual([message]);
    }
    expect(edit(await variantOf(REF))).toEqual(edit(v));
  });

  it("sets a variant's low-stock threshold, blank for the shop's default: saved, audited, and refused on a stale page", async () => {
    const reference = "GP-PUL-TOOR-1KG";
    const v = await variantOf(reference);
    expect(v.lowStockBelow).toBeNull();
    const form = (seen: typeof v, lowStockBelow: string) =>
      new URLSearchParams({
        intent: "variant",
        variant: String(seen.id),
        price: String(seen.pricePaise / 100),
        mrp: String(seen.mrpPaise / 100),
        on_hand: String(seen.available + seen.held),
        ...(seen.inStock ? { in_stock: "on", seen_in_stock: "on" } : {}),
        low_stock_below: lowStockBelow,
        seen_price: String(seen.pricePaise / 100),
        seen_mrp: String(seen.mrpPaise / 100),
        seen_on_hand: String(seen.available + seen.held),
        seen_low_stock_below: seen.lowStockBelow === null ? "" : String(seen.lowStockBelow),
      });
    const threshold = async () => (await database.db.select({ n: variants.lowStockBelow }).from(variants).where(eq(variants.internalReference, reference)))[0]!.n;

    const posted = await post(form(v, " 25 "));
    expect(posted.reply).toBeNull();
    expect(posted.status).toBe(303);
    expect(await threshold()).toBe(25);
    const set = await variantOf(reference);
    expect(set).toMatchObject({ lowStockBelow: 25, pricePaise: v.pricePaise, available: v.available });

    // Blank is the shop's default again; 0 is a threshold of its own (never listed as low).
    expect((await post(form(set, "0"))).status).toBe(303);
    expect(await threshold()).toBe(0);
    expect((await post(form(await variantOf(reference), ""))).status).toBe(303);
    expect(await threshold()).toBeNull();

    const rows = await database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "variant.update"), eq(staffAudit.entityId, reference)));
    expect(rows.map((r) => [(r.before as { lowStockBelow: unknown }).lowStockBelow, (r.after as { lowStockBelow: unknown }).lowStockBelow])).toEqual([
      [null, 25],
      [25, 0],
      [0, null],
    ]);
    expect(rows[0]).toMatchObject({ staffId: staff.id });

    // A page opened before another staff member set the threshold: its save is refused, whatever it changes.
    const stale = edit(await variantOf(reference));
    await shop.staffCatalog.updateVariant(staff.id, v.id, stale, { ...stale, lowStockBelow: 40 });
    for (const wanted of [
      { ...stale, lowStockBelow: 5 },
      { ...stale, pricePaise: stale.pricePaise - 100 },
    ]) {
      const refused = await refusal(shop.staffCatalog.updateVariant(staff.id, v.id, stale, wanted));
      expect(refused.code).toBe("conflict");
      expect(refused.message).toBe(`${reference} was changed by someone else since you opened this page. Here it is as it is now.`);
    }
    expect(edit(await variantOf(reference))).toEqual({ ...stale, lowStockBelow: 40 });
    // The Shop keeps the bounds itself, whatever way in asks.
    const now = edit(await variantOf(reference));
    expect((await refusal(shop.staffCatalog.updateVariant(staff.id, v.id, now, { ...now, lowStockBelow: -1 }))).message).toBe(
      "Low stock below: must be a whole number from 0 to 100000",
    );
    await shop.staffCatalog.updateVariant(staff.id, v.id, now, { ...now, lowStockBelow: null });
  });

  it("never takes stock on hand below what orders hold, and two staff at once make one change", async () => {
    const reference = "GP-PUL-MSR-1KG";
    await placeOrder(reference, 3);
    const v = await variantOf(reference);
    expect(v.held).toBeGreaterThanOrEqual(3);
    expect((await refusal(shop.staffCatalog.updateVariant(staff.id, v.id, edit(v), { ...edit(v), onHand: v.held - 1 }))).message).toBe(
      `${v.held} are held by orders not yet delivered: stock on hand cannot go below ${v.held}.`,
    );
    expect((await refusal(shop.staffCatalog.updateVariant(staff.id, v.id, edit(v), { ...edit(v), mrpPaise: v.pricePaise - 1 }))).message).toBe("MRP: mrp is below price");
    const saved = await shop.staffCatalog.updateVariant(staff.id, v.id, edit(v), { ...edit(v), onHand: v.held + 7 });
    expect(saved.available).toBe(7);
    const [row] = await database.db.select({ s: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, reference));
    expect(row!.s).toBe(7);

    const seen = edit(saved);
    const results = await Promise.allSettled([
      shop.staffCatalog.updateVariant(staff.id, v.id, seen, { ...seen, pricePaise: seen.pricePaise - 100 }),
      shop.staffCatalog.updateVariant(staff.id, v.id, seen, { ...seen, pricePaise: seen.pricePaise - 200 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.message).toBe(`${reference} was changed by someone else since you opened this page. Here it is as it is now.`);
  });

  it("shows a staff save on this process's next product page, though the snapshot is kept a minute (decision 058)", async () => {
    const slow = createShop(database, 60_000);
    const reference = "GP-PUL-MSR-1KG";
    const v = await variantOf(reference);
    const productId = (await shop.staffCatalog.search(reference, 5)).find((p) => p.variants.some((x) => x.internalReference === reference))!.id;
    const shown = async () => (await slow.catalog.product(productId))!.variants.find((x) => x.internalReference === reference)!.pricePaise;
    expect(await shown()).toBe(v.pricePaise);
    await slow.staffCatalog.updateVariant(staff.id, v.id, edit(v), { ...edit(v), pricePaise: v.pricePaise + 500, mrpPaise: Math.max(v.mrpPaise, v.pricePaise + 500) });
    expect(await shown()).toBe(v.pricePaise + 500);
    const again = await variantOf(reference);
    await slow.staffCatalog.updateVariant(staff.id, v.id, edit(again), { ...edit(again), pricePaise: v.pricePaise, mrpPaise: v.mrpPaise });
  });

  it("marks a category coming soon and active again, audited", async () => {
    const [first] = await shop.staffCatalog.topCategories();
    const posted = await post(new URLSearchParams({ intent: "category", slug: first!.slug, status: "coming_soon" }));
    expect(posted.status).toBe(303);
    expect((await shop.catalog.categories()).find((c) => c.slug === first!.slug)?.status).toBe("coming_soon");
    await shop.staffCatalog.setCategoryStatus(staff.id, first!.slug, first!.status);
    expect((await shop.staffCatalog.topCategories())[0]).toEqual(first);
    const rows = await database.db.select().from(staffAudit).where(eq(staffAudit.action, "category.status"));
    expect(rows.map((r) => r.after)).toEqual([{ status: "coming_soon" }, { status: first!.status }]);
    expect((await refusal(shop.staffCatalog.setCategoryStatus(staff.id, "no-such-category", "active"))).code).toBe("not_found");
  });

  it("imports a CSV file from the page, or nothing of it with each bad line named", async () => {
    const header = "title,category,sales_tax,hsn,internal_reference,attribute,price,mrp,in_stock,inventory_stock";
    const good = `${header}\nStaff Import Honey,All / Gourmet Pantry / Honey,5%,0409,STAFF-HONEY-250G,Net Weight 250 g,249,299,true,12\n`;
    const form = (text: string, name: string) => {
      const f = new FormData();
      f.set("intent", "import");
      f.set("file", new File([text], name, { type: "text/csv" }));
      return f;
    };
    const bad = `${header}\nStaff Import Jam,All / Gourmet Pantry / Jam,5%,,STAFF-JAM-200G,Net Weight 200 g,299,249,true,5\n`;
    const refused = await post(form(bad, "jam.csv"));
    expect(refused.status).toBe(400);
    expect(refused.reply?.ok === false && refused.reply.error).toMatch(/^1 problem found in jam\.csv; nothing was imported\. line 2: .*mrp is below price/);
    expect(await database.db.select().from(variants).where(eq(variants.internalReference, "STAFF-JAM-200G"))).toEqual([]);
    expect((await post(form(good, "honey.txt"))).reply).toMatchObject({ ok: false, error: "The file must be a .json or .csv catalogue file." });

    const imported = await post(form(good, "honey.csv"));
    expect(imported.status).toBe(303);
    const [honey] = await database.db.select().from(products).where(eq(products.title, "Staff Import Honey"));
    expect(honey).toBeDefined();
    const rows = await database.db.select().from(staffAudit).where(eq(staffAudit.action, "catalog.import"));
    expect(rows).toMatchObject([{ staffId: staff.id, entityId: "honey.csv", after: { productsCreated: 1, variantsWritten: 1 } }]);
  });

  it("imports a variant's low-stock threshold, and a file without one leaves the threshold staff set", async () => {
    const header = "title,category,sales_tax,internal_reference,price,mrp,inventory_stock";
    const row = "Staff Import Ghee,All / Gourmet Pantry / Ghee,12%,STAFF-GHEE-500G,599,649,30";
    const form = (text: string) => {
      const f = new FormData();
      f.set("intent", "import");
      f.set("file", new File([text], "ghee.csv", { type: "text/csv" }));
      return f;
    };
    const threshold = async () => (await database.db.select({ n: variants.lowStockBelow }).from(variants).where(eq(variants.internalReference, "STAFF-GHEE-500G")))[0]?.n;

    // A new variant without one gets the shop's default.
    expect((await post(form(`${header}\n${row}\n`))).status).toBe(303);
    expect(await threshold()).toBeNull();
    expect((await post(form(`${header},low_stock_below\n${row},8\n`))).status).toBe(303);
    expect(await threshold()).toBe(8);

    // Staff set it on the page; a file without the column, or with the cell blank, keeps it.
    const v = edit(await variantOf("STAFF-GHEE-500G"));
    await shop.staffCatalog.updateVariant(staff.id, (await variantOf("STAFF-GHEE-500G")).id, v, { ...v, lowStockBelow: 15 });
    expect((await post(form(`${header}\n${row}\n`))).status).toBe(303);
    expect(await threshold()).toBe(15);
    expect((await post(form(`${header},low_stock_below\n${row},\n`))).status).toBe(303);
    expect(await threshold()).toBe(15);

    const refused = await post(form(`${header},low_stock_below\n${row},-3\n`));
    expect(refused.status).toBe(400);
    expect(refused.reply?.ok === false && refused.reply.error).toBe(
      "1 problem found in ghee.csv; nothing was imported. line 2: low_stock_below: must be a whole number from 0 to 100000",
    );
    expect(await threshold()).toBe(15);
  });

  it("is not there for a shopper", async () => {
    const shopper = await shop.accounts.register({ name: "Shopper", email: `cat-shopper${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const v = await variantOf(REF);
    await expect(post(new URLSearchParams({ intent: "category", slug: "anything", status: "active" }), shopper)).rejects.toMatchObject({ init: { status: 404 } });
    expect((await variantOf(REF)).pricePaise).toBe(v.pricePaise);
  });
});
