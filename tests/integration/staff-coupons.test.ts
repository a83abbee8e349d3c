// The staff's coupons and the newsletter export (issue 14, decision 036), on PGlite and
// PostgreSQL: the forms' rules with a message per field, a taken code refused with nothing
// written, limits and dates edited, a coupon switched off no longer applying to a cart, an
// audit row for every change, and the subscriber list as escaped CSV.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "../../app/domain/coupon.ts";
import { csvCell, subscribersCsv } from "../../app/domain/csv.ts";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { newCouponOf, couponCreateSchema, STAFF_COUPON_MESSAGES } from "../../app/domain/staff-coupon.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { coupons, newsletterSubscribers, staffAudit } from "../../app/server/db/schema.server.ts";
import { staffOnly } from "../../app/server/access.server.ts";
import { staffCouponsForm } from "../../app/server/forms/staff-coupons.server.ts";
import { seedDemoCoupons } from "../../app/server/shop/coupons.server.ts";
import { createNewsletter } from "../../app/server/shop/newsletter.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { confirmed, home, refusal, throughGuard, routeContext } from "./fixtures.ts";

const ITEM = "GP-PUL-CHD-500G";
const ORIGIN = "http://haat.test";

type Posted = { status: number; location: string | null; reply: FormReply | null };

