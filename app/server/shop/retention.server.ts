// The daily removal of personal data that has outlived its period (issue 48 item 5, decision
// 083): each period from the one retention table (domain/privacy/retention.ts), each kind removed
// by one statement, so a run finds done what an earlier (or a killed) run removed.
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { RETENTION_DAYS } from "../../domain/privacy/retention.ts";
import type { Db } from "../db/client.server.ts";
import {
  apiTokens,
  emailConfirmations,
  knownDevices,
  mailQueue,
  newsletterSubscribers,
  oneTimeCodes,
  orders,
  passwordResets,
  payments,
  pickTicks,
  postKeys,
  rateLimits,
  sessions,
  staffAudit,
  ticketReplies,
  tickets,
} from "../db/schema.server.ts";
import { leaseHolder, underLease } from "./leases.server.ts";

/** How many rows of each kind a run removed. */
export type Removed = Record<keyof typeof RETENTION_DAYS, number>;

const DAY_MS = 86_400_000;

/** Removes what is due at `now`, kind by kind; the counts of what went. */
export async function removeExpired(db: Db, now: Date): Promise<Removed> {
  const before = (kind: keyof typeof RETENTION_DAYS) => new Date(now.getTime() - RETENTION_DAYS[kind] * DAY_MS);
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  const removed = {} as Removed;
  removed.codes = await count(
    db
      .delete(oneTimeCodes)
      .where(lt(oneTimeCodes.expiresAt, before("codes")))
      .returning({ id: oneTimeCodes.id }),
  );
  removed.passwordResets = await count(
    db
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, before("passwordResets")))
      .returning({ id: passwordResets.id }),
  );
  removed.emailConfirmations = await count(
    db
      .delete(emailConfirmations)
      .where(lt(emailConfirmations.expiresAt, before("emailConfirmations")))
      .returning({ id: emailConfirmations.customerId }),
  );
  removed.sessions = await count(
    db
      .delete(sessions)
      .where(lt(sessions.expiresAt, before("sessions")))
      .returning({ id: sessions.id }),
  );
  // A token ends when its refresh token does. A revoked one stays until then: a spent refresh
  // token presented again is how reuse is caught (tokens.server.ts), and its family revoked.
  removed.apiTokens = await count(
    db
      .delete(apiTokens)
      .where(lt(apiTokens.refreshExpiresAt, before("apiTokens")))
      .returning({ id: apiTokens.id }),
  );
  removed.devices = await count(
    db
      .delete(knownDevices)
      .where(lt(knownDevices.lastSignedInAt, before("devices")))
      .returning({ id: knownDevices.id }),
  );
  removed.rateLimits = await count(
    db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, before("rateLimits")))
      .returning({ key: rateLimits.key }),
  );
  removed.postKeys = await count(
    db
      .delete(postKeys)
      .where(lt(postKeys.createdAt, before("postKeys")))
      .returning({ key: postKeys.key }),
  );
  // Never confirmed, or unsubscribed: the address is kept no longer.
  removed.newsletter = await count(
    db
      .delete(newsletterSubscribers)
      .where(
        or(
          and(isNull(newsletterSubscribers.confirmedAt), lt(sql`coalesce(${newsletterSubscribers.confirmSentAt}, ${newsletterSubscribers.subscribedAt})`, before("newsletter"))),
          lt(newsletterSubscribers.unsubscribedAt, before("newsletter")),
        ),
      )
      .returning({ id: newsletterSubscribers.id }),
  );
  removed.outgoingMessages = await count(
    db
      .delete(mailQueue)
      .where(lt(mailQueue.createdAt, before("outgoingMessages")))
      .returning({ id: mailQueue.id }),
  );
  // A conversation ends with its last word: the ticket's, or its last reply's. One statement, so a
  // reply written meanwhile keeps its ticket; its replies go with it (on delete cascade).
  const lastWord = sql`coalesce((select max(${ticketReplies.createdAt}) from ${ticketReplies} where ${ticketReplies.ticketId} = ${tickets.id}), ${tickets.createdAt})`;
  removed.tickets = await count(
    db
      .delete(tickets)
      .where(and(inArray(tickets.status, ["answered", "closed"]), lt(lastWord, before("tickets"))))
      .returning({ id: tickets.id }),
  );
  // A cart left unordered (never placed, no payment begun), with its lines (on delete cascade).
  // One statement, so a line added meanwhile (which moves updated_at) keeps its cart.
  removed.carts = await count(
    db
      .delete(orders)
      .where(
        and(
          eq(orders.state, "draft"),
          isNull(orders.placedAt),
          lt(orders.updatedAt, before("carts")),
          notExists(
            db
              .select({ one: sql`1` })
              .from(payments)
              .where(eq(payments.orderId, orders.id)),
          ),
        ),
      )
      .returning({ id: orders.id }),
  );
  removed.staffRecords = await count(
    db
      .delete(staffAudit)
      .where(lt(staffAudit.at, before("staffRecords")))
      .returning({ id: staffAudit.id }),
  );
  removed.pickTicks = await count(
    db
      .delete(pickTicks)
      .where(and(isNotNull(pickTicks.pickedAt), lt(pickTicks.pickedAt, before("pickTicks"))))
      .returning({ date: pickTicks.date }),
  );
  return removed;
}

/** The shop's retention pass under its lease: one instance of a cluster at a time; null while another runs it. */
export function createRetention(db: Db) {
  const holder = leaseHolder();
  return {
    removeExpired: (now = new Date()) => underLease(db, { name: "retention", holder, ms: 10 * 60_000 }, now, () => removeExpired(db, now)),
  };
}
