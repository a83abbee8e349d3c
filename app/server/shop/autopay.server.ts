// Standing orders paid by Razorpay Autopay (issue 45, decision 078). The shopper approves a
// mandate once on Razorpay's registration link (a hosted page: no JavaScript of Haat's); its
// token is learned from the link's return, from the invoice.paid webhook or by asking Razorpay,
// whichever comes first. The cut-off makes a standing order as any order (confirmed, nothing
// held), and this charges it after the commit: an order of Razorpay's own, then the recurring
// payment against the token. A charge Razorpay refuses, at once or later (payment.failed),
// cancels the order while it is still in the shop and skips its day, said to the shopper; a
// captured one marks it paid (payments.server.ts's capture).
//
// Razorpay is called outside transactions only: a slow provider never holds a lock.
import { metrics } from "../metrics/metrics.server.ts";
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { AUTOPAY_MESSAGES, chargeFailure, type AutopayStatus } from "../../domain/autopay.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import { canCancel } from "../../domain/order-life.ts";
import { providerReference } from "../../domain/payment.ts";
import { PAYMENT_MESSAGES } from "../../domain/payment.ts";
import { SUBSCRIPTION_MESSAGES } from "../../domain/subscription.ts";
import type { Db } from "../db/client.server.ts";
import { guardClient, onCommit } from "../db/transaction-scope.server.ts";
import { addresses, customers, orders, payments, subscriptions } from "../db/schema.server.ts";
import type { RazorpayConfig } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import { createGateway, GatewayRefused, type Gateway } from "../payments/razorpay.server.ts";
import { invoiceSignature, sameSignature } from "../payments/signatures.server.ts";
import type { Conn } from "./coupons.server.ts";
import { cancelPlaced } from "./orders.server.ts";
import { ShopError, type AutopayReturn, type Customer } from "./port.server.ts";
import { languageOf, unmakeDay } from "./subscriptions.server.ts";

export interface AutopayOptions {
  razorpay: RazorpayConfig | null;
  gateway?: Gateway;
  /** Where Razorpay sends the shopper back: PUBLIC_ORIGIN, never the request's Host. */
  publicOrigin: string;
  storeName: string;
  now: () => Date;
}

/** Where a registration link returns the shopper (GET, an invoice's callback). */
export const AUTOPAY_CALLBACK_PATH = "/payments/razorpay/autopay";

