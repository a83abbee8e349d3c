// 'Download my data' (issue 48 item 3, decision 085), on PGlite and PostgreSQL: the ZIP holds every
// table's rows for the shopper and no other shopper's, no secret, as JSON and CSV; it is made in
// the background and mailed as a link that works once, for 24 hours; a shopper with 1,000 orders
// gets it in under a minute.
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { appEnv } from "../../app/server/env.server.ts";
import { PERSONAL_DATA } from "../../app/domain/privacy/personal-data.ts";
import * as t from "../../app/server/db/schema.server.ts";
import { EXPORTED, NOT_EXPORTED } from "../../app/server/shop/data-exports.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { exportLink } from "../../app/server/privacy/export-link.server.ts";
import { downloadDataExport, makeDataExports, requestDataExport } from "../../app/server/use-cases/data-export.server.ts";
import { placeOrder } from "../../app/server/use-cases/place-order.server.ts";
import { targets } from "./databases.ts";
import { confirmed, home, recordingMailer, refusal, shopOn } from "./fixtures.ts";

const DAL = "GP-PUL-MSR-1KG";

/** The key the mailed link carries for this export and owner. */
const keyOf = (id: number, owner: Customer) => new URLSearchParams(exportLink(id, owner.id).split("?")[1]).get("key");

describe("what an export holds", () => {
  it("covers every table of personal data: exported, or left out with a reason", () => {
    const personal = new Set(PERSONAL_DATA.flatMap((item) => item.columns.map((c) => c.split(".")[0]!)));
    const covered = new Set([...Object.keys(EXPORTED), ...Object.keys(NOT_EXPORTED)]);
    expect([...personal].filter((table) => !covered.has(table))).toEqual([]);
    expect(Object.keys(EXPORTED).filter((table) => table in NOT_EXPORTED)).toEqual([]);
  });
});

