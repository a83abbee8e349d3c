// Erasure at the shopper's word (issue 48 item 4, decision 086): in one transaction, everything the
// shop holds on them goes, except what the GST law makes it keep: the orders it issued a tax invoice
// for, as invoiced (buyer's name and address included: CGST Act s.36 with CGST Rules r.46 and r.56).
// Reviews stay, anonymous. The customer row stays as an empty tombstone the kept orders and the
// reviews point to; its e-mail and number are free for a new account.
import { and, eq, exists, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { ANONYMOUS_REVIEWER } from "../../domain/review.ts";
import type { Db } from "../db/client.server.ts";
import * as t from "../db/schema.server.ts";
import { theirTickets } from "./data-exports.server.ts";
import { logProcessing } from "./processing-log.server.ts";
import { limitKey, RATE_LIMITS, type RateLimitName } from "../security/rate-limits.server.ts";
import type { Conn } from "./coupons.server.ts";

export type Erasure = { erased: true; keptOrders: number } | { erased: false; refused: "not-found" | "open-orders" | "standing-orders" };

const invoiced = (conn: Conn) =>
  conn
    .select({ one: sql`1` })
    .from(t.invoices)
    .where(eq(t.invoices.orderId, t.orders.id));
/**
 * Money moved for the order, or may still: a payment taken (the books' record), or an online attempt
 * whose provider ids are how a late capture is found and refunded. Only cash never collected has none.
 */
const paid = (conn: Conn) =>
  conn
    .select({ one: sql`1` })
    .from(t.payments)
    .where(and(eq(t.payments.orderId, t.orders.id), or(isNotNull(t.payments.paidAt), sql`${t.payments.method} <> 'cod'`)));

export function eraseCustomer(db: Db, customerId: number, now = new Date()): Promise<Erasure> {
  return db.transaction(async (tx): Promise<Erasure> => {
    const [c] = await tx
      .select()
      .from(t.customers)
      .where(and(eq(t.customers.id, customerId), isNull(t.customers.erasedAt)))
      .for("update");
    if (!c) return { erased: false, refused: "not-found" };
    // Every order of the account locked first: one being placed meanwhile (from its cart) waits, and
    // is found open, or finds its cart gone.
    await tx.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.customerId, customerId)).for("update");
    // An order still on its way must finish or be cancelled first: its delivery needs the address and number.
    const [open] = await tx
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(
        and(eq(t.orders.customerId, customerId), or(eq(t.orders.state, "awaiting_payment"), and(eq(t.orders.state, "confirmed"), sql`${t.orders.stage} is distinct from 'delivered'`))),
      )
      .limit(1);
    if (open) return { erased: false, refused: "open-orders" };
    const [standing] = await tx
      .select({ id: t.subscriptions.id })
      .from(t.subscriptions)
      .where(and(eq(t.subscriptions.customerId, customerId), eq(t.subscriptions.status, "active")))
      .limit(1);
    if (standing) return { erased: false, refused: "standing-orders" };

    // What was matched by e-mail is the person's only if the address was proved theirs.
    const email = c.email && c.emailVerifiedAt ? c.email : null;
    const mine = eq(t.orders.customerId, customerId);
    // Not a GST record: the orders the law does not make the shop keep.
    const notInvoiced = and(mine, notExists(invoiced(tx)));

    // Orders: an invoiced one is a GST record, kept as invoiced but for the gift note, which no
    // invoice holds. One without an invoice but with money moved (a payment taken and refunded)
    // stays as the payment's record, without the buyer's details. Any other (a cart, an order
    // cancelled or lapsed before money moved) goes, with its lines and events.
    await tx.update(t.orders).set({ giftMessage: null, giftFrom: null }).where(mine);
    // The staff's records of what they did to orders that are not GST records, and to the person's
    // messages, go with them (they quote addresses and replies); a kept order keeps its own.
    const ordersNotInvoiced = await tx.select({ id: t.orders.id }).from(t.orders).where(notInvoiced);
    // The person's messages, as their export finds them.
    const tickets = await tx.select({ id: t.tickets.id }).from(t.tickets).where(theirTickets(customerId, email));
    const about = (entity: string, ids: { id: number }[]) =>
      ids.length
        ? tx.delete(t.staffAudit).where(
            and(
              eq(t.staffAudit.entity, entity),
              inArray(
                t.staffAudit.entityId,
                ids.map((r) => String(r.id)),
              ),
            ),
          )
        : null;
    await about("order", ordersNotInvoiced);
    await about("ticket", tickets);
    await tx
      .update(t.orders)
      .set({
        deliveryAddress: sql`jsonb_build_object('name', '', 'phone', '', 'email', '', 'street', '', 'street2', '', 'city', '', 'state', ${t.orders.deliveryAddress}->>'state', 'zip', '', 'country', ${t.orders.deliveryAddress}->>'country')`,
      })
      .where(and(notInvoiced, sql`${t.orders.deliveryAddress} is not null`));
    const going = and(notInvoiced, notExists(paid(tx)));
    // Their payments never took money: cash on delivery never collected.
    await tx.delete(t.payments).where(inArray(t.payments.orderId, tx.select({ id: t.orders.id }).from(t.orders).where(going)));
    await tx.delete(t.orders).where(going);
    const [counted] = await tx
      .select({ kept: sql<number>`count(*)::int` })
      .from(t.orders)
      .where(and(mine, exists(invoiced(tx))));

    // Reviews stay, said by no one.
    await tx.update(t.productReviews).set({ author: ANONYMOUS_REVIEWER }).where(eq(t.productReviews.customerId, customerId));

    // The person's messages to the shop: the account's, and those sent signed out from the proved address.
    if (tickets.length)
      await tx.delete(t.tickets).where(
        inArray(
          t.tickets.id,
          tickets.map((r) => r.id),
        ),
      );
    if (email) {
      await tx.delete(t.newsletterSubscribers).where(eq(t.newsletterSubscribers.email, email));
      await tx.delete(t.consents).where(and(eq(t.consents.purpose, "newsletter"), eq(t.consents.email, email)));
    }
    // Codes sent to the number or for the account (a number being added), and the messages waiting
    // to go to the account's e-mail and those numbers. An address typed on a ticket may be someone
    // else's: their mail stays.
    const codes = await tx
      .delete(t.oneTimeCodes)
      .where(or(eq(t.oneTimeCodes.customerId, customerId), c.mobile ? eq(t.oneTimeCodes.mobile, c.mobile) : undefined))
      .returning({ mobile: t.oneTimeCodes.mobile });
    const to = [...new Set([c.email, c.mobile, ...codes.map((r) => r.mobile)].filter((v): v is string => Boolean(v)))];
    if (to.length) await tx.delete(t.mailQueue).where(inArray(t.mailQueue.to, to));
    // Counts of attempts keyed by the e-mail, each by its exact key.
    const emailKeys = c.email ? (Object.keys(RATE_LIMITS) as RateLimitName[]).filter((name) => RATE_LIMITS[name].per === "email").map((name) => limitKey(name, c.email!)) : [];
    if (emailKeys.length) await tx.delete(t.rateLimits).where(inArray(t.rateLimits.key, emailKeys));
    // The answers kept for repeated posts.
    await tx.delete(t.postKeys).where(eq(t.postKeys.customerId, customerId));
    // The staff's records of changes to the account itself.
    await about("customer", [{ id: customerId }]);

    // Everything else hanging on the account (those not on delete cascade from a row that stays).
    for (const [table, column] of [
      [t.addresses, t.addresses.customerId],
      [t.sessions, t.sessions.customerId],
      [t.knownDevices, t.knownDevices.customerId],
      [t.apiTokens, t.apiTokens.customerId],
      [t.erpCustomers, t.erpCustomers.customerId],
      [t.wishlistItems, t.wishlistItems.customerId],
      [t.stockRequests, t.stockRequests.customerId],
      [t.consents, t.consents.customerId],
      [t.dataExports, t.dataExports.customerId],
      [t.subscriptions, t.subscriptions.customerId],
      [t.emailConfirmations, t.emailConfirmations.customerId],
      [t.passwordResets, t.passwordResets.customerId],
    ] as const)
      await tx.delete(table).where(eq(column, customerId));

    // Breach notices not sent yet have nobody to reach; those sent stay as the record of telling (rule 7).
    await tx
      .update(t.breachNotices)
      .set({ status: "skipped", error: "The account was deleted." })
      .where(and(eq(t.breachNotices.customerId, customerId), eq(t.breachNotices.status, "pending")));
    // The processing log keeps its year (DPDP Rules r.6(1)(e)): it names the account by its id alone.
    await logProcessing(tx, [{ customerId, system: "erasure", action: "change", what: "account" }]);

    // The tombstone: nothing of the person; its e-mail, number and Clerk user free for a new account.
    await tx
      .update(t.customers)
      .set({
        email: null,
        name: "",
        phone: "",
        passwordHash: null,
        clerkUserId: null,
        role: "customer",
        emailVerifiedAt: null,
        selectedAddressId: null,
        selectedAddressAt: null,
        language: null,
        mobile: null,
        mobileVerifiedAt: null,
        smsUpdates: false,
        smsOffers: false,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(t.customers.id, customerId));
    return { erased: true, keptOrders: Number(counted?.kept ?? 0) };
  });
}