describe.each(targets)("staff coupons and the newsletter export on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let staff: Customer;
  let shopper: Customer;
  let n = 0;

  beforeAll(async () => {
    process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
    database = await target.open();
    await seedDemoCatalog(database);
    await seedDemoCoupons(database.db);
    shop = createShop(database, 0);
    staff = await shop.accounts.register({ name: "Offers", email: "offers@haat.example", phone: "9876543210", password: "password-1" });
    expect(await shop.staff.makeStaff((await confirmed(shop, staff)).email!)).toBe("made");
    shopper = await shop.accounts.register({ name: "Shopper", email: "shopper-c@example.in", phone: "9876543211", password: "password-1" });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Posts the coupon form as a browser does, signed in as `who`. */
  async function post(fields: Record<string, string>, who: Customer = staff): Promise<Posted> {
    const url = new URL(`${ORIGIN}/staff/coupons`);
    const context = routeContext(shop, who);
    const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
    const answer = await throughGuard(staffOnly, { request, context, url }, () => staffCouponsForm.run({ request, context, url }));
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), reply: null };
    const d = answer as unknown as { data: FormReply; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, location: null, reply: d.data };
  }

  const fieldErrors = (posted: Posted) => (posted.reply?.ok === false ? posted.reply.result.error : undefined);
  const audits = (entityId: number | string) =>
    database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.entityId, String(entityId)))
      .orderBy(staffAudit.id);
  const couponCount = async () => (await database.db.select({ id: coupons.id }).from(coupons)).length;
  const byCode = async (code: string) => (await shop.coupons.list()).find((c) => c.code === code)!;

  /** A new shopper with one item in the cart. */
  async function shopperWithCart(): Promise<Customer> {
    const c = await shop.accounts.register({ name: `Buyer ${++n}`, email: `buyer-${n}@example.in`, phone: "9876543210", password: "password-1" });
    await shop.cart.add(c, { internalReference: ITEM, quantity: 2 });
    return c;
  }

  it("creates a coupon: the code in capitals, rupees kept as paise, days as the shop's midnights, audited", async () => {
    const posted = await post({
      intent: "create",
      code: " diwali-25 ",
      kind: "percent",
      value: "15",
      description: "Diwali week",
      min_subtotal: "999",
      max_discount: "300",
      starts_on: "2026-11-01",
      ends_on: "2026-11-30",
      usage_limit: "100",
      per_customer_limit: "1",
    });
    expect(posted).toMatchObject({ status: 303, location: "/staff/coupons" });
    const created = await byCode("DIWALI-25");
    expect(created).toMatchObject({
      kind: "percent",
      value: 15,
      description: "Diwali week",
      minSubtotalPaise: 99_900,
      maxDiscountPaise: 30_000,
      // 1 November 00:00 IST to the end of 30 November IST.
      startsAt: new Date("2026-10-31T18:30:00Z"),
      endsAt: new Date("2026-11-30T18:30:00Z"),
      usageLimit: 100,
      perCustomerLimit: 1,
      active: true,
      used: 0,
    });
    expect((await shop.coupons.list())[0]!.code).toBe("DIWALI-25");
    const [row] = await audits(created.id);
    expect(row).toMatchObject({
      staffId: staff.id,
      action: "coupon.create",
      entity: "coupon",
      before: null,
      after: { code: "DIWALI-25", value: 15, minSubtotalPaise: 99_900, active: true },
    });

    // A flat coupon is typed in rupees and kept in paise; empty fields mean no limit.
    expect((await post({ intent: "create", code: "FLAT50", kind: "flat", value: "50" })).status).toBe(303);
    expect(await byCode("FLAT50")).toMatchObject({ value: 5_000, minSubtotalPaise: 0, maxDiscountPaise: null, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null });
  });

  const valid = { intent: "create", code: "GOOD1", kind: "percent", value: "10" };
  it.each([
    [{ code: "" }, "code", STAFF_COUPON_MESSAGES.code],
    [{ code: "TWO WORDS" }, "code", STAFF_COUPON_MESSAGES.codeCharacters],
    [{ code: "X".repeat(41) }, "code", STAFF_COUPON_MESSAGES.codeLength],
    [{ kind: "bogo" }, "kind", STAFF_COUPON_MESSAGES.kind],
    [{ value: "0" }, "value", STAFF_COUPON_MESSAGES.value],
    [{ value: "12.5" }, "value", STAFF_COUPON_MESSAGES.value],
    [{ value: "150" }, "value", STAFF_COUPON_MESSAGES.percentMax],
    [{ kind: "flat", max_discount: "100" }, "max_discount", STAFF_COUPON_MESSAGES.flatMax],
    [{ min_subtotal: "-5" }, "min_subtotal", "Minimum cart cannot be negative."],
    [{ min_subtotal: "99.50" }, "min_subtotal", "Minimum cart: enter whole rupees."],
    [{ max_discount: "0" }, "max_discount", "Maximum discount: at least ₹1 (or leave it empty)."],
    [{ usage_limit: "0" }, "usage_limit", "Usage limit: at least 1 (or leave it empty for no limit)."],
    [{ per_customer_limit: "many" }, "per_customer_limit", "Uses per customer: enter a whole number."],
    [{ starts_on: "2026-02-30" }, "starts_on", STAFF_COUPON_MESSAGES.day],
    [{ starts_on: "2026-12-01", ends_on: "2026-11-30" }, "ends_on", STAFF_COUPON_MESSAGES.endsBeforeStarts],
    [{ description: "x".repeat(201) }, "description", STAFF_COUPON_MESSAGES.description],
  ])("refuses %j with a 400 and the message on its field, writing nothing", async (change, field, message) => {
    const before = await couponCount();
    const posted = await post({ ...valid, ...change });
    expect(posted.status).toBe(400);
    expect(fieldErrors(posted)?.[field]).toEqual([message]);
    // What was typed comes back, to be corrected (an empty field is not sent back).
    const typed = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== ""));
    expect(posted.reply?.ok === false && posted.reply.result.initialValue).toMatchObject(typed);
    expect(await couponCount()).toBe(before);
  });

  it("refuses a taken code on its field (409), in any case, with nothing written; two at once make one", async () => {
    const before = await couponCount();
    const audited = (await database.db.select().from(staffAudit)).length;
    const posted = await post({ intent: "create", code: "welcome10", kind: "flat", value: "75" });
    expect(posted.status).toBe(409);
    expect(fieldErrors(posted)?.code).toEqual([STAFF_COUPON_MESSAGES.duplicate("WELCOME10")]);
    expect(await couponCount()).toBe(before);
    expect((await database.db.select().from(staffAudit)).length).toBe(audited);
    // The seeded coupon is as it was.
    expect(await byCode("WELCOME10")).toMatchObject({ kind: "percent", value: 10 });

    const input = newCouponOf(couponCreateSchema.parse({ code: "RACE", kind: "flat", value: "20" }));
    const results = await Promise.allSettled([shop.coupons.create(staff.id, input), shop.coupons.create(staff.id, input)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason as Error).message).toBe(STAFF_COUPON_MESSAGES.duplicate("RACE"));
    expect((await audits((await byCode("RACE")).id)).map((r) => r.action)).toEqual(["coupon.create"]);
  });

  it("edits the description, limits and dates, with before and after in the audit", async () => {
    const { id } = await byCode("DIWALI-25");
    const posted = await post({
      intent: "update",
      coupon: String(id),
      description: "Diwali, extended",
      min_subtotal: "1500",
      max_discount: "",
      ends_on: "2026-12-07",
      usage_limit: "3",
    });
    expect(posted).toMatchObject({ status: 303, location: "/staff/coupons" });
    expect(await byCode("DIWALI-25")).toMatchObject({
      // Code, kind and value do not change.
      kind: "percent",
      value: 15,
      description: "Diwali, extended",
      minSubtotalPaise: 150_000,
      maxDiscountPaise: null,
      startsAt: null,
      endsAt: new Date("2026-12-07T18:30:00Z"),
      usageLimit: 3,
      perCustomerLimit: null,
    });
    const update = (await audits(id)).find((r) => r.action === "coupon.update")!;
    expect(update).toMatchObject({
      staffId: staff.id,
      before: { description: "Diwali week", minSubtotalPaise: 99_900, maxDiscountPaise: 30_000, usageLimit: 100, perCustomerLimit: 1 },
      after: { description: "Diwali, extended", minSubtotalPaise: 150_000, maxDiscountPaise: null, usageLimit: 3, perCustomerLimit: null },
    });

    // The edit form's own refusals: the last day before the first, a maximum on a flat coupon, no such coupon.
    const flat = await byCode("FLAT50");
    const backwards = await post({ intent: "update", coupon: String(flat.id), starts_on: "2026-12-10", ends_on: "2026-12-01" });
    expect(fieldErrors(backwards)?.ends_on).toEqual([STAFF_COUPON_MESSAGES.endsBeforeStarts]);
    const maximum = await post({ intent: "update", coupon: String(flat.id), max_discount: "10" });
    expect(maximum.status).toBe(400);
    expect(fieldErrors(maximum)?.max_discount).toEqual([STAFF_COUPON_MESSAGES.flatMax]);
    const missing = await post({ intent: "update", coupon: "999999" });
    expect(missing).toMatchObject({ status: 404, reply: { ok: false, error: STAFF_COUPON_MESSAGES.notFound } });
    expect((await audits(flat.id)).map((r) => r.action)).toEqual(["coupon.create"]);
  });

  it("switched off, a coupon no longer applies to a cart (nor stays in one); on again, it does", async () => {
    const created = await shop.coupons.create(staff.id, newCouponOf(couponCreateSchema.parse({ code: "SWITCHME", kind: "flat", value: "25" })));
    const c = await shopperWithCart();
    expect(await shop.cart.applyCoupon(c, "SWITCHME")).toMatchObject({ code: "SWITCHME", discountPaise: 2_500 });

    expect(await post({ intent: "switch-off", coupon: String(created.id) })).toMatchObject({ status: 303, location: "/staff/coupons" });
    expect(await byCode("SWITCHME")).toMatchObject({ active: false });
    // The cart that held it loses it, and says why; applying it again is refused.
    const cart = await shop.cart.get(c);
    expect(cart.coupon).toBeNull();
    expect(cart.couponDropped).toBe(COUPON_MESSAGES.invalid);
    expect((await refusal(shop.cart.applyCoupon(c, "SWITCHME"))).message).toBe(COUPON_MESSAGES.invalid);

    // Switching off what is off changes nothing and writes nothing.
    expect(await shop.coupons.setActive(staff.id, created.id, false)).toEqual({ code: "SWITCHME", changed: false });
    expect((await post({ intent: "switch-on", coupon: String(created.id) })).status).toBe(303);
    expect(await shop.cart.applyCoupon(c, "SWITCHME")).toMatchObject({ discountPaise: 2_500 });
    expect((await refusal(shop.coupons.setActive(staff.id, 999_999, false))).code).toBe("not_found");

    const rows = await audits(created.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ["coupon.create", null, expect.objectContaining({ code: "SWITCHME", active: true })],
      ["coupon.off", { active: true }, { active: false }],
      ["coupon.on", { active: false }, { active: true }],
    ]);
    expect(rows.every((r) => r.staffId === staff.id)).toBe(true);
  });

  it("counts the placed orders that used a coupon, and a lowered usage limit refuses the next shopper", async () => {
    const created = await shop.coupons.create(staff.id, newCouponOf(couponCreateSchema.parse({ code: "ONCEMORE", kind: "flat", value: "10" })));
    const first = await shopperWithCart();
    await shop.cart.applyCoupon(first, "ONCEMORE");
    const address = await shop.addresses.create(first, home);
    await shop.orders.place(first, { cartId: (await shop.cart.get(first)).id!, addressId: address.id, paymentMethod: "cod" });
    expect(await byCode("ONCEMORE")).toMatchObject({ used: 1 });

    expect((await post({ intent: "update", coupon: String(created.id), usage_limit: "1" })).status).toBe(303);
    const second = await shopperWithCart();
    expect((await refusal(shop.cart.applyCoupon(second, "ONCEMORE"))).message).toBe(COUPON_MESSAGES.usedUp);
  });

  it("is not there for a shopper: every intent answers 404 and changes nothing", async () => {
    const { id } = await byCode("FLAT50");
    const posts: Record<string, string>[] = [
      { intent: "create", code: "SNEAKY", kind: "flat", value: "500" },
      { intent: "update", coupon: String(id), min_subtotal: "1" },
      { intent: "switch-off", coupon: String(id) },
    ];
    for (const fields of posts) {
      await expect(post(fields, shopper)).rejects.toMatchObject({ init: { status: 404 } });
    }
    expect((await shop.coupons.list()).map((c) => c.code)).not.toContain("SNEAKY");
    expect(await byCode("FLAT50")).toMatchObject({ active: true, minSubtotalPaise: 0 });
  });

  it("exports only confirmed, still-subscribed addresses as escaped CSV, and audits the export", async () => {
    let now = Date.parse("2026-11-20T04:30:00Z");
    const newsletter = createNewsletter(database.db, () => now);
    const confirmAt = async (email: string) => {
      const { confirmToken } = await newsletter.subscribe(email);
      now += 60_000;
      return (await newsletter.confirm(confirmToken!))!;
    };
    await confirmAt("reader@example.in");
    // Addresses a spreadsheet would read as formulas, and one that needs quoting.
    await confirmAt('=HYPERLINK("http://evil.example")@example.in');
    await confirmAt("+91@example.in");
    await confirmAt('"quoted, name"@example.in');
    await newsletter.subscribe("waiting@example.in");
    const gone = await confirmAt("gone@example.in");
    await newsletter.unsubscribe(gone.unsubscribeToken);

    expect(await shop.subscribers.summary()).toEqual({ subscribed: 4, waiting: 1, unsubscribed: 1, smsOffers: 0 });
    const rows = await shop.subscribers.export(staff.id);
    expect(subscribersCsv(rows)).toBe(
      [
        "email,subscribed_at,status",
        "reader@example.in,2026-11-20T04:31:00.000Z,confirmed",
        `"'=HYPERLINK(""http://evil.example"")@example.in",2026-11-20T04:32:00.000Z,confirmed`,
        "'+91@example.in,2026-11-20T04:33:00.000Z,confirmed",
        `"""quoted, name""@example.in",2026-11-20T04:34:00.000Z,confirmed`,
        "",
      ].join("\r\n"),
    );
    const [exported] = await database.db.select().from(staffAudit).where(eq(staffAudit.action, "newsletter.export"));
    expect(exported).toMatchObject({ staffId: staff.id, entity: "newsletter", entityId: "subscribers", after: { rows: 4 } });
    // The export reads; it changes no subscriber.
    expect((await database.db.select().from(newsletterSubscribers)).length).toBe(6);
  });
});

describe("CSV cells", () => {
  it.each([
    ["plain@example.in", "plain@example.in"],
    ["=1+2", "'=1+2"],
    ["+91 98765", "'+91 98765"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", `"'\rCR"`],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=A1,B1", `"'=A1,B1"`],
    ["", ""],
  ])("%j is written %j", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});
