// Keys of posts a browser may send more than once (issue 26, decision 051): a cart change
// queued offline is replayed with the key it was first sent with, and a replay after a lost
// answer finds the first post's outcome here instead of making the change again. Every step is
// one statement, so no transaction stays open while the change itself runs (it may call the ERP).
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { postKeys } from "../db/schema.server.ts";
import type { PostKeysPort } from "./port.server.ts";

/**
 * A key still 'running' after this long belongs to a post whose process died mid-change: the
 * next post with it may run again (the change may have been made once already; said in decision 051).
 */
export const STALE_RUNNING_MS = 60_000;

export function createPostKeys(db: Db, now: () => number = Date.now): PostKeysPort {
  const mine = (customerId: number, key: string) => and(eq(postKeys.customerId, customerId), eq(postKeys.key, key));
  return {
    async claim(customerId, key, keepMs, intent) {
      const at = new Date(now());
      const forgotten = new Date(at.getTime() - keepMs);
      const stale = new Date(at.getTime() - STALE_RUNNING_MS);
      // A key from before keys knew their intent (null) is taken as this one's.
      const sameIntent = or(isNull(postKeys.intent), eq(postKeys.intent, intent));
      // Taken when no row has the key, or the row is one to forget: too old, or left running by
      // a post of the same intent (another intent's key is never taken over while it is kept).
      const taken = await db
        .insert(postKeys)
        .values({ customerId, key, intent, createdAt: at })
        .onConflictDoUpdate({
          target: [postKeys.customerId, postKeys.key],
          set: { intent, outcome: null, createdAt: at },
          setWhere: or(lt(postKeys.createdAt, forgotten), and(isNull(postKeys.outcome), lt(postKeys.createdAt, stale), sameIntent)),
        })
        .returning({ key: postKeys.key });
      if (taken.length > 0) {
        // This customer's old keys go as they post: no sweep to schedule.
        await db.delete(postKeys).where(and(eq(postKeys.customerId, customerId), lt(postKeys.createdAt, forgotten)));
        return { kind: "new" };
      }
      const [row] = await db.select({ intent: postKeys.intent, outcome: postKeys.outcome }).from(postKeys).where(mine(customerId, key)).limit(1);
      // Given back between the two statements: the first post was refused, so this one runs.
      if (!row) return this.claim(customerId, key, keepMs, intent);
      // The key of another change: its outcome is not this post's answer (issue 41 item 7).
      if (row.intent !== null && row.intent !== intent) return { kind: "other" };
      return row.outcome === null ? { kind: "running" } : { kind: "done", outcome: row.outcome };
    },

    async finish(customerId, key, outcome) {
      await db.update(postKeys).set({ outcome }).where(mine(customerId, key));
    },

    async release(customerId, key) {
      await db.delete(postKeys).where(and(mine(customerId, key), isNull(postKeys.outcome)));
    },
  };
}
