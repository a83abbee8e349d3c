// Newsletter subscribers: one row per address, each with its own unsubscribe token.
import { and, eq, isNull } from "drizzle-orm";
import { newToken } from "../auth/password.server.ts";
import type { Db } from "../db/client.server.ts";
import { newsletterSubscribers } from "../db/schema.server.ts";
import type { NewsletterPort } from "./port.server.ts";

export function createNewsletter(db: Db): NewsletterPort {
  return {
    async subscribe(email) {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: newToken() })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ token: newsletterSubscribers.unsubscribeToken });
      if (inserted[0]) return { token: inserted[0].token, already: false };
      // Already there: subscribed again if they had left.
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: null })
        .where(eq(newsletterSubscribers.email, email))
        .returning({ token: newsletterSubscribers.unsubscribeToken });
      return { token: row!.token, already: true };
    },

    async unsubscribe(token) {
      if (!token) return null;
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: new Date() })
        .where(and(eq(newsletterSubscribers.unsubscribeToken, token), isNull(newsletterSubscribers.unsubscribedAt)))
        .returning({ email: newsletterSubscribers.email });
      if (row) return row.email;
      const [known] = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
      return known?.email ?? null;
    },

    async byToken(token) {
      if (!token) return null;
      const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
      return row ? { email: row.email, subscribed: row.unsubscribedAt === null } : null;
    },
  };
}
