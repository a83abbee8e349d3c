// The daily retention pass (issue 48 item 5) on PGlite and PostgreSQL: of each kind, a row a
// second past its period goes and a row a second short of it stays; a cart with a payment begun,
// an order placed, an open ticket and a revoked API token still inside its refresh period stay;
// a second pass removes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETENTION_DAYS } from "../../app/domain/privacy/retention.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import * as t from "../../app/server/db/schema.server.ts";
import { removeExpired } from "../../app/server/shop/retention.server.ts";
import { targets } from "./databases.ts";

const NOW = new Date("2026-12-01T06:00:00Z");
const DAY = 86_400_000;
/** A moment `days` before NOW's boundary for `kind`, moved by `seconds` (negative: past it, due). */
const at = (days: number, seconds: number) => new Date(NOW.getTime() - days * DAY + seconds * 1000);
const due = (days: number) => at(days, -1);
const kept = (days: number) => at(days, 1);

describe.each(targets)("removing what has outlived its period on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    const { seedDemoCatalog } = await import("../../app/server/shop/open.server.ts");
    await seedDemoCatalog(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("removes exactly what is due, kind by kind, and nothing on a second pass", async () => {
    const db = database.db;
    const D = RETENTION_DAYS;
    const [asha, ravi] = await db
      .insert(t.customers)
      .values([
        { name: "Asha", email: "asha@example.in" },
        { name: "Ravi", email: "ravi@example.in" },
      ])
      .returning({ id: t.customers.id });
    const [variant] = await db.select({ id: t.variants.id }).from(t.variants).limit(1);

    await db.insert(t.oneTimeCodes).values([
      { mobile: "9812300001", purpose: "sign-in", codeDigest: "a", expiresAt: due(D.codes), createdAt: due(D.codes) },
      { mobile: "9812300002", purpose: "sign-in", codeDigest: "b", expiresAt: kept(D.codes), createdAt: kept(D.codes) },
    ]);
    await db.insert(t.passwordResets).values([
      { customerId: asha!.id, codeHash: "a", expiresAt: due(D.passwordResets) },
      { customerId: ravi!.id, codeHash: "b", expiresAt: kept(D.passwordResets) },
    ]);
    await db.insert(t.emailConfirmations).values([
      { customerId: asha!.id, tokenDigest: "a", expiresAt: due(D.emailConfirmations) },
      { customerId: ravi!.id, tokenDigest: "b", expiresAt: kept(D.emailConfirmations) },
    ]);
    await db.insert(t.sessions).values([
      { id: "session-due", customerId: asha!.id, expiresAt: due(D.sessions) },
      { id: "session-kept", customerId: asha!.id, expiresAt: kept(D.sessions) },
    ]);
    const token = (n: string, refreshExpiresAt: Date, revokedAt: Date | null = null) => ({
      customerId: asha!.id,
      family: n,
      accessDigest: `access-${n}`,
      refreshDigest: `refresh-${n}`,
      accessExpiresAt: refreshExpiresAt,
      refreshExpiresAt,
      revokedAt,
    });
    await db.insert(t.apiTokens).values([token("expired", due(D.apiTokens)), token("revoked", kept(-30), due(D.apiTokens)), token("live", kept(D.apiTokens))]);
    await db.insert(t.knownDevices).values([
      { id: "device-due", customerId: asha!.id, lastSignedInAt: due(D.devices) },
      { id: "device-kept", customerId: asha!.id, lastSignedInAt: kept(D.devices) },
    ]);
    await db.insert(t.rateLimits).values([
      { key: "ip:203.0.113.7", windowStart: due(D.rateLimits), count: 3 },
      { key: "ip:203.0.113.8", windowStart: kept(D.rateLimits), count: 3 },
    ]);
    await db.insert(t.postKeys).values([
      { customerId: asha!.id, key: "key-due", intent: "place", createdAt: due(D.postKeys) },
      { customerId: asha!.id, key: "key-kept", intent: "place", createdAt: kept(D.postKeys) },
    ]);
    await db.insert(t.newsletterSubscribers).values([
      { email: "unconfirmed-due@example.in", unsubscribeToken: "u1", subscribedAt: due(D.newsletter), confirmSentAt: due(D.newsletter) },
      { email: "unconfirmed-kept@example.in", unsubscribeToken: "u2", subscribedAt: due(D.newsletter), confirmSentAt: kept(D.newsletter) },
      { email: "left-due@example.in", unsubscribeToken: "u3", subscribedAt: due(400), confirmedAt: due(400), unsubscribedAt: due(D.newsletter) },
      { email: "left-kept@example.in", unsubscribeToken: "u4", subscribedAt: due(400), confirmedAt: due(400), unsubscribedAt: kept(D.newsletter) },
      { email: "reader@example.in", unsubscribeToken: "u5", subscribedAt: due(400), confirmedAt: due(400) },
    ]);
    await db.insert(t.mailQueue).values([
      { channel: "mail", to: "old@example.in", subject: "s", body: "b", createdAt: due(D.outgoingMessages) },
      { channel: "mail", to: "new@example.in", subject: "s", body: "b", createdAt: kept(D.outgoingMessages) },
    ]);
    const ticket = async (status: "open" | "answered" | "closed", createdAt: Date, replyAt: Date | null) => {
      const [row] = await db
        .insert(t.tickets)
        .values({ name: "Asha", email: "asha@example.in", subject: status, message: "m", status, createdAt, accessTokenHash: `hash-${status}-${createdAt.getTime()}` })
        .returning({ id: t.tickets.id });
      if (replyAt) await db.insert(t.ticketReplies).values({ ticketId: row!.id, body: "r", createdAt: replyAt });
      return row!.id;
    };
    const oldClosed = await ticket("closed", due(D.tickets), null);
    const oldAnswered = await ticket("answered", due(D.tickets + 10), due(D.tickets));
    const recentReply = await ticket("answered", due(D.tickets + 10), kept(D.tickets));
    const stillOpen = await ticket("open", due(D.tickets + 10), null);
    // One cart per shopper (the schema's rule): each its own.
    let shoppers = 0;
    const cart = async (updatedAt: Date, withPayment = false, placed = false) => {
      const [shopper] = await db
        .insert(t.customers)
        .values({ name: `Shopper ${++shoppers}`, email: `shopper-${shoppers}@example.in` })
        .returning({ id: t.customers.id });
      const [order] = await db
        .insert(t.orders)
        .values({
          customerId: shopper!.id,
          state: placed ? "confirmed" : "draft",
          updatedAt,
          ...(placed ? { placedAt: updatedAt, orderNumber: 1, totalPaise: 100, deliveryAddress: { name: "Asha" } as never } : {}),
        })
        .returning({ id: t.orders.id });
      await db.insert(t.orderLines).values({ orderId: order!.id, variantId: variant!.id, quantity: 1, title: "x", internalReference: "x", unitPricePaise: 100, mrpPaise: 100 });
      if (withPayment) await db.insert(t.payments).values({ orderId: order!.id, method: "razorpay", amountPaise: 100 });
      return order!.id;
    };
    const staleCart = await cart(due(D.carts));
    const freshCart = await cart(kept(D.carts));
    const cartWithPayment = await cart(due(D.carts), true);
    const oldOrder = await cart(due(D.carts + 1000), false, true);
    await db.insert(t.staffAudit).values([
      { staffId: ravi!.id, action: "a", entity: "e", entityId: "due", at: due(D.staffRecords) },
      { staffId: ravi!.id, action: "a", entity: "e", entityId: "kept", at: kept(D.staffRecords) },
    ]);
    await db.insert(t.pickTicks).values([
      { date: "2025-11-30", kind: "morning", variantId: variant!.id, pickedBy: ravi!.id, pickedAt: due(D.pickTicks) },
      { date: "2025-12-02", kind: "morning", variantId: variant!.id, pickedBy: ravi!.id, pickedAt: kept(D.pickTicks) },
    ]);
    // The consent ledger: a consent's lines go a period after its withdrawal (or end); a grant standing stays however old.
    const line = (l: Partial<typeof t.consents.$inferInsert> & Pick<typeof t.consents.$inferInsert, "purpose" | "granted" | "at">) => ({ via: "my-account" as const, ...l });
    await db
      .insert(t.consents)
      .values([
        line({ customerId: asha!.id, purpose: "order-sms", granted: true, at: due(D.consents + 100) }),
        line({ customerId: asha!.id, purpose: "order-sms", granted: false, at: due(D.consents) }),
        line({ customerId: asha!.id, purpose: "offers-sms", granted: true, via: "earlier", at: due(D.consents + 400) }),
        line({ customerId: ravi!.id, purpose: "order-sms", granted: true, at: due(D.consents + 100) }),
        line({ customerId: ravi!.id, purpose: "order-sms", granted: false, at: kept(D.consents) }),
        line({ email: "again@example.in", purpose: "newsletter", granted: true, via: "mail-link", at: due(D.consents + 50) }),
        line({ email: "again@example.in", purpose: "newsletter", granted: false, via: "mail-link", at: due(D.consents) }),
        line({ email: "again@example.in", purpose: "newsletter", granted: true, via: "mail-link", at: due(10) }),
        line({ customerId: asha!.id, purpose: "notify-me", detail: "GP-OLD", granted: true, via: "product-page", at: due(D.consents + 3) }),
        line({ customerId: asha!.id, purpose: "notify-me", detail: "GP-OLD", granted: false, via: "served", at: due(D.consents) }),
        line({ customerId: asha!.id, purpose: "notify-me", detail: "GP-NEW", granted: true, via: "product-page", at: due(D.consents + 3) }),
      ]);
    await db.insert(t.dataExports).values([
      { customerId: asha!.id, status: "downloaded", requestedAt: due(D.dataExports) },
      { customerId: ravi!.id, status: "ready", file: new Uint8Array([1, 2, 3]), requestedAt: kept(D.dataExports) },
    ]);

    await db.insert(t.processingLog).values([
      { customerId: asha!.id, staffId: ravi!.id, action: "read", what: "order", detail: "due", at: due(D.processingLog) },
      { customerId: asha!.id, system: "data-export", action: "read", what: "everything", detail: "kept", at: kept(D.processingLog) },
    ]);
    // A breach goes with whom it touched and the log of telling them.
    const breach = { what: "w", location: "l", items: ["contact"], consequences: "c", mitigation: "m", safety: "s" };
    const [oldBreach] = await db
      .insert(t.breaches)
      .values({ ...breach, foundAt: due(D.breaches) })
      .returning({ id: t.breaches.id });
    const [keptBreach] = await db
      .insert(t.breaches)
      .values({ ...breach, foundAt: kept(D.breaches) })
      .returning({ id: t.breaches.id });
    await db.insert(t.breachPeople).values({ breachId: oldBreach!.id, customerId: asha!.id });
    await db.insert(t.breachNotices).values({ breachId: oldBreach!.id, customerId: asha!.id, channel: "mail", status: "sent" });

    const removed = await removeExpired(db, NOW);
    expect(removed).toEqual({
      codes: 1,
      passwordResets: 1,
      emailConfirmations: 1,
      sessions: 1,
      apiTokens: 1,
      devices: 1,
      rateLimits: 1,
      postKeys: 1,
      newsletter: 2,
      outgoingMessages: 1,
      tickets: 2,
      carts: 1,
      staffRecords: 1,
      pickTicks: 1,
      consents: 6,
      dataExports: 1,
      processingLog: 1,
      breaches: 1,
    });
    const values = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => Object.values(r)[0]);
    expect(await values(sql`select mobile from one_time_codes`)).toEqual(["9812300002"]);
    expect(await values(sql`select id from sessions order by id`)).toEqual(["session-kept"]);
    // A revoked token stays until its refresh token would have expired: presented again, it reveals a reuse.
    expect(await values(sql`select family from api_tokens order by family`)).toEqual(["live", "revoked"]);
    expect(await values(sql`select email from newsletter_subscribers order by email`)).toEqual(["left-kept@example.in", "reader@example.in", "unconfirmed-kept@example.in"]);
    expect(await values(sql`select id from tickets order by id`)).toEqual([recentReply, stillOpen]);
    expect(await values(sql`select count(*)::int from ticket_replies where ticket_id in (${oldClosed}, ${oldAnswered})`)).toEqual([0]);
    expect(await values(sql`select id from orders order by id`)).toEqual([freshCart, cartWithPayment, oldOrder]);
    expect(await values(sql`select count(*)::int from order_lines where order_id = ${staleCart}`)).toEqual([0]);
    expect(await values(sql`select entity_id from staff_audit`)).toEqual(["kept"]);
    expect(await values(sql`select detail from processing_log where customer_id = ${asha!.id}`)).toEqual(["kept"]);
    expect(await values(sql`select count(*)::int from breach_notices where breach_id = ${oldBreach!.id}`)).toEqual([0]);
    expect(await values(sql`select id from breaches where id in (${oldBreach!.id}, ${keptBreach!.id})`)).toEqual([keptBreach!.id]);
    const ledger = await db.select().from(t.consents).orderBy(t.consents.at);
    expect(ledger.map((l) => [l.customerId === asha!.id ? "asha" : l.customerId === ravi!.id ? "ravi" : l.email, l.purpose, l.detail, l.granted])).toEqual([
      ["asha", "offers-sms", null, true],
      ["ravi", "order-sms", null, true],
      ["asha", "notify-me", "GP-NEW", true],
      ["ravi", "order-sms", null, false],
      ["again@example.in", "newsletter", null, true],
    ]);

    // Done once, done: a second pass finds nothing due.
    expect(Object.values(await removeExpired(db, NOW)).every((n) => n === 0)).toBe(true);
  });
});
