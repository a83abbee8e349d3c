// Mail kept for a retry when sending fails, on PGlite and PostgreSQL: kept, sent by the retry
// once (also when two retries run at once), backed off, given up after the last attempt.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../app/server/db/client.server.ts";
import { retryKeptMail, sendOrKeep } from "../../app/server/mail/queue.server.ts";
import type { Mail, Mailer } from "../../app/server/mail/mailer.server.ts";
import { createMailQueue, MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from "../../app/server/shop/mail.server.ts";
import type { MailQueuePort } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";

/** A mailer that records what it sends, or fails while `down`. */
function fakeMailer(delayMs = 0) {
  const sent: Mail[] = [];
  const mailer = {
    down: false as boolean,
    sent,
    async send(mail: Mail) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (mailer.down) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      sent.push(mail);
    },
  } satisfies Mailer & { down: boolean; sent: Mail[] };
  return mailer;
}

const welcome = (to: string): Mail => ({ to, subject: "You're on the newsletter", text: "Thank you for subscribing." });

describe.each(targets)("kept mail on $name", (target) => {
  let database: Database;
  let now = Date.parse("2026-11-24T10:00:00Z");
  let shop: { mail: MailQueuePort };

  async function rows() {
    const result = await database.db.execute(sql`select id, "to", status, attempts, last_error from mail_queue order by id`);
    return (result as unknown as { rows: { id: number; to: string; status: string; attempts: number; last_error: string | null }[] }).rows;
  }

  beforeAll(async () => {
    // Each failure is logged; the rows say the same.
    vi.spyOn(console, "error").mockImplementation(() => {});
    database = await target.open();
    shop = { mail: createMailQueue(database.db, () => now) };
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from mail_queue`);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it("sends at once when it can, keeping nothing", async () => {
    const mailer = fakeMailer();
    expect(await sendOrKeep(shop, mailer, welcome("a@example.in"))).toBe("sent");
    expect(mailer.sent.map((m) => m.to)).toEqual(["a@example.in"]);
    expect(await rows()).toEqual([]);
  });

  it("keeps a mail it cannot send, and the retry sends it once the mail server is back", async () => {
    const mailer = fakeMailer();
    mailer.down = true;
    expect(await sendOrKeep(shop, mailer, welcome("b@example.in"))).toBe("kept");
    expect(await rows()).toMatchObject([{ to: "b@example.in", status: "pending", attempts: 1, last_error: "connect ECONNREFUSED 127.0.0.1:25" }]);
    // Not before its backoff.
    mailer.down = false;
    expect(await retryKeptMail(shop, mailer)).toEqual({ sent: 0, failed: 0 });
    now += mailRetryDelayMs(1);
    expect(await retryKeptMail(shop, mailer)).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent).toEqual([welcome("b@example.in")]);
    expect(await rows()).toEqual([]);
    now += 24 * 3600_000;
    expect(await retryKeptMail(shop, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("sends each due mail once when two retries run at the same time", async () => {
    for (let i = 0; i < 12; i++) await shop.mail.enqueue(welcome(`c${i}@example.in`));
    const mailer = fakeMailer(5);
    const drain = async () => {
      let total = 0;
      for (;;) {
        const { sent } = await retryKeptMail(shop, mailer, 3);
        if (sent === 0) return total;
        total += sent;
      }
    };
    const [one, two] = await Promise.all([drain(), drain()]);
    expect(one + two).toBe(12);
    const to = mailer.sent.map((m) => m.to).sort();
    expect(to).toEqual(Array.from({ length: 12 }, (_, i) => `c${i}@example.in`).sort());
    expect(await rows()).toEqual([]);
  });

  it("does not hand a claimed mail to another retry until its lease ends", async () => {
    await shop.mail.enqueue(welcome("d@example.in"));
    const [claimed] = await shop.mail.due(10);
    expect(claimed).toMatchObject({ mail: welcome("d@example.in"), attempts: 1 });
    // Its sender died without a word: nobody else takes it during the lease, someone after.
    expect(await shop.mail.due(10)).toEqual([]);
    now += MAIL_LEASE_MS;
    expect(await shop.mail.due(10)).toMatchObject([{ id: claimed!.id, attempts: 2 }]);
  });

  it("backs off after each failure and gives up after the last attempt", async () => {
    const mailer = fakeMailer();
    mailer.down = true;
    expect(await sendOrKeep(shop, mailer, welcome("e@example.in"))).toBe("kept");
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await retryKeptMail(shop, mailer)).toEqual({ sent: 0, failed: 0 });
      now += mailRetryDelayMs(attempt - 1);
      expect(await retryKeptMail(shop, mailer)).toEqual({ sent: 0, failed: 1 });
    }
    expect(await rows()).toMatchObject([{ to: "e@example.in", status: "failed", attempts: MAIL_MAX_ATTEMPTS }]);
    mailer.down = false;
    now += 7 * 24 * 3600_000;
    expect(await retryKeptMail(shop, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
  });
});
