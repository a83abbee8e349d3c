// Newsletter subscribers: one row per address, each with its own unsubscribe token. Double
// opt-in (issue 10 point 9): a form post only records the address and mails a confirmation
// link; the address is subscribed when that link's page is confirmed. So nobody can sign a
// stranger up, and the mail a form post can cause is one confirmation per address per hour.
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { ConsentVia } from "../../domain/privacy/consent.ts";
import { recordConsent } from "./consents.server.ts";
import { newToken } from "../security/tokens.server.ts";
import type { Db } from "../db/client.server.ts";
import { newsletterSubscribers } from "../db/schema.server.ts";
import type { NewsletterPort } from "./port.server.ts";

/** How long before a second confirmation mail to the same address may go out. */
export const CONFIRM_RESEND_MS = 60 * 60 * 1000;

/** A link's token as newToken makes them; anything else (a NUL PostgreSQL would refuse, a typo) names nobody. */
const isToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

export function createNewsletter(db: Db, now: () => number = Date.now): NewsletterPort {
  /**
   * Ends the subscription (or its wait) of the address `which` names; its address, or null when it
   * had none. A confirmed one's withdrawal goes in the ledger; a wait was never a consent.
   */
  const end = (which: SQL, via: ConsentVia) =>
    db.transaction(async (tx) => {
      const at = new Date(now());
      const [before] = await tx
        .select({ id: newsletterSubscribers.id, confirmedAt: newsletterSubscribers.confirmedAt })
        .from(newsletterSubscribers)
        .where(and(which, isNull(newsletterSubscribers.unsubscribedAt)))
        .for("update");
      if (!before) return null;
      const [row] = await tx
        .update(newsletterSubscribers)
        // The old confirmation link dies with the subscription: coming back takes a new one.
        .set({ unsubscribedAt: at, confirmToken: null })
        .where(eq(newsletterSubscribers.id, before.id))
        .returning({ email: newsletterSubscribers.email });
      if (before.confirmedAt) await recordConsent(tx, { purpose: "newsletter", email: row!.email, granted: false, via, at });
      return row!.email;
    });

  return {
    async subscribe(email) {
      const at = new Date(now());
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email, unsubscribeToken: newToken(), confirmToken: newToken(), confirmSentAt: at, subscribedAt: at })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ confirmToken: newsletterSubscribers.confirmToken });
      if (inserted[0]) return { confirmToken: inserted[0].confirmToken, confirmed: false };

      // Known already. A confirmed, subscribed address needs nothing. Otherwise (never
      // confirmed, or unsubscribed since) it waits for a confirmation again; the mail goes out
      // only when the last one is an hour old, claimed in the same statement so two posts at
      // once send one mail.
      const resendBefore = new Date(now() - CONFIRM_RESEND_MS);
      const [claimed] = await db
        .update(newsletterSubscribers)
        .set({
          confirmedAt: null,
          unsubscribedAt: null,
          confirmToken: sql`coalesce(${newsletterSubscribers.confirmToken}, ${newToken()})`,
          confirmSentAt: at,
        })
        .where(
          and(
            eq(newsletterSubscribers.email, email),
            sql`(${newsletterSubscribers.confirmedAt} is null or ${newsletterSubscribers.unsubscribedAt} is not null)`,
            sql`(${newsletterSubscribers.confirmSentAt} is null or ${newsletterSubscribers.confirmSentAt} <= ${resendBefore.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ confirmToken: newsletterSubscribers.confirmToken });
      if (claimed) return { confirmToken: claimed.confirmToken, confirmed: false };
      const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
      return { confirmToken: null, confirmed: Boolean(row?.confirmedAt && !row.unsubscribedAt) };
    },

    async confirm(token) {
      if (!isToken(token)) return null;
      // The link followed is the consent (issue 48 item 2): the mailbox's owner gave it.
      const row = await db.transaction(async (tx) => {
        const at = new Date(now());
        const [confirmed] = await tx
          .update(newsletterSubscribers)
          .set({ confirmedAt: at, unsubscribedAt: null })
          .where(and(eq(newsletterSubscribers.confirmToken, token), isNull(newsletterSubscribers.confirmedAt)))
          .returning({ email: newsletterSubscribers.email, unsubscribeToken: newsletterSubscribers.unsubscribeToken });
        if (confirmed) await recordConsent(tx, { purpose: "newsletter", email: confirmed.email, granted: true, via: "mail-link", at });
        return confirmed;
      });
      if (row) return { ...row, already: false };
      const [known] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmToken, token)).limit(1);
      return known ? { email: known.email, unsubscribeToken: known.unsubscribeToken, already: true } : null;
    },

    async byConfirmToken(token) {
      if (!isToken(token)) return null;
      const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmToken, token)).limit(1);
      return row ? { email: row.email, confirmed: row.confirmedAt !== null && row.unsubscribedAt === null } : null;
    },

    async unsubscribe(token) {
      if (!isToken(token)) return null;
      const email = await end(eq(newsletterSubscribers.unsubscribeToken, token), "mail-link");
      if (email) return email;
      const [known] = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
      return known?.email ?? null;
    },

    async withdraw(email, via) {
      return (await end(eq(newsletterSubscribers.email, email), via)) !== null;
    },

    async byToken(token) {
      if (!isToken(token)) return null;
      const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).limit(1);
      return row ? { email: row.email, subscribed: row.unsubscribedAt === null && row.confirmedAt !== null } : null;
    },
  };
}
