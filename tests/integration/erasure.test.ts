// Erasure (issue 48 item 4, decision 086), on PGlite and PostgreSQL: after it, no column of any
// table holds the shopper's name, e-mail, number or street, except the order the GST law keeps
// (its row and its invoice); their review stays, anonymous; an order on its way refuses it; the
// same e-mail and number open a new account afresh.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANONYMOUS_REVIEWER } from "../../app/domain/review.ts";
import * as t from "../../app/server/db/schema.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { cancelOrder } from "../../app/server/use-cases/cancel-order.server.ts";
import { placeOrder } from "../../app/server/use-cases/place-order.server.ts";
import { targets } from "./databases.ts";
import { confirmed, home, refusal, shopOn } from "./fixtures.ts";
import { deleteAccount, erasureProof } from "../../app/server/use-cases/erasure.server.ts";

const DAL = "GP-PUL-MSR-1KG";

describe.each(targets)("erasing an account on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let n = 0;

  async function place(customer: Customer, addressId: number) {
    await on.shop.cart.add(customer, { internalReference: DAL, quantity: 1 });
    return (await placeOrder(on.shop, customer, { cartId: (await on.shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "cod", via: "link" })).orderId;
  }

  /** Every text and JSON column of every table that holds `needle` (case-insensitive): "table.column#id". */
  async function whereFound(needle: string): Promise<string[]> {
    const db = on.database.db;
    const columns = (
      (await db.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() and data_type in ('text', 'jsonb', 'character varying') order by table_name, column_name`,
      )) as unknown as { rows: { table_name: string; column_name: string }[] }
    ).rows;
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      if (table.startsWith("__drizzle")) continue;
      const rows = (
        (await db.execute(sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`)) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      for (const row of rows) found.push(`${table}.${column}#${String(row.id ?? row.order_id ?? "")}`);
    }
    return found;
  }

  it("leaves none of the shopper's data outside the invoiced order the law keeps, and frees the e-mail and number", async () => {
    const tag = `${target.name}${n++}`;
    const who = { name: `Zorawar Lakhanpal ${tag}`, email: `zorawar-${tag}@example.in`, mobile: `93456${String(10_000 + n).slice(-5)}`, street: `44 Aravalli Vista Lane ${tag}` };
    const customer = await confirmed(on.shop, await on.shop.accounts.register({ name: who.name, email: who.email, phone: who.mobile, password: "a-password-1" }));
    await on.shop.accounts.setMobile(customer.id, who.mobile, true);
    const { id: addressId } = await on.shop.addresses.create(customer, { ...home, name: who.name, phone: who.mobile, email: who.email, street: who.street });
    // Delivered, so invoiced: the GST record.
    const delivered = await place(customer, addressId);
    for (const from of ["placed", "confirmed", "packed", "out_for_delivery"] as const) await on.shop.orders.advance(delivered, from, null);
    // Cancelled before it left: no invoice, no money moved.
    const cancelled = await place(customer, addressId);
    await cancelOrder(on.shop, customer, cancelled);
    await on.shop.cart.add(customer, { internalReference: DAL, quantity: 3 });
    await on.shop.wishlist.add(customer, DAL);
    const [product] = await on.database.db.select({ id: t.products.id }).from(t.products).limit(1);
    await on.database.db.insert(t.productReviews).values({ productId: product!.id, customerId: customer.id, author: who.name, rating: 4, body: "Good dal" });
    const ticket = await on.shop.tickets.create({ customer, name: who.name, email: who.email, phone: who.mobile, subject: "Where is it", message: `Deliver to ${who.street}` });
    await on.shop.tickets.answer(customer.id, ticket.id, `Dear ${who.name}, it is on its way`);
    await on.shop.tickets.create({ customer: null, name: who.name, email: who.email, phone: who.mobile, subject: "Signed out", message: "Hello" });
    const { confirmToken } = await on.shop.newsletter.subscribe(who.email);
    await on.shop.newsletter.confirm(confirmToken!);
    await on.shop.accounts.startSession(customer.id);
    await on.shop.accounts.rememberDevice(customer.id, `device-${tag}`);
    await on.shop.dataExports.request(customer.id, "en");
    await on.database.db.insert(t.mailQueue).values({ channel: "mail", to: who.email, subject: `For ${who.name}`, body: who.street, nextAttemptAt: new Date() });

    // A code for a number being added, and the answer kept for a repeated post.
    await on.database.db
      .insert(t.oneTimeCodes)
      .values({ mobile: "9000000001", purpose: "add-mobile", customerId: customer.id, codeDigest: "x", expiresAt: new Date(Date.now() + 60_000) });
    await on.database.db.insert(t.postKeys).values({ customerId: customer.id, key: `key-${tag}`, intent: "add", outcome: { said: who.name } });

    // Someone else's count of attempts stays, whatever the erased address holds.
    await on.database.db.insert(t.rateLimits).values({ key: `signInPerEmail:someone-else-${tag}@example.in`, windowStart: new Date(), count: 2 });
    // Through the page's way in: a wrong password first (counted by the e-mail, as a sign-in is), then the right one.
    const { token } = await on.shop.accounts.startSession(customer.id);
    const input = { sessionToken: token, clientAddress: "203.0.113.90" };
    expect((await refusal(deleteAccount(on.shop, customer, { ...input, password: "wrong-one" }))).message).toBe("That password is not right.");
    expect(await deleteAccount(on.shop, customer, { ...input, password: "a-password-1" })).toMatchObject({ keptOrders: 1 });

    // Only the kept order's row and its invoice hold the buyer's details.
    const [invoice] = await on.database.db.select({ id: t.invoices.id }).from(t.invoices).where(eq(t.invoices.orderId, delivered));
    const allowed = new Set([`orders.delivery_address#${delivered}`, `invoices.document#${invoice!.id}`]);
    expect(await on.database.db.select().from(t.oneTimeCodes).where(eq(t.oneTimeCodes.customerId, customer.id))).toEqual([]);
    expect(await on.database.db.select().from(t.postKeys).where(eq(t.postKeys.customerId, customer.id))).toEqual([]);
    expect(
      await on.database.db
        .select({ count: t.rateLimits.count })
        .from(t.rateLimits)
        .where(eq(t.rateLimits.key, `signInPerEmail:someone-else-${tag}@example.in`)),
    ).toEqual([{ count: 2 }]);
    for (const needle of [who.name, who.email, who.mobile, who.street])
      expect(
        (await whereFound(needle)).filter((place) => !allowed.has(place)),
        needle,
      ).toEqual([]);
    // Kept as invoiced: the buyer is named there, as the invoice rules ask.
    expect(await whereFound(who.street)).toEqual(expect.arrayContaining([...allowed]));
    const [cancelledRow] = await on.database.db.select().from(t.orders).where(eq(t.orders.id, cancelled));
    expect(cancelledRow).toBeUndefined();
    // The review stays, said by no one.
    const [review] = await on.database.db.select().from(t.productReviews).where(eq(t.productReviews.customerId, customer.id));
    expect(review).toMatchObject({ author: ANONYMOUS_REVIEWER, body: "Good dal" });
    // Erased once is erased.
    expect(await on.shop.privacy.erase(customer.id)).toEqual({ erased: false, refused: "not-found" });

    // The same e-mail and number open a new account afresh.
    const again = await on.shop.accounts.register({ name: "Zorawar Again", email: who.email, phone: who.mobile, password: "a-password-2" });
    expect(again.id).not.toBe(customer.id);
    expect(await on.shop.accounts.setMobile(again.id, who.mobile)).toMatchObject({ set: true });
    expect(await on.shop.orders.list(again)).toEqual([]);
  });

  it("refuses while an order is on its way, and erases once it is cancelled", async () => {
    const customer = await on.shop.accounts.register({ name: "Waiting Shopper", email: `waiting-${target.name}${n++}@example.in`, phone: "9876543210", password: "a-password-1" });
    const { id: addressId } = await on.shop.addresses.create(customer, home);
    const orderId = await place(customer, addressId);
    expect(await on.shop.privacy.erase(customer.id)).toEqual({ erased: false, refused: "open-orders" });
    const [still] = await on.database.db.select({ email: t.customers.email }).from(t.customers).where(eq(t.customers.id, customer.id));
    expect(still!.email).toBe(customer.email);
    await cancelOrder(on.shop, customer, orderId);
    expect(await on.shop.privacy.erase(customer.id)).toEqual({ erased: true, keptOrders: 0 });
  });

  it("asks the password of an account that has one, and a fresh sign-in of one that has none", async () => {
    const withPassword = await on.shop.accounts.register({ name: "Pass Word", email: `pass-${target.name}${n++}@example.in`, phone: "9876543210", password: "a-password-1" });
    const { token } = await on.shop.accounts.startSession(withPassword.id);
    const input = { sessionToken: token, clientAddress: "203.0.113.77" };
    expect((await refusal(deleteAccount(on.shop, withPassword, { ...input, password: "not-it" }))).message).toBe("That password is not right.");
    expect(await deleteAccount(on.shop, withPassword, { ...input, password: "a-password-1" })).toMatchObject({
      message: "Your account is deleted. We keep only the invoiced orders the law requires.",
    });

    // Opened with a number alone: its proof is a sign-in with a code, minutes ago.
    const mobileOnly = await on.shop.accounts.registerMobile({ name: "Only Mobile", mobile: `93999${String(10_000 + n++).slice(-5)}` });
    const fresh = await on.shop.accounts.startSession(mobileOnly.id);
    expect(await erasureProof(on.shop, mobileOnly, fresh.token)).toBe("recent");
    expect(await deleteAccount(on.shop, mobileOnly, { sessionToken: fresh.token, clientAddress: "203.0.113.78" })).toMatchObject({ keptOrders: 0 });
  });

  it("says to sign in again when the sign-in is not fresh and there is no password", async () => {
    const mobileOnly = await on.shop.accounts.registerMobile({ name: "Stale Mobile", mobile: `93888${String(10_000 + n++).slice(-5)}` });
    const { token } = await on.shop.accounts.startSession(mobileOnly.id);
    await on.database.db
      .update(t.sessions)
      .set({ createdAt: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(t.sessions.customerId, mobileOnly.id));
    expect(await erasureProof(on.shop, mobileOnly, token)).toBe("sign-in-again");
    expect((await refusal(deleteAccount(on.shop, mobileOnly, { sessionToken: token, clientAddress: "203.0.113.79" }))).message).toBe(
      "To delete your account, sign in again first: with your password or a code sent to your mobile.",
    );
    expect(await on.shop.accounts.byId(mobileOnly.id)).toMatchObject({ name: "Stale Mobile" });
  });
});
