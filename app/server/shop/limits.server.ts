// Fixed-window rate limits kept in the database, so every instance behind a load
// balancer counts together. One upsert per attempt, which counts and returns the count in
// one statement: the row lock makes parallel attempts take numbers one after another.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { rateLimits } from "../db/schema.server.ts";
import type { RateLimitPort } from "./port.server.ts";

export function createLimits(db: Db, now: () => number = Date.now): RateLimitPort {
  return {
    async hit(key, limit, windowMs) {
      const at = new Date(now());
      const windowStartsAfter = new Date(now() - windowMs);
      const rows = await db
        .insert(rateLimits)
        .values({ key, windowStart: at, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      const row = rows[0]!;
      const allowed = row.count <= limit;
      return { allowed, count: row.count, retryAfterMs: allowed ? 0 : Math.max(0, row.windowStart.getTime() + windowMs - now()) };
    },

    async blocked(key, limit, windowMs) {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
      return Boolean(row && row.windowStart.getTime() > now() - windowMs && row.count >= limit);
    },

    async clear(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