describe.each(targets)("'Download my data' on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let n = 0;

  /** A shopper with something in every kind of table: an address, an order, a review, a message with a reply, consents, sign-ins. */
  async function shopperWithData(name: string, street: string): Promise<Customer> {
    const tag = `${name.toLowerCase()}-${target.name}-${n++}`;
    const customer = await on.shop.accounts.register({ name, email: `${tag}@example.in`, phone: "9812345678", password: "a-password-1" });
    const { id: addressId } = await on.shop.addresses.create(customer, { ...home, name, street, email: customer.email! });
    await on.shop.cart.add(customer, { internalReference: DAL, quantity: 2 });
    await placeOrder(on.shop, customer, { cartId: (await on.shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "cod", via: "link" });
    await on.shop.wishlist.add(customer, DAL);
    const [product] = await on.database.db.select({ id: t.products.id }).from(t.products).limit(1);
    await on.database.db.insert(t.productReviews).values({ productId: product!.id, customerId: customer.id, author: name, rating: 5, body: `Lovely, says ${name}` });
    const ticket = await on.shop.tickets.create({ customer, name, email: customer.email!, phone: "9812345678", subject: `About ${street}`, message: `Hello from ${name}` });
    const staff = await on.shop.accounts.register({ name: "Staff", email: `staff-${tag}@haat.example`, phone: "9876543210", password: "a-password-1" });
    await on.shop.tickets.answer(staff.id, ticket.id, `Answered ${name}`);
    await on.shop.accounts.startSession(customer.id);
    await on.shop.accounts.rememberDevice(customer.id, `device-${tag}`);
    await on.shop.accounts.setMobile(customer.id, `9${String(300_000_000 + n * 7919).slice(-9)}`, true);
    return (await on.shop.accounts.byId(customer.id))!;
  }

  async function madeFor(customer: Customer) {
    const mail = recordingMailer();
    expect(await requestDataExport(on.shop, mail, customer, "en")).toEqual({ message: "We are making your file. We will e-mail you a link when it is ready, usually within a minute." });
    // Asked again while it is being made: the one export stands.
    expect(await requestDataExport(on.shop, mail, customer, "en")).toMatchObject({ message: expect.stringMatching(/being made already|ready/) });
    // Made in the background: the shopper waits for the mail.
    const sent = await vi.waitFor(
      () => {
        const found = mail.sent.find((m) => m.to === customer.email && m.subject === "Your data from Haat is ready");
        if (!found) throw new Error("no mail yet");
        return found;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(sent.text).toContain(`${appEnv().publicOrigin}/myaccount/privacy/export/`);
    // Nothing is left for the job.
    expect(await makeDataExports(on.shop, mail)).toBe(0);
    return Number(/\/myaccount\/privacy\/export\/(\d+)/.exec(sent.text)![1]);
  }

  it("holds every table's rows for the shopper, and none of another's, as JSON and CSV, without secrets; the link works once", async () => {
    const asha = await shopperWithData("Ashalata", "12 Golf Course Road");
    const ravi = await shopperWithData("Raviprakash", "7 Sohna Road");
    const id = await madeFor(asha);

    // Only its owner may take it.
    expect((await refusal(downloadDataExport(on.shop, ravi, id, keyOf(id, asha)))).message).toBe("There is no such file.");
    const { file, filename } = await downloadDataExport(on.shop, asha, id, keyOf(id, asha));
    expect(filename).toBe(`haat-my-data-${id}.zip`);
    const files = Object.fromEntries(Object.entries(unzipSync(file)).map(([name, bytes]) => [name, strFromU8(bytes)]));
    const data = JSON.parse(files["data.json"]!) as { tables: Record<string, Record<string, unknown>[]> };

    // Every table that holds something of hers is there, with her rows.
    for (const table of [
      "customers",
      "addresses",
      "orders",
      "order_lines",
      "order_events",
      "product_reviews",
      "tickets",
      "ticket_replies",
      "wishlist_items",
      "consents",
      "sessions",
      "known_devices",
      "data_exports",
    ])
      expect(data.tables[table]?.length ?? 0, table).toBeGreaterThan(0);
    expect(data.tables.customers!.map((c) => c.email)).toEqual([asha.email]);
    expect(data.tables.addresses!.map((a) => a.street)).toEqual(["12 Golf Course Road"]);
    expect(data.tables.ticket_replies!.map((r) => r.body)).toEqual(["Answered Ashalata"]);
    expect(data.tables.consents!.map((c) => [c.purpose, c.granted, c.via])).toEqual([["order-sms", true, "sign-in"]]);
    // The same rows as CSV, one file per table.
    expect(files["csv/addresses.csv"]).toContain("12 Golf Course Road");
    expect(files["csv/orders.csv"]!.split("\r\n")[0]).toContain("customer_id");
    expect(files["README.txt"]).toMatch(/^Your data from Haat, as held on \d{4}-\d{2}-\d{2}/);

    const everything = Object.values(files).join("\n");
    // None of another shopper's: his name, e-mail, street.
    for (const his of ["Raviprakash", ravi.email!, "7 Sohna Road"]) expect(everything).not.toContain(his);
    // No key to the account.
    const [row] = await on.database.db
      .select({ hash: t.customers.passwordHash })
      .from(t.customers)
      .where(sql`${t.customers.id} = ${asha.id}`);
    expect(everything).not.toContain(row!.hash!);
    expect(everything).not.toMatch(/password_hash|access_digest|refresh_digest|access_token_hash|unsubscribe_token/);
    for (const session of data.tables.sessions!) expect(Object.keys(session)).not.toContain("id");

    // Once: a second try is refused, and the bytes are gone from the database.
    expect((await refusal(downloadDataExport(on.shop, asha, id, keyOf(id, asha)))).message).toBe("This link has been used already: it works once. Ask for a new file in My Account.");
    const [kept] = await on.database.db
      .select({ file: t.dataExports.file, status: t.dataExports.status })
      .from(t.dataExports)
      .where(sql`${t.dataExports.id} = ${id}`);
    expect(kept).toEqual({ file: null, status: "downloaded" });
  });

  it("holds nobody else's messages: none by an address not proved the account's, none another account sent naming it, none a staff member answered", async () => {
    // Someone opened an account with Leela's address and never proved it: her messages sent signed out are not theirs.
    const leela = `leela-${target.name}-${n++}@example.in`;
    await on.shop.tickets.create({ customer: null, name: "Leela", email: leela, phone: "9811111111", subject: "Signed out", message: "Leela's own words" });
    const pretender = await on.shop.accounts.register({ name: "Pretender", email: leela, phone: "9822222222", password: "a-password-1" });
    let data = await on.shop.dataExports.personalData(pretender.id);
    expect(data.tickets).toEqual([]);
    // Once proved, hers are: the signed-out one. Not one another account wrote naming her address.
    await confirmed(on.shop, pretender);
    const other = await on.shop.accounts.register({ name: "Other", email: `other-${target.name}-${n++}@example.in`, phone: "9833333333", password: "a-password-1" });
    await on.shop.tickets.create({ customer: other, name: "Other", email: leela, phone: "9833333333", subject: "Typed her address", message: "Other's words" });
    data = await on.shop.dataExports.personalData(pretender.id);
    expect(data.tickets!.map((ticket) => ticket.message)).toEqual(["Leela's own words"]);
    // A staff member's answers to other shoppers are theirs: not in the staff member's export.
    const staff = await on.shop.accounts.register({ name: "Answering Staff", email: `answers-${target.name}-${n++}@haat.example`, phone: "9876543210", password: "a-password-1" });
    const [asked] = (await on.shop.tickets.inbox()).filter((ticket) => ticket.subject === "Typed her address");
    await on.shop.tickets.answer(staff.id, asked!.id, "Dear Other, about your order");
    const staffData = JSON.stringify(await on.shop.dataExports.personalData(staff.id));
    expect(staffData).not.toContain("Dear Other");
    expect(staffData).not.toContain("Other's words");
  });

  it("refuses a link past its 24 hours", async () => {
    const meena = await shopperWithData("Meenakshi", "3 MG Road");
    const id = await madeFor(meena);
    await on.database.db.execute(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${id}`);
    expect((await refusal(downloadDataExport(on.shop, meena, id, keyOf(id, meena)))).message).toBe("This link ran out: it works for 24 hours. Ask for a new file in My Account.");
    const [kept] = await on.database.db
      .select({ file: t.dataExports.file })
      .from(t.dataExports)
      .where(sql`${t.dataExports.id} = ${id}`);
    expect(kept!.file).toBeNull();
  });

  it("makes the file of a shopper with 1,000 orders in under a minute", async () => {
    const busy = await shopperWithData("Bhuvaneshwari", "9 Cyber City");
    const db = on.database.db;
    // 999 more orders like her first, each with its line (numbers after the shop's last).
    const columns = async (table: string, without: string[]) =>
      (
        (await db.execute(
          sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
        )) as unknown as { rows: { column_name: string }[] }
      ).rows
        .map((r) => r.column_name)
        .filter((c) => !without.includes(c))
        .map((c) => `"${c}"`)
        .join(", ");
    const [first] = await db
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(sql`${t.orders.customerId} = ${busy.id} and ${t.orders.state} = 'confirmed'`);
    const orderColumns = await columns("orders", ["id", "order_number"]);
    await db.execute(
      sql`insert into orders (${sql.raw(orderColumns)}, order_number) select ${sql.raw(orderColumns)}, (select max(order_number) from orders) + g from orders, generate_series(1, 999) g where id = ${first!.id}`,
    );
    const lineColumns = await columns("order_lines", ["id", "order_id"]);
    await db.execute(
      sql`insert into order_lines (order_id, ${sql.raw(lineColumns)}) select o.id, ${sql.raw(
        lineColumns
          .replace(/"/g, "")
          .split(", ")
          .map((c) => `l."${c}"`)
          .join(", "),
      )} from orders o join order_lines l on l.order_id = ${first!.id} where o.customer_id = ${busy.id} and o.id <> ${first!.id} and o.state = 'confirmed'`,
    );
    const started = performance.now();
    const id = await madeFor(busy);
    const seconds = (performance.now() - started) / 1000;
    const { file } = await downloadDataExport(on.shop, busy, id, keyOf(id, busy));
    const data = JSON.parse(strFromU8(unzipSync(file)["data.json"]!)) as { tables: Record<string, unknown[]> };
    expect(data.tables.orders!.filter((o) => (o as { state: string }).state === "confirmed")).toHaveLength(1000);
    console.info(`data export of 1,000 orders on ${target.name}: ${seconds.toFixed(2)} s, ${(file.byteLength / 1000).toFixed(0)} kB`);
    expect(seconds).toBeLessThan(60);
  });
});