/** How long a registration link takes approvals. */
const LINK_DAYS = 7;
/** Charges asked for in one pass, and for how long at most; the next pass (a minute on) takes the rest. */
const CHARGES_PER_PASS = 200;
const CHARGING_MS = 3 * 60_000;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function createAutopay(db: Db, options: AutopayOptions) {
  const config = options.razorpay;
  const gateway: Gateway | null = config ? guardClient("Razorpay", options.gateway ?? createGateway(config)) : null;
  const now = options.now;

  function requireGateway(): Gateway {
    if (!gateway || !config) throw new ShopError("unavailable", AUTOPAY_MESSAGES.unavailable);
    return gateway;
  }

  /** Learns the mandate's token from the approving payment and records it approved. */
  async function approve(row: Pick<SubscriptionRow, "id" | "autopayLinkId">, paymentId: string): Promise<boolean> {
    const payment = await requireGateway().getPayment(paymentId);
    if (!payment.token_id) return false;
    const [done] = await db
      .update(subscriptions)
      .set({ autopayStatus: "confirmed", autopayTokenId: payment.token_id, ...(payment.customer_id ? { autopayCustomerId: payment.customer_id } : {}), updatedAt: now() })
      // Only a link still waiting: a replayed return never revives a mandate paused or cancelled since.
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.autopayLinkId, row.autopayLinkId!), eq(subscriptions.autopayStatus, "created"), eq(subscriptions.status, "active")))
      .returning({ id: subscriptions.id });
    if (done) return true;
    // The invoice.paid webhook may have approved this very link a moment before: that is approved too.
    const [current] = await db.select({ status: subscriptions.autopayStatus, linkId: subscriptions.autopayLinkId }).from(subscriptions).where(eq(subscriptions.id, row.id));
    return current?.status === "confirmed" && current.linkId === row.autopayLinkId;
  }

  /**
   * Asks Razorpay whether a link waiting for approval was approved (the return may never come):
   * approved, still open, or gone (expired or cancelled: a new link is needed).
   */
  async function ask(row: SubscriptionRow): Promise<"approved" | "open" | "gone"> {
    if (!gateway || !row.autopayLinkId || row.autopayStatus !== "created") return "open";
    try {
      const invoice = await gateway.getInvoice(row.autopayLinkId);
      if (invoice.status === "paid" && invoice.payment_id) return (await approve(row, invoice.payment_id)) ? "approved" : "open";
      return invoice.status === "expired" || invoice.status === "cancelled" ? "gone" : "open";
    } catch (error) {
      log.warn("could not ask Razorpay about an Autopay link", { subscriptionId: row.id, ...errorFields(error) });
      return "open";
    }
  }

  /** Still to charge: pending, not asked for, its order confirmed (a shopper may have cancelled since the pass read it). */
  async function stillDue(paymentId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending"), isNull(payments.chargedAt), eq(orders.state, "confirmed")));
    return Boolean(row);
  }

  /** One standing order's charge, outside any transaction. */
  async function chargeOne(payment: typeof payments.$inferSelect, row: SubscriptionRow, contact: { email: string; phone: string }): Promise<"charged" | "failed" | "later"> {
    const api = gateway!;
    try {
      let providerOrderId = payment.providerOrderId;
      if (!providerOrderId) {
        const created = await api.createChargeOrder({
          amount: payment.amountPaise,
          receipt: providerReference(payment.orderId, payment.id),
          notes: { haat_order: String(payment.orderId), haat_subscription: String(row.id) },
        });
        const [stored] = await db
          .update(payments)
          .set({ providerOrderId: created.id, updatedAt: now() })
          .where(and(eq(payments.id, payment.id), isNull(payments.providerOrderId)))
          .returning({ id: payments.providerOrderId });
        providerOrderId = stored?.id ?? null;
        if (!providerOrderId) return "later";
      } else if ((await api.orderPayments(providerOrderId)).length > 0) {
        // Asked before, and the pass died before it noted so: never a second charge.
        await db.update(payments).set({ chargedAt: now() }).where(eq(payments.id, payment.id));
        return "charged";
      }
      if (!(await stillDue(payment.id))) return "later";
      try {
        await api.chargeToken({
          amount: payment.amountPaise,
          orderId: providerOrderId,
          customerId: row.autopayCustomerId!,
          tokenId: row.autopayTokenId!,
          email: contact.email,
          contact: `+91${contact.phone}`,
          description: `${options.storeName} order`,
          notes: { haat_order: String(payment.orderId) },
        });
      } catch (error) {
        // Only the charge's own refusal is about the shopper's mandate; anything else is tried again.
        if (!(error instanceof GatewayRefused)) throw error;
        log.warn("Autopay charge refused", { orderId: payment.orderId, ...errorFields(error) });
        await db.transaction((tx) => chargeFailedIn(tx, payment.id, chargeFailure(error.description), now()));
        return "failed";
      }
      await db.update(payments).set({ chargedAt: now() }).where(eq(payments.id, payment.id));
      return "charged";
    } catch (error) {
      // Razorpay did not answer, or refused the shop's own call (a key, an order): the shopper's day is not theirs to lose.
      (error instanceof GatewayRefused ? log.error : log.warn)("Autopay charge not sent; the next pass tries again", { orderId: payment.orderId, ...errorFields(error) });
      return "later";
    }
  }

  return {
    available: Boolean(config),

    /** The registration link the shopper approves the mandate on: the one waiting, or a new one. */
    async start(customer: Customer, id: number): Promise<{ url: string | null; linkFailed?: boolean }> {
      const api = requireGateway();
      const [found] = await db
        .select({ s: subscriptions, c: customers, phone: addresses.phone })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .leftJoin(addresses, eq(addresses.id, subscriptions.addressId))
        .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customer.id)));
      if (!found) throw new ShopError("not_found", SUBSCRIPTION_MESSAGES.notFound);
      const { s: row, c: who, phone } = found;
      // Razorpay's customer needs a number: the verified mobile, else the delivery address's.
      const contact = who.mobile ?? phone;
      if (row.status !== "active") throw new ShopError("conflict", SUBSCRIPTION_MESSAGES.ended);
      if (row.paymentMethod !== "razorpay" || !row.autopayMethod || !row.autopayMaxPaise) throw new ShopError("invalid", AUTOPAY_MESSAGES.unavailable);
      if (row.autopayStatus === "confirmed") return { url: null };
      if (row.autopayStatus === "created" && row.autopayLinkUrl) {
        const said = await ask(row);
        if (said === "approved") return { url: null };
        // An expired or cancelled link takes no approval: a new one is made below.
        if (said === "open") return { url: row.autopayLinkUrl };
      }
      const at = now();
      const receipt = `haat-sub-${row.id}-${Math.floor(at.getTime() / 1000).toString(36)}`;
      let link;
      try {
        link = await api.createAuthLink({
          customer: { name: who.name, email: who.email ?? "", contact: contact ? `+91${contact}` : "" },
          method: row.autopayMethod,
          maxAmount: row.autopayMaxPaise,
          receipt,
          description: `${options.storeName}: standing order ${row.id}`,
          expireBy: new Date(at.getTime() + LINK_DAYS * 86_400_000),
          callbackUrl: `${options.publicOrigin}${AUTOPAY_CALLBACK_PATH}`,
          notes: { haat_subscription: String(row.id) },
        });
      } catch (error) {
        log.error("Razorpay refused or did not answer an Autopay link", { subscriptionId: row.id, ...errorFields(error) });
        return { url: null, linkFailed: true };
      }
      const [stored] = await db
        .update(subscriptions)
        .set({
          autopayStatus: "created",
          autopayLinkId: link.id,
          autopayLinkUrl: link.short_url,
          autopayReceipt: receipt,
          autopayCustomerId: link.customer_id,
          autopayTokenId: null,
          updatedAt: at,
        })
        .where(and(eq(subscriptions.id, row.id), row.autopayLinkId ? eq(subscriptions.autopayLinkId, row.autopayLinkId) : isNull(subscriptions.autopayLinkId)))
        .returning({ url: subscriptions.autopayLinkUrl });
      if (stored) return { url: stored.url };
      // Another tab made one first: that one stands.
      const [current] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
      return { url: current?.autopayStatus === "created" ? current.autopayLinkUrl : null };
    },

    /** The registration link's return: verified against what Haat stored, then the token learned. */
    async complete(fields: AutopayReturn): Promise<{ subscriptionId: number; approved: boolean; language: Locale }> {
      requireGateway();
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.autopayLinkId, fields.invoiceId));
      const signed = row
        ? invoiceSignature(config!.keySecret, { invoiceId: row.autopayLinkId!, receipt: row.autopayReceipt ?? "", status: fields.status, paymentId: fields.paymentId })
        : null;
      if (!row || !signed || fields.status !== "paid" || !sameSignature(signed, fields.signature)) {
        log.warn("Autopay return refused: signature does not verify", { invoiceId: fields.invoiceId.slice(0, 40), status: fields.status.slice(0, 20) });
        throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
      }
      // Back to the page in the language the shopper subscribed in.
      const language = languageOf(null, row.language);
      if (row.autopayStatus === "confirmed") return { subscriptionId: row.id, approved: true, language };
      try {
        return { subscriptionId: row.id, approved: await approve(row, fields.paymentId), language };
      } catch (error) {
        log.warn("Autopay approved, its token not learned yet", { subscriptionId: row.id, ...errorFields(error) });
        return { subscriptionId: row.id, approved: false, language };
      }
    },

    /** The shopper's links still waiting: asked of Razorpay as their subscriptions page opens. */
    async refresh(customer: Customer): Promise<void> {
      if (!gateway) return;
      const waiting = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.customerId, customer.id), eq(subscriptions.status, "active"), eq(subscriptions.autopayStatus, "created"), isNotNull(subscriptions.autopayLinkId)));
      for (const row of waiting) await ask(row);
    },

    /** Ends the mandate with the bank as its subscription is cancelled; a failure is logged (the shopper can end it in their UPI app). */
    async stop(id: number): Promise<void> {
      if (!gateway) return;
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      if (row?.autopayStatus === "created" && row.autopayLinkId) {
        // Not approved yet: the link stops taking an approval (one that comes anyway is ignored: the subscription is cancelled).
        await gateway.cancelInvoice(row.autopayLinkId).catch((error: unknown) => log.warn("could not cancel an Autopay link", { subscriptionId: id, ...errorFields(error) }));
        return;
      }
      if (!row?.autopayTokenId || !row.autopayCustomerId || row.autopayStatus !== "confirmed") return;
      try {
        await gateway.cancelToken(row.autopayCustomerId, row.autopayTokenId);
        await db.update(subscriptions).set({ autopayStatus: "cancelled", updatedAt: now() }).where(eq(subscriptions.id, id));
      } catch (error) {
        log.warn("could not cancel an Autopay mandate", { subscriptionId: id, ...errorFields(error) });
      }
    },

    /** The cut-off's charges: every standing order made on Autopay and not yet asked of Razorpay. */
    async charge(): Promise<{ charged: number; failed: number }> {
      const done = { charged: 0, failed: 0 };
      if (!gateway) return done;
      const due = await db
        .select({ payment: payments, s: subscriptions, email: customers.email, phone: sql<string>`${orders.deliveryAddress}->>'phone'` })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(subscriptions, eq(subscriptions.id, orders.subscriptionId))
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(payments.method, "razorpay"), eq(payments.status, "pending"), isNull(payments.chargedAt), eq(orders.state, "confirmed")))
        .orderBy(asc(payments.id))
        .limit(CHARGES_PER_PASS);
      const started = Date.now();
      for (const { payment, s, email, phone } of due) {
        // Well inside the cut-off's lease: a pass never runs on while another instance could take over.
        if (Date.now() - started > CHARGING_MS) break;
        const outcome = await chargeOne(payment, s, { email: email ?? "", phone });
        if (outcome === "charged") done.charged++;
        else if (outcome === "failed") done.failed++;
      }
      return done;
    },
  };
}

