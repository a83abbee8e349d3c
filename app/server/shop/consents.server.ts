// The consent ledger (issue 48 item 2, decision 084). Every grant and withdrawal is written by
// recordConsent in the transaction of the change it records: the newsletter's links, the SMS
// settings, 'Notify Me' requests and their end. My Account reads the standing choices from where
// the shop acts on them (customers.sms_*, newsletter_subscribers, stock_requests) and the history
// from the ledger.
import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { ConsentPurpose, ConsentVia, SmsPurpose } from "../../domain/privacy/consent.ts";
import { CONSENT_MESSAGES, SMS_ACCOUNT_FIELD, SMS_UNDER_CONSENT } from "../../domain/privacy/consent.ts";
import { NOTICE_VERSION } from "../../domain/privacy/personal-data.ts";
import type { Db } from "../db/client.server.ts";
import { consents, customers, mailQueue, newsletterSubscribers } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { ShopError, type ConsentsPort } from "./port.server.ts";

/** A ledger line: a newsletter line names its address, every other its customer. */
export type ConsentEntry = { granted: boolean; via: ConsentVia; at?: Date } & (
  { purpose: "newsletter"; email: string } | { purpose: Exclude<ConsentPurpose, "newsletter">; customerId: number; detail?: string | null }
);

/** Writes ledger lines in the caller's transaction, under the notice in force now. */
export async function recordConsent(conn: Conn, ...entries: ConsentEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await conn.insert(consents).values(
    entries.map((e) => ({
      customerId: "customerId" in e ? e.customerId : null,
      email: "email" in e ? e.email : null,
      purpose: e.purpose,
      detail: "detail" in e ? (e.detail ?? null) : null,
      granted: e.granted,
      via: e.via,
      noticeVersion: NOTICE_VERSION,
      ...(e.at && { at: e.at }),
    })),
  );
}

export function createConsents(db: Db, now: () => number = Date.now): ConsentsPort {
  return {
    async view(customer) {
      const [account] = await db
        .select({ mobile: customers.mobile, orderSms: customers.smsUpdates, offersSms: customers.smsOffers, emailVerifiedAt: customers.emailVerifiedAt })
        .from(customers)
        .where(eq(customers.id, customer.id))
        .limit(1);
      // The newsletter's consent is its address's: shown only once the mailbox is proved to be the
      // account's, so an account holding someone else's address learns nothing of theirs.
      const email = customer.email && account?.emailVerifiedAt ? customer.email : null;
      const [subscriber] = email ? await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1) : [];
      const history = await db
        .select({ purpose: consents.purpose, detail: consents.detail, granted: consents.granted, via: consents.via, noticeVersion: consents.noticeVersion, at: consents.at })
        .from(consents)
        .where(or(eq(consents.customerId, customer.id), email ? and(eq(consents.purpose, "newsletter"), eq(consents.email, email)) : undefined))
        .orderBy(desc(consents.at), desc(consents.id))
        .limit(500);
      const mobile = account?.mobile ?? null;
      const newsletter = !email ? null : !subscriber || subscriber.unsubscribedAt ? "not-given" : subscriber.confirmedAt ? "given" : "waiting";
      return {
        newsletter: customer.email && !email ? "unconfirmed" : newsletter,
        orderSms: mobile ? Boolean(account?.orderSms) : null,
        offersSms: mobile ? Boolean(account?.offersSms) : null,
        history,
      };
    },

    setSms(customerId, purpose: SmsPurpose, granted, via) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ mobile: customers.mobile, on: customers[SMS_ACCOUNT_FIELD[purpose]] }).from(customers).where(eq(customers.id, customerId)).for("update");
        if (!row) throw new ShopError("not_found", CONSENT_MESSAGES.needsMobile);
        // Given only to a verified number; withdrawn whatever the account holds.
        if (granted && !row.mobile) throw new ShopError("conflict", CONSENT_MESSAGES.needsMobile);
        if (row.on === granted) return false;
        const at = new Date(now());
        await tx
          .update(customers)
          .set({ [SMS_ACCOUNT_FIELD[purpose]]: granted, updatedAt: at })
          .where(eq(customers.id, customerId));
        await recordConsent(tx, { purpose, customerId, granted, via, at });
        // What was kept for a retry stops too: the next one must not go out after a withdrawal.
        const templates = SMS_UNDER_CONSENT[purpose];
        if (!granted && row.mobile && templates.length)
          await tx.delete(mailQueue).where(and(eq(mailQueue.channel, "sms"), eq(mailQueue.to, row.mobile), inArray(mailQueue.subject, [...templates])));
        return true;
      });
    },
  };
}
