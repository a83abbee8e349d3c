// Contact tickets and newsletter subscribers in the embedded Shop, on PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONFIRM_RESEND_MS, createNewsletter } from "../../app/server/shop/newsletter.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";

describe.each(targets)("tickets and newsletter on $name", (target) => {
  const on = shopOn(target);

  const message = { name: "Asha", email: "asha@example.in", phone: "", subject: "Hamper", message: "Sunday delivery?" };

  it("numbers tickets and shows one only to its customer or the holder of its key", async () => {
    const asha = await on.shop.accounts.register({ name: "Asha", email: "asha-t@example.in", phone: "9876543210", password: "password-1" });
    const ravi = await on.shop.accounts.register({ name: "Ravi", email: "ravi-t@example.in", phone: "9876543211", password: "password-1" });
    const first = await on.shop.tickets.create({ customer: null, ...message });
    const second = await on.shop.tickets.create({ customer: asha, ...message });
    expect(first.name).toMatch(/^HAAT-T-\d{6}$/);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await on.shop.tickets.get(first.id, { customer: null, key: first.key })).toMatchObject({ name: first.name, subject: "Hamper" });
    expect(await on.shop.tickets.get(first.id, { customer: null, key: null })).toBeNull();
    expect(await on.shop.tickets.get(first.id, { customer: asha, key: "wrong" })).toBeNull();
    expect(await on.shop.tickets.get(second.id, { customer: asha, key: null })).not.toBeNull();
    expect(await on.shop.tickets.get(second.id, { customer: ravi, key: null })).toBeNull();
    expect(await on.shop.tickets.get(999_999, { customer: asha, key: second.key })).toBeNull();
    const stored = await on.database.db.execute(sql`select access_token_hash from tickets`);
    expect(JSON.stringify(stored)).not.toContain(first.key);
  });

  it("subscribes only once the mailed link is confirmed, and unsubscribes by the welcome's token", async () => {
    let now = Date.parse("2026-11-23T10:00:00Z");
    const newsletter = createNewsletter(on.database.db, () => now);
    const first = await newsletter.subscribe("reader@example.in");
    expect(first.confirmToken).toMatch(/\S{20,}/);
    expect(first.confirmed).toBe(false);
    // Asked again within the hour: no second mail (the same link still works).
    expect(await newsletter.subscribe("reader@example.in")).toEqual({ confirmToken: null, confirmed: false });
    const rows = await on.database.db.execute(sql`select count(*)::int as n from newsletter_subscribers where email = 'reader@example.in'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // An hour on, the mail may go again, with the same link.
    now += CONFIRM_RESEND_MS;
    expect(await newsletter.subscribe("reader@example.in")).toEqual({ confirmToken: first.confirmToken, confirmed: false });

    expect(await newsletter.byConfirmToken(first.confirmToken!)).toEqual({ email: "reader@example.in", confirmed: false });
    expect(await newsletter.confirm("not-a-token")).toBeNull();
    // A link edited by hand names nobody; PostgreSQL never sees a NUL.
    for (const bad of ["a\u0000b".repeat(10), "x".repeat(500), "<script>"]) {
      expect(await newsletter.byConfirmToken(bad)).toBeNull();
      expect(await newsletter.confirm(bad)).toBeNull();
      expect(await newsletter.byToken(bad)).toBeNull();
      expect(await newsletter.unsubscribe(bad)).toBeNull();
    }
    const confirmed = await newsletter.confirm(first.confirmToken!);
    expect(confirmed).toMatchObject({ email: "reader@example.in", already: false });
    expect(await newsletter.confirm(first.confirmToken!)).toMatchObject({ already: true });
    expect(await newsletter.byToken(confirmed!.unsubscribeToken)).toEqual({ email: "reader@example.in", subscribed: true });
    // A confirmed subscriber asking again gets nothing to confirm.
    now += CONFIRM_RESEND_MS;
    expect(await newsletter.subscribe("reader@example.in")).toEqual({ confirmToken: null, confirmed: true });

    expect(await newsletter.unsubscribe(confirmed!.unsubscribeToken)).toBe("reader@example.in");
    expect(await newsletter.byToken(confirmed!.unsubscribeToken)).toEqual({ email: "reader@example.in", subscribed: false });
    expect(await newsletter.unsubscribe("nope")).toBeNull();
    // The first confirmation link does not bring them back.
    expect(await newsletter.confirm(first.confirmToken!)).toBeNull();
    // Back after leaving: only by confirming again; a stranger's post cannot re-subscribe them.
    const again = await newsletter.subscribe("reader@example.in");
    expect(again.confirmToken).not.toBeNull();
    expect(again.confirmToken).not.toBe(first.confirmToken);
    expect((await newsletter.byToken(confirmed!.unsubscribeToken))?.subscribed).toBe(false);
    await newsletter.confirm(again.confirmToken!);
    expect((await newsletter.byToken(confirmed!.unsubscribeToken))?.subscribed).toBe(true);
  });

  it("mails one confirmation when the same address is posted many times at once", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => on.shop.newsletter.subscribe("rush@example.in")));
    expect(results.filter((r) => r.confirmToken !== null)).toHaveLength(1);
  });
});