export type Autopay = ReturnType<typeof createAutopay>;

/**
 * A standing order's charge that failed (refused at once, or payment.failed later), in the
 * caller's transaction: while the order is still in the shop it is cancelled (stock and slot
 * back) and its day skipped and said; once it has left, it is collected in cash on delivery.
 * A payment no longer pending (captured meanwhile, or handled) is left alone.
 */
export async function chargeFailedIn(tx: Conn, paymentId: number, reason: string, at: Date): Promise<boolean> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment || payment.status !== "pending" || payment.method !== "razorpay") return false;
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for("update");
  if (!order || order.state !== "confirmed" || order.subscriptionId === null) return false;
  onCommit(() => metrics.paymentFailed("autopay"));
  if (canCancel(order.stage, false)) {
    await cancelPlaced(tx, order, at);
    await tx
      .update(payments)
      .set({ status: "failed", failureReason: reason.slice(0, 200), failedAt: at, updatedAt: at })
      .where(eq(payments.id, payment.id));
    await unmakeDay(tx, order.id, reason, at);
    return true;
  }
  // Packed or on its way: the order goes as it is, its amount due in cash.
  await tx
    .update(payments)
    .set({ status: "failed", failureReason: reason.slice(0, 200), failedAt: at, updatedAt: at })
    .where(eq(payments.id, payment.id));
  await tx.insert(payments).values({ orderId: order.id, method: "cod", status: "pending", amountPaise: payment.amountPaise, createdAt: at, updatedAt: at });
  await tx.update(orders).set({ paymentMethod: "cod", updatedAt: at }).where(eq(orders.id, order.id));
  log.warn("Autopay charge failed after the order left: to be paid on delivery", { orderId: order.id, reason });
  return true;
}

