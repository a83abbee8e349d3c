// Contact tickets and newsletter subscribers in the embedded Shop, on PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server.ts";
import { createShop } from "../../app/server/shop/open.server.ts";
import type { Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";

describe.each(targets)("tickets and newsletter on $name", (target) => {
  let database: Database;
  let shop: Shop;

  beforeAll(async () => {
    database = await target.open();
    shop = createShop(database, 0);
  });
  afterAll(async () => {
    await database?.close();
  });

  const message = { name: "Asha", email: "asha@example.in", phone: "", subject: "Hamper", message: "Sunday delivery?" };

  it("numbers tickets and shows one only to its customer or the holder of its key", async () => {
    const asha = await shop.accounts.register({ name: "Asha", email: "asha-t@example.in", phone: "9876543210", password: "password-1" });
    const ravi = await shop.accounts.register({ name: "Ravi", email: "ravi-t@example.in", phone: "9876543211", password: "password-1" });
    const first = await shop.tickets.create({ customer: null, ...message });
    const second = await shop.tickets.create({ customer: asha, ...message });
    expect(first.name).toMatch(/^HAAT-T-\d{6}$/);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await shop.tickets.get(first.id, { customer: null, key: first.key })).toMatchObject({ name: first.name, subject: "Hamper" });
    expect(await shop.tickets.get(first.id, { customer: null, key: null })).toBeNull();
    expect(await shop.tickets.get(first.id, { customer: asha, key: "wrong" })).toBeNull();
    expect(await shop.tickets.get(second.id, { customer: asha, key: null })).not.toBeNull();
    expect(await shop.tickets.get(second.id, { customer: ravi, key: null })).toBeNull();
    expect(await shop.tickets.get(999_999, { customer: asha, key: second.key })).toBeNull();
    const stored = await database.db.execute(sql`select access_token_hash from tickets`);
    expect(JSON.stringify(stored)).not.toContain(first.key);
  });

  it("stores one row per subscriber, and unsubscribes by the link's token", async () => {
    const a = await shop.newsletter.subscribe("reader@example.in");
    const b = await shop.newsletter.subscribe("reader@example.in");
    expect(a.already).toBe(false);
    expect(b).toEqual({ token: a.token, already: true });
    const rows = await database.db.execute(sql`select count(*)::int as n from newsletter_subscribers where email = 'reader@example.in'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(await shop.newsletter.byToken(a.token)).toEqual({ email: "reader@example.in", subscribed: true });
    expect(await shop.newsletter.unsubscribe(a.token)).toBe("reader@example.in");
    expect(await shop.newsletter.byToken(a.token)).toEqual({ email: "reader@example.in", subscribed: false });
    expect(await shop.newsletter.unsubscribe("nope")).toBeNull();
    // Subscribing again brings them back, with the same link.
    expect(await shop.newsletter.subscribe("reader@example.in")).toEqual({ token: a.token, already: true });
    expect((await shop.newsletter.byToken(a.token))?.subscribed).toBe(true);
  });
});
