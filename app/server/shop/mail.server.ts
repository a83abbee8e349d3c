// Mail kept for a retry: an e-mail whose sending failed waits in mail_queue until a retry
// (app/server/mail/queue.server.ts) sends it. Several server instances may retry at
// once: claiming a row moves its next attempt a lease ahead, under FOR UPDATE SKIP LOCKED,
// so each due mail goes to one of them.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { mailQueue } from "../db/schema.server.ts";
import type { MailQueuePort } from "./port.server.ts";

/** Attempts in all, the first (failed) send included; then the mail is given up. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail is someone's to send: longer than any send can take. */
export const MAIL_LEASE_MS = 15 * 60_000;

/** The wait after the n-th failed attempt: 1, 4, 16, 64 minutes…, at most 6 hours. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** Errors can be long (an SMTP transcript): keep the start. */
function clip(error: string): string {
  return error.length > 1000 ? `${error.slice(0, 1000)}…` : error;
}

export function createMailQueue(db: Db, clock: () => number = Date.now): MailQueuePort {
  return {
    async enqueue(mail, error) {
      const now = clock();
      const failedOnce = error !== undefined;
      const [row] = await db
        .insert(mailQueue)
        .values({
          channel: mail.channel ?? "mail",
          to: mail.to,
          subject: mail.subject,
          body: mail.text,
          attempts: failedOnce ? 1 : 0,
          lastError: failedOnce ? clip(error) : null,
          nextAttemptAt: new Date(failedOnce ? now + mailRetryDelayMs(1) : now),
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning({ id: mailQueue.id });
      return { id: row!.id };
    },

    async due(limit) {
      const now = new Date(clock());
      const until = new Date(now.getTime() + MAIL_LEASE_MS);
      // One statement: rows another retry holds are skipped, not waited for; a row it has
      // just claimed is no longer due when re-checked, so it is skipped too.
      const result = await db.execute(sql`
        with claimed as (
          select ${mailQueue.id} as id from ${mailQueue}
          where ${mailQueue.status} = 'pending' and ${mailQueue.nextAttemptAt} <= ${now.toISOString()}
          order by ${mailQueue.nextAttemptAt}, ${mailQueue.id}
          limit ${Math.max(0, Math.trunc(limit))}
          for update skip locked
        )
        update ${mailQueue} set
          next_attempt_at = ${until.toISOString()},
          attempts = ${mailQueue.attempts} + 1,
          updated_at = ${now.toISOString()}
        from claimed where ${mailQueue.id} = claimed.id
        returning ${mailQueue.id} as id, ${mailQueue.channel} as channel, ${mailQueue.to} as "to", ${mailQueue.subject} as subject, ${mailQueue.body} as body, ${mailQueue.attempts} as attempts`);
      const rows = (result as unknown as { rows: { id: number; channel: "mail" | "sms"; to: string; subject: string; body: string; attempts: number }[] }).rows;
      return rows
        .map((r) => ({ id: Number(r.id), attempts: Number(r.attempts), mail: { to: r.to, subject: r.subject, text: r.body, ...(r.channel === "sms" ? { channel: r.channel } : {}) } }))
        .sort((a, b) => a.id - b.id);
    },

    async sent(id) {
      await db.delete(mailQueue).where(eq(mailQueue.id, id));
    },

    async failed(id, error) {
      const now = clock();
      const [row] = await db
        .select({ attempts: mailQueue.attempts })
        .from(mailQueue)
        .where(and(eq(mailQueue.id, id), eq(mailQueue.status, "pending")))
        .limit(1);
      if (!row) return { givenUp: false };
      const givenUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .update(mailQueue)
        .set({
          status: givenUp ? "failed" : "pending",
          lastError: clip(error),
          nextAttemptAt: new Date(now + mailRetryDelayMs(row.attempts)),
          updatedAt: new Date(now),
        })
        .where(eq(mailQueue.id, id));
      return { givenUp };
    },

    depth: () =>
      db
        .select({ channel: mailQueue.channel, count: sql<number>`count(*)::int` })
        .from(mailQueue)
        .where(eq(mailQueue.status, "pending"))
        .groupBy(mailQueue.channel),
  };
}