/** What Razorpay says of a mandate (token.* and invoice.paid webhooks), in the webhook's transaction. True when it changed something. */
export async function autopayEvent(tx: Conn, event: AutopayEvent, at: Date): Promise<boolean> {
  const name = event.event ?? "";
  if (name === "invoice.paid") {
    const invoiceId = event.payload?.invoice?.entity?.id;
    const payment = event.payload?.payment?.entity;
    if (!invoiceId || !payment?.token_id) return false;
    const changed = await tx
      .update(subscriptions)
      .set({ autopayStatus: "confirmed", autopayTokenId: payment.token_id, ...(payment.customer_id ? { autopayCustomerId: payment.customer_id } : {}), updatedAt: at })
      .where(and(eq(subscriptions.autopayLinkId, invoiceId), eq(subscriptions.status, "active"), or(eq(subscriptions.autopayStatus, "created"), isNull(subscriptions.autopayTokenId))))
      .returning({ id: subscriptions.id });
    return changed.length > 0;
  }
  const status = TOKEN_EVENTS[name];
  const token = event.payload?.token?.entity;
  if (!status || !token?.id) return false;
  const changed = await tx
    .update(subscriptions)
    .set({ autopayStatus: status, updatedAt: at })
    .where(and(eq(subscriptions.autopayTokenId, token.id), inArray(subscriptions.autopayStatus, ["created", "confirmed", "paused"])))
    .returning({ id: subscriptions.id });
  return changed.length > 0;
}

const TOKEN_EVENTS: Record<string, AutopayStatus> = {
  "token.confirmed": "confirmed",
  "token.rejected": "rejected",
  "token.cancelled": "cancelled",
  "token.paused": "paused",
};

export interface AutopayEvent {
  event?: string;
  payload?: {
    invoice?: { entity?: { id?: string } };
    payment?: { entity?: { token_id?: string | null; customer_id?: string | null } };
    token?: { entity?: { id?: string } };
  };
}
