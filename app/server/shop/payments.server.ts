// Paying online through Razorpay (issue 12; decisions 030 and 031). An order placed for
// online payment waits in `awaiting_payment` with its stock held (shop.orders.place); this
// aggregate starts its payment (a payment link, or Standard Checkout's order), confirms it
// when a verified return, a webhook or Razorpay's own answer says it was paid (whichever
// comes first; the others then change nothing), releases the hold when the shopper gives up
// or it runs out, and gives back any payment that came for an order no longer waiting for it.
//
// Every change is one transaction that locks the payment's row; calls to Razorpay happen
// outside transactions, so a slow provider never holds a lock.
import { metrics, type PaymentMethodLabel } from "../metrics/metrics.server.ts";
import { and, asc, desc, eq, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { COUPON_MESSAGES } from "../../domain/coupon.ts";
import { isPartRefund, PAYMENT_MESSAGES, MIN_HOLD_MINUTES, providerReference, type Instrument } from "../../domain/payment.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import type { Db } from "../db/client.server.ts";
import { coupons, orderLines, orders, paymentEvents, payments, refunds, type OrderRow } from "../db/schema.server.ts";
import type { RazorpayConfig } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import { createGateway, type Gateway, type RazorpayPayment } from "../payments/razorpay.server.ts";
import { checkoutSignature, linkSignature, sameSignature, webhookSignature } from "../payments/signatures.server.ts";
import { chargeFailure } from "../../domain/autopay.ts";
import { autopayEvent, chargeFailedIn, type AutopayEvent } from "./autopay.server.ts";
import { draftOrderId } from "./cart.server.ts";
import { leaseHolder, underLease } from "./leases.server.ts";
import { guardClient, onCommit } from "../db/transaction-scope.server.ts";
import { checkCoupon, type Conn } from "./coupons.server.ts";
import { confirmOrder, giveBackHeld } from "./orders.server.ts";
import { askRefund, customerOfOrder, refundKey } from "./order-rows.server.ts";
import { ShopError, type Customer, type PaymentOutcome, type PaymentsPort, type PendingPayment, type WebhookResult } from "./port.server.ts";

type PaymentRow = typeof payments.$inferSelect;

/** How an online payment was made, as its count is labelled: Razorpay's method where it says, else what the shopper chose. */
function paidWith(method: string | null): PaymentMethodLabel {
  return method === "upi" || method === "card" ? method : "online";
}

/**
 * An attempt's failed_at: set by its first failure and kept by the next reports of it (the
 * shopper's return and Razorpay's webhook both tell of one failure), so a failure is counted
 * once, when this statement's `at` is what the row keeps (issue 47). Cleared when it is paid.
 */
const firstFailure = (at: Date) => sql`coalesce(${payments.failedAt}, ${at.toISOString()}::timestamptz)`;

export interface PaymentsOptions {
  razorpay: RazorpayConfig | null;
  /** Where Razorpay sends the shopper back: PUBLIC_ORIGIN, never the request's Host. */
  publicOrigin: string;
  /** The merchant name Standard Checkout shows. */
  storeName: string;
  /** Tests pass a gateway of their own (or the stand-in's); else Razorpay's API through fetch. */
  gateway?: Gateway;
  now?: () => Date;
  /** Called once for each order a payment confirmed, after its transaction commits (its 'order placed' mail). Never throws. */
  placed?: (order: { customer: Customer; orderId: number }) => Promise<void>;
}

/** The path Razorpay returns the shopper to (GET from a payment link, POST from Standard Checkout). */
export const CALLBACK_PATH = "/payments/razorpay/callback";

/** A captured payment as Haat records it. */
interface Capture {
  providerPaymentId: string;
  amountPaise: number;
  method: string | null;
}

/** What a confirmation leaves to do once its transaction has committed. */
interface AfterCommit {
  outcome: PaymentOutcome | null;
  /** The refund of an unwanted payment, to ask of Razorpay. */
  refund: number | null;
  cancelLink: string | null;
}

const NOTHING: AfterCommit = { outcome: null, refund: null, cancelLink: null };

/** The background sweep's lease: one instance at a time works through due holds and refunds. */
const SWEEP_LEASE = "payments.sweep";
const SWEEP_LEASE_MS = 5 * 60_000;

export function createPayments(db: Db, options: PaymentsOptions): PaymentsPort {
  const config = options.razorpay;
  const now = options.now ?? (() => new Date());
  // Razorpay is called outside transactions only (issue 24): the guard says so at once if not.
  const gateway: Gateway | null = config ? guardClient("Razorpay", options.gateway ?? createGateway(config)) : null;
  const sweepLease = { name: SWEEP_LEASE, holder: leaseHolder(), ms: SWEEP_LEASE_MS };

  function requireGateway(): Gateway {
    if (!gateway || !config) throw new ShopError("conflict", PAYMENT_MESSAGES.configMissing);
    return gateway;
  }

  async function customerOf(conn: Conn, orderId: number): Promise<Customer> {
    return (await customerOfOrder(conn, orderId))!;
  }

  /** The attempt an order waiting for its payment is waiting on. */
  async function heldAttempt(conn: Conn, where: SQL | undefined): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
    const [row] = await conn
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(where, eq(orders.state, "awaiting_payment"), eq(payments.method, "razorpay"), eq(payments.status, "pending")))
      .orderBy(desc(payments.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Gives the held stock back and the order back to its customer as their cart, as it was;
   * if they have started another cart meanwhile, the lines join that one. Only an order still
   * waiting: anything else is left alone (a confirmation may have come first).
   */
  async function release(tx: Conn, paymentId: number, at: Date): Promise<{ link: string | null } | null> {
    const [row] = await tx
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, paymentId))
      .for("update");
    if (!row || row.payment.status !== "pending" || row.order.state !== "awaiting_payment") return null;
    const orderId = row.order.id;
    const lines = await giveBackHeld(tx, row.order, at);
    await tx.update(payments).set({ status: "cancelled", updatedAt: at }).where(eq(payments.id, paymentId));
    const back = {
      slotDate: null,
      slotKind: null,
      couponCode: null,
      deliveryAddress: null,
      subtotalPaise: null,
      discountPaise: null,
      prepaidDiscountPaise: 0,
      taxPaise: null,
      totalPaise: null,
      updatedAt: at,
    };
    const other = await draftOrderId(tx, row.order.customerId, false);
    if (other === null) {
      await tx
        .update(orders)
        .set({ state: "draft", ...back })
        .where(eq(orders.id, orderId));
    } else {
      // Another cart was started while this one waited: its lines join that cart.
      for (const l of lines) {
        await tx
          .insert(orderLines)
          .values({ orderId: other, variantId: l.variantId, quantity: l.quantity })
          .onConflictDoUpdate({ target: [orderLines.orderId, orderLines.variantId], set: { quantity: sql`${orderLines.quantity} + ${l.quantity}`, updatedAt: at } });
      }
      await tx
        .update(orders)
        .set({ state: "lapsed", ...back })
        .where(eq(orders.id, orderId));
    }
    return { link: row.payment.providerLinkId };
  }

  /** Releases in its own transaction, then stops the link from taking a payment (one that still comes is refunded). */
  async function releaseAndCancelLink(paymentId: number): Promise<boolean> {
    const released = await db.transaction((tx) => release(tx, paymentId, now()));
    if (!released) return false;
    if (released.link) await cancelLinkQuietly(released.link);
    return true;
  }

  /** Razorpay refuses to cancel a link that was paid or has expired: only one still taking payment is cancelled. */
  async function cancelLinkQuietly(linkId: string): Promise<void> {
    if (!gateway) return;
    try {
      if ((await gateway.getLink(linkId)).status === "created") await gateway.cancelLink(linkId);
    } catch (error) {
      log.warn("payment link could not be cancelled", { linkId, ...errorFields(error) });
    }
  }

  /**
   * Records a captured payment against the attempt `paymentId`, in `tx`. The order it was
   * for, still waiting, is confirmed; a payment already recorded changes nothing; a payment
   * for an order no longer waiting for it (its hold ended, or another payment came first) is
   * recorded as unwanted and refunded in full.
   */
  async function capture(tx: Conn, paymentId: number, paid: Capture, at: Date): Promise<AfterCommit> {
    // The attempt's row first: the return, the webhooks and the sweep for one payment queue here.
    const [attempt] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!attempt) return NOTHING;
    const [known] = await tx.select().from(payments).where(eq(payments.providerPaymentId, paid.providerPaymentId));
    if (known) {
      if (!known.providerMethod && paid.method) await tx.update(payments).set({ providerMethod: paid.method }).where(eq(payments.id, known.id));
      return { ...NOTHING, outcome: { kind: known.unwanted ? "refunding" : "confirmed", orderId: known.orderId, customer: await customerOf(tx, known.orderId), fresh: false } };
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for("update");
    const customer = await customerOf(tx, attempt.orderId);
    if (paid.amountPaise !== attempt.amountPaise) {
      // Razorpay charged what Haat asked for; anything else is not this order's payment.
      log.warn("payment amount does not match the order", { orderId: attempt.orderId, paymentId: paid.providerPaymentId, expected: attempt.amountPaise, got: paid.amountPaise });
      throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
    }
    // The attempt paid, as Razorpay says: any failure it had before is no longer one (issue 47).
    const markCaptured = () =>
      tx
        .update(payments)
        .set({
          status: "captured",
          providerPaymentId: paid.providerPaymentId,
          providerMethod: paid.method ?? attempt.instrument,
          paidAt: at,
          failureReason: null,
          failedAt: null,
          updatedAt: at,
        })
        .where(eq(payments.id, attempt.id));
    if (attempt.status === "pending" && order && isAutopayCharge(attempt, order)) {
      // A standing order's Autopay charge (decision 078): the order was confirmed when it was made; now it is paid.
      await markCaptured();
      // The debit comes a day after it was asked for: items short, weighed or replaced at packing
      // meanwhile lowered the order, and what was taken above it goes back.
      const over = paid.amountPaise - (order.totalPaise ?? paid.amountPaise);
      let refund: number | null = null;
      if (over > 0) {
        refund = await askRefund(tx, { paymentId: attempt.id, amountPaise: over, reason: "short", idempotencyKey: `${refundKey(attempt.id)}-over` });
      }
      return { ...NOTHING, refund, outcome: { kind: "confirmed", orderId: attempt.orderId, customer, fresh: false } };
    }
    if (attempt.status === "pending" && order?.state === "awaiting_payment") {
      await markCaptured();
      if (order.couponId !== null) await recheckCoupon(tx, order);
      await confirmOrder(tx, attempt.orderId, at, paidWith(paid.method ?? attempt.instrument));
      return { outcome: { kind: "confirmed", orderId: attempt.orderId, customer, fresh: true }, refund: null, cancelLink: attempt.providerLinkId };
    }
    // Too late, or a second payment: keep it on record and give it back.
    const late = attempt.status !== "captured";
    let unwantedId: number;
    if (late && !attempt.providerPaymentId) {
      await tx
        .update(payments)
        .set({ status: "captured", providerPaymentId: paid.providerPaymentId, providerMethod: paid.method, paidAt: at, unwanted: true, updatedAt: at })
        .where(eq(payments.id, attempt.id));
      unwantedId = attempt.id;
    } else {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: attempt.orderId,
          method: "razorpay",
          status: "captured",
          amountPaise: paid.amountPaise,
          providerPaymentId: paid.providerPaymentId,
          providerMethod: paid.method,
          paidAt: at,
          unwanted: true,
        })
        .returning({ id: payments.id });
      unwantedId = row!.id;
    }
    const refund = await askRefund(tx, { paymentId: unwantedId, amountPaise: paid.amountPaise, reason: late ? "late" : "duplicate", idempotencyKey: refundKey(unwantedId) });
    log.warn("payment for an order no longer waiting for it: refunding", { orderId: attempt.orderId, paymentId: paid.providerPaymentId, reason: late ? "late" : "duplicate" });
    return { outcome: { kind: late ? "refunding" : "confirmed", orderId: attempt.orderId, customer, fresh: false }, refund, cancelLink: null };
  }

  /**
   * A paid order's coupon, checked again as it is confirmed (issue 24, decision 044). Its use was
   * counted from the moment it was placed, so no other order can have taken it meanwhile; only
   * staff lowering a limit can leave it past one. The shopper paid the price shown: it is
   * honoured, never charged again, and said in the log for staff.
   */
  async function recheckCoupon(tx: Conn, order: OrderRow): Promise<void> {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, order.couponId!)).for("update");
    if (!coupon) return;
    // The coupon's own rule, over the other orders that hold it; only a limit passed is noted
    // (a coupon switched off or ended meanwhile is honoured too: the shopper paid the price shown).
    const check = await checkCoupon(tx, coupon, order.customerId, order.subtotalPaise ?? 0, now(), order.id);
    const over = !check.ok && (check.reason === COUPON_MESSAGES.usedUp || check.reason === COUPON_MESSAGES.usedByYou);
    if (over) log.warn("a paid order's coupon is past its limit: honoured at the price paid", { orderId: order.id, coupon: coupon.code, reason: check.reason });
  }

  /** What a confirmation leaves to do: its mail, refunds to ask for, a link that must not take a second payment. */
  async function afterCommit(done: AfterCommit): Promise<void> {
    if (done.outcome?.kind === "confirmed" && done.outcome.fresh) await options.placed?.({ customer: done.outcome.customer, orderId: done.outcome.orderId });
    if (done.cancelLink && done.outcome?.kind === "confirmed" && done.outcome.fresh) await cancelLinkQuietly(done.cancelLink);
    if (done.refund !== null) await sendRefund(done.refund);
  }

  async function captureNow(paymentId: number, paid: Capture): Promise<PaymentOutcome | null> {
    const done = await db.transaction((tx) => capture(tx, paymentId, paid, now()));
    await afterCommit(done);
    return done.outcome;
  }

  /** Asks Razorpay whether an attempt was paid (the browser's return may never come): confirms it if so. */
  async function askRazorpay(attempt: PaymentRow): Promise<PaymentOutcome | null> {
    if (!gateway) return null;
    try {
      if (attempt.providerOrderId) {
        const paid = (await gateway.orderPayments(attempt.providerOrderId)).find((p) => p.status === "captured");
        if (paid) return await captureNow(attempt.id, fromRazorpay(paid));
      }
      if (attempt.providerLinkId) {
        const link = await gateway.getLink(attempt.providerLinkId);
        const paid = link.payments?.find((p) => p.status === "captured");
        if (link.status === "paid" && paid) return await captureNow(attempt.id, { providerPaymentId: paid.payment_id, amountPaise: paid.amount, method: paid.method ?? null });
      }
    } catch (error) {
      log.warn("could not ask Razorpay about a payment", { orderId: attempt.orderId, ...errorFields(error) });
    }
    return null;
  }

  type DueRefund = { refund: typeof refunds.$inferSelect; providerPaymentId: string | null; orderId: number };

  /** Refunds recorded and not yet accepted by Razorpay (`only`: that one). */
  function dueRefunds(only?: number): Promise<DueRefund[]> {
    return db
      .select({ refund: refunds, providerPaymentId: payments.providerPaymentId, orderId: payments.orderId })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.status, "initiated"), isNull(refunds.providerRefundId), lt(refunds.attempts, 20), only === undefined ? undefined : eq(refunds.id, only)))
      .orderBy(asc(refunds.id))
      .limit(20);
  }

  /** Asks Razorpay for one refund, outside any transaction; a failure is recorded for the sweep to retry. */
  async function askForRefund({ refund, providerPaymentId, orderId }: DueRefund): Promise<boolean> {
    try {
      // The same key and the same body every time: a retry is the same refund (docs/ARCHITECTURE.md, Outside services).
      const answer = await gateway!.refund(
        providerPaymentId!,
        { amount: refund.amountPaise, receipt: refund.idempotencyKey, notes: { haat_order: String(orderId), reason: refund.reason } },
        refund.idempotencyKey,
      );
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ providerRefundId: answer.id, attempts: sql`${refunds.attempts} + 1`, lastError: null, updatedAt: now() })
          .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)));
        if (answer.status === "processed" || answer.status === "failed") await settleRefund(tx, answer.id, answer.status);
      });
      return true;
    } catch (error) {
      await db
        .update(refunds)
        .set({ attempts: sql`${refunds.attempts} + 1`, lastError: (error as Error).message.slice(0, 500), updatedAt: now() })
        .where(eq(refunds.id, refund.id))
        .catch(() => undefined);
      log.warn("refund not accepted yet; will retry", { orderId, refundId: refund.id, ...errorFields(error) });
      return false;
    }
  }

  /** One refund, just recorded (a cancel, a short pick, an unwanted payment). Never throws: the sweep retries it. */
  async function sendRefund(refundId: number): Promise<boolean> {
    if (!gateway) return false;
    try {
      const [due] = await dueRefunds(refundId);
      return due ? await askForRefund(due) : false;
    } catch (error) {
      log.error("refund could not be sent; the sweep will retry it", { refundId, ...errorFields(error) });
      return false;
    }
  }

  /** Every refund Razorpay has not accepted yet, oldest first (the sweep's). */
  async function sendRefunds(): Promise<{ sent: number; failed: number }> {
    if (!gateway) return { sent: 0, failed: 0 };
    let sent = 0;
    let failed = 0;
    for (const due of await dueRefunds()) {
      if (await askForRefund(due)) sent++;
      else failed++;
    }
    return { sent, failed };
  }

  /** Razorpay's word on a refund: processed (the payment is refunded) or failed. */
  async function settleRefund(
    tx: Conn,
    providerRefundId: string,
    status: "processed" | "failed",
    sent?: { paymentId?: string; receipt?: string | null; amount?: number },
  ): Promise<boolean> {
    let [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)).for("update");
    if (!row && sent?.paymentId) {
      // The webhook came before Razorpay's answer to the refund call was stored. A payment may
      // have several refunds (short picks, then a cancel): the receipt (our idempotency key)
      // names which one; without it, the one of that amount.
      [row] = await tx
        .select({ refunds })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(
          and(
            eq(payments.providerPaymentId, sent.paymentId),
            isNull(refunds.providerRefundId),
            sent.receipt ? eq(refunds.idempotencyKey, sent.receipt) : sent.amount !== undefined ? eq(refunds.amountPaise, sent.amount) : undefined,
          ),
        )
        .orderBy(asc(refunds.id))
        .limit(1)
        .for("update", { of: refunds })
        .then((rows) => rows.map((r) => r.refunds));
    }
    if (!row) return false;
    await tx.update(refunds).set({ status, providerRefundId, updatedAt: now() }).where(eq(refunds.id, row.id));
    // A short pick's or a weighing's refund gives back part of the payment: the payment itself stays paid.
    if (status === "processed" && !isPartRefund(row.reason)) await tx.update(payments).set({ status: "refunded", updatedAt: now() }).where(eq(payments.id, row.paymentId));
    return true;
  }

  async function attemptBy(column: typeof payments.providerOrderId | typeof payments.providerLinkId, id: string): Promise<PaymentRow | null> {
    const [row] = await db.select().from(payments).where(eq(column, id));
    return row ?? null;
  }

  return {
    available: Boolean(config),

    async begin(customer, orderId, via) {
      const api = requireGateway();
      const held = await heldAttempt(db, and(eq(orders.id, orderId), eq(orders.customerId, customer.id)));
      if (!held) throw new ShopError("invalid", ORDER_MESSAGES.invalidCart);
      const { order, payment } = held;
      const at = now();
      if (payment.expiresAt && payment.expiresAt <= at) {
        await releaseAndCancelLink(payment.id);
        throw new ShopError("conflict", PAYMENT_MESSAGES.cancelled);
      }
      const reference = providerReference(order.id, payment.id);
      const address = order.deliveryAddress!;
      try {
        if (via === "link") {
          if (payment.providerLinkUrl) return { kind: "link", url: payment.providerLinkUrl };
          // Razorpay wants a link to live at least 15 minutes: the hold lasts as long.
          const expiresAt = new Date(Math.max(payment.expiresAt!.getTime(), at.getTime() + MIN_HOLD_MINUTES * 60_000));
          const link = await api.createLink({
            amount: payment.amountPaise,
            referenceId: reference,
            // No number: an order takes its number when it is paid for (decision 065).
            description: `${options.storeName} order`,
            customer: { name: address.name, email: address.email || customer.email || "", contact: `+91${address.phone}` },
            expireBy: expiresAt,
            callbackUrl: `${options.publicOrigin}${CALLBACK_PATH}`,
            notes: { haat_order: String(order.id) },
            method: (payment.instrument as Instrument | null) ?? null,
          });
          const [stored] = await db
            .update(payments)
            .set({ providerLinkId: link.id, providerLinkUrl: link.short_url, expiresAt, updatedAt: at })
            .where(and(eq(payments.id, payment.id), isNull(payments.providerLinkId), eq(payments.status, "pending")))
            .returning({ url: payments.providerLinkUrl });
          if (stored) return { kind: "link", url: stored.url! };
          // Another tab made one first (or the payment ended): that one stands.
          await cancelLinkQuietly(link.id);
          const [current] = await db.select().from(payments).where(eq(payments.id, payment.id));
          if (current?.status === "pending" && current.providerLinkUrl) return { kind: "link", url: current.providerLinkUrl };
          throw new ShopError("conflict", PAYMENT_MESSAGES.cancelled);
        }
        let providerOrderId = payment.providerOrderId;
        if (!providerOrderId) {
          const created = await api.createOrder({ amount: payment.amountPaise, receipt: reference, notes: { haat_order: String(order.id) } });
          const [stored] = await db
            .update(payments)
            .set({ providerOrderId: created.id, updatedAt: at })
            .where(and(eq(payments.id, payment.id), isNull(payments.providerOrderId)))
            .returning({ id: payments.providerOrderId });
          providerOrderId = stored?.id ?? (await db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.providerOrderId!;
        }
        return {
          kind: "modal",
          checkout: {
            script: config!.checkoutJs,
            key: config!.keyId,
            orderId: providerOrderId,
            amount: payment.amountPaise,
            currency: "INR",
            name: options.storeName,
            description: "Your order",
            prefill: {
              name: address.name,
              email: address.email || customer.email || "",
              contact: address.phone,
              ...(payment.instrument ? { method: payment.instrument as Instrument } : {}),
            },
            callbackUrl: `${options.publicOrigin}${CALLBACK_PATH}`,
            timeout: Math.max(60, Math.floor((payment.expiresAt!.getTime() - at.getTime()) / 1000)),
          },
        };
      } catch (error) {
        if (error instanceof ShopError) throw error;
        log.error("Razorpay refused or did not answer a new payment", { orderId: order.id, via, ...errorFields(error) });
        // Nothing can have been paid through an order or link Razorpay never made: the cart is as it was.
        if (!payment.providerOrderId && !payment.providerLinkId) await releaseAndCancelLink(payment.id);
        throw new ShopError("unavailable", PAYMENT_MESSAGES.createFailed);
      }
    },

    async pending(customer) {
      const held = await heldAttempt(db, eq(orders.customerId, customer.id));
      if (!held) return null;
      let { payment } = held;
      if (payment.providerOrderId || payment.providerLinkId) {
        const outcome = await askRazorpay(payment);
        if (outcome) return null;
      }
      if (payment.expiresAt && payment.expiresAt <= now()) {
        await releaseAndCancelLink(payment.id);
        return null;
      }
      [payment] = await db.select().from(payments).where(eq(payments.id, payment.id));
      if (payment?.status !== "pending") return null;
      const view: PendingPayment = {
        orderId: payment.orderId,
        amountPaise: payment.amountPaise,
        instrument: (payment.instrument as Instrument | null) ?? null,
        expiresAt: payment.expiresAt!,
        lastFailure: payment.failureReason,
      };
      return view;
    },

    async abandon(customer, orderId) {
      const held = await heldAttempt(db, and(eq(orders.id, orderId), eq(orders.customerId, customer.id)));
      if (!held) throw new ShopError("conflict", ORDER_MESSAGES.invalidCart);
      // Paid after all (the modal closed as the payment went through): that wins.
      const outcome = await askRazorpay(held.payment);
      if (outcome) throw new ShopError("conflict", "Your payment went through: your order is placed.");
      await releaseAndCancelLink(held.payment.id);
    },

    async completeCheckout(fields) {
      requireGateway();
      const attempt = await attemptBy(payments.providerOrderId, fields.orderId);
      if (!attempt || !sameSignature(checkoutSignature(config!.keySecret, attempt.providerOrderId!, fields.paymentId), fields.signature)) {
        log.warn("Standard Checkout return refused: signature does not verify", { razorpayOrderId: fields.orderId.slice(0, 40), paymentId: fields.paymentId.slice(0, 40) });
        throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
      }
      // The signature says Razorpay took this payment for the order Haat created, whose amount Haat set.
      const outcome = await captureNow(attempt.id, { providerPaymentId: fields.paymentId, amountPaise: attempt.amountPaise, method: attempt.instrument });
      if (!outcome) throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
      return outcome;
    },

    async completeLink(fields) {
      requireGateway();
      const attempt = await attemptBy(payments.providerLinkId, fields.linkId);
      const signed = attempt
        ? linkSignature(config!.keySecret, {
            linkId: attempt.providerLinkId!,
            referenceId: providerReference(attempt.orderId, attempt.id),
            status: fields.status,
            paymentId: fields.paymentId,
          })
        : null;
      if (!attempt || !signed || fields.status !== "paid" || fields.referenceId !== providerReference(attempt.orderId, attempt.id) || !sameSignature(signed, fields.signature)) {
        log.warn("payment link return refused: signature does not verify", {
          linkId: fields.linkId.slice(0, 40),
          paymentId: fields.paymentId.slice(0, 40),
          status: fields.status.slice(0, 20),
        });
        throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
      }
      const outcome = await captureNow(attempt.id, { providerPaymentId: fields.paymentId, amountPaise: attempt.amountPaise, method: attempt.instrument });
      if (!outcome) throw new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed);
      return outcome;
    },

    async noteFailure(fields) {
      const attempt = await attemptBy(payments.providerOrderId, fields.orderId);
      if (!attempt) return null;
      const at = now();
      const [noted] = await db
        .update(payments)
        .set({ failureReason: fields.reason.slice(0, 200), failedAt: firstFailure(at), updatedAt: at })
        .where(and(eq(payments.id, attempt.id), eq(payments.status, "pending")))
        .returning({ failedAt: payments.failedAt });
      if (noted?.failedAt?.getTime() === at.getTime()) metrics.paymentFailed("checkout");
      return attempt.orderId;
    },

    async webhook(rawBody, signature, eventId) {
      if (!config) throw new ShopError("not_found", PAYMENT_MESSAGES.configMissing);
      if (!sameSignature(webhookSignature(config.webhookSecret, rawBody), signature)) {
        log.warn("webhook refused: signature does not verify", { eventId: eventId?.slice(0, 60) ?? null });
        throw new ShopError("invalid", "Webhook signature does not verify.");
      }
      if (!eventId || eventId.length > 100) throw new ShopError("invalid", "Webhook without an event id.");
      let event: WebhookEvent;
      try {
        event = JSON.parse(rawBody) as WebhookEvent;
      } catch {
        throw new ShopError("invalid", "Webhook body is not JSON.");
      }
      const done = await db.transaction(async (tx): Promise<{ result: WebhookResult; after: AfterCommit }> => {
        // Recorded in the same transaction as what it changes: a redelivery finds it and changes nothing.
        const [fresh] = await tx
          .insert(paymentEvents)
          .values({ eventId, event: String(event.event).slice(0, 60) })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.eventId });
        if (!fresh) return { result: { status: "duplicate" }, after: NOTHING };
        const after = await applyEvent(tx, event);
        return { result: { status: after === NOTHING ? "ignored" : "handled" }, after };
      });
      await afterCommit(done.after);
      return done.result;
    },

    sendRefund,
    sendRefunds,

    async sweep() {
      // One instance at a time across a cluster; the others find the lease taken and wait for the next minute.
      const done = await underLease(db, sweepLease, now(), async () => {
        let confirmed = 0;
        let released = 0;
        const due = await db
          .select()
          .from(payments)
          .where(and(eq(payments.method, "razorpay"), eq(payments.status, "pending"), lte(payments.expiresAt, now())))
          .orderBy(asc(payments.expiresAt))
          .limit(50);
        for (const attempt of due) {
          if ((attempt.providerOrderId || attempt.providerLinkId) && (await askRazorpay(attempt))) {
            confirmed++;
            continue;
          }
          if (await releaseAndCancelLink(attempt.id)) released++;
        }
        const refunded = await sendRefunds();
        return { confirmed, released, refunds: refunded.sent, ran: true };
      });
      return done ?? { confirmed: 0, released: 0, refunds: 0, ran: false };
    },
  };

  /** A webhook's capture: a payment that does not match (logged by capture) is recorded as seen and changes nothing. */
  async function captureOrIgnore(tx: Conn, paymentId: number, paid: Capture, at: Date): Promise<AfterCommit> {
    try {
      return await capture(tx, paymentId, paid, at);
    } catch (error) {
      if (error instanceof ShopError) return NOTHING;
      throw error;
    }
  }

  /** One webhook event's change, inside the transaction that records the event. */
  async function applyEvent(tx: Conn, event: WebhookEvent): Promise<AfterCommit> {
    const payment = event.payload?.payment?.entity;
    const at = now();
    const byColumn = async (column: typeof payments.providerOrderId | typeof payments.providerLinkId, id: string | undefined | null) => {
      if (!id) return null;
      const [row] = await tx.select().from(payments).where(eq(column, id));
      return row ?? null;
    };
    switch (event.event) {
      case "payment.captured":
      case "order.paid": {
        const attempt = await byColumn(payments.providerOrderId, event.payload?.order?.entity?.id ?? payment?.order_id);
        if (!attempt || !payment || payment.status !== "captured") return NOTHING;
        return captureOrIgnore(tx, attempt.id, fromRazorpay(payment), at);
      }
      case "payment_link.paid": {
        const attempt = await byColumn(payments.providerLinkId, event.payload?.payment_link?.entity?.id);
        if (!attempt || !payment) return NOTHING;
        return captureOrIgnore(tx, attempt.id, fromRazorpay(payment), at);
      }
      case "payment.failed": {
        const attempt = await byColumn(payments.providerOrderId, payment?.order_id);
        if (!attempt) return NOTHING;
        // A standing order's Autopay charge failed: that delivery is called off (or collected in cash).
        const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
        if (order && isAutopayCharge(attempt, order)) {
          await chargeFailedIn(tx, attempt.id, chargeFailure(payment?.error_description), at);
          return { ...NOTHING };
        }
        const [noted] = await tx
          .update(payments)
          .set({ failureReason: (payment?.error_description ?? "Payment failed").slice(0, 200), failedAt: firstFailure(at), updatedAt: at })
          .where(and(eq(payments.id, attempt.id), eq(payments.status, "pending")))
          .returning({ failedAt: payments.failedAt });
        if (noted?.failedAt?.getTime() === at.getTime()) onCommit(() => metrics.paymentFailed("webhook"));
        return NOTHING;
      }
      case "refund.processed":
      case "refund.failed": {
        const refund = event.payload?.refund?.entity;
        if (!refund?.id) return NOTHING;
        const settled = await settleRefund(tx, refund.id, event.event === "refund.processed" ? "processed" : "failed", {
          paymentId: refund.payment_id,
          receipt: refund.receipt,
          amount: refund.amount,
        });
        return settled ? { ...NOTHING } : NOTHING;
      }
      case "invoice.paid":
      case "token.confirmed":
      case "token.rejected":
      case "token.cancelled":
      case "token.paused":
        return (await autopayEvent(tx, event as AutopayEvent, at)) ? { ...NOTHING } : NOTHING;
      default:
        return NOTHING;
    }
  }
}

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: RazorpayPayment };
    order?: { entity?: { id?: string } };
    payment_link?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; status?: string; amount?: number; receipt?: string | null } };
  };
}

/**
 * A standing order's Autopay charge (decision 078): online, never held (no hold's end), for a
 * standing order. Known by what it is, not by charged_at, which is written after Razorpay answers:
 * a webhook may come first.
 */
function isAutopayCharge(attempt: PaymentRow, order: OrderRow): boolean {
  return attempt.method === "razorpay" && attempt.expiresAt === null && order.subscriptionId !== null;
}

function fromRazorpay(payment: RazorpayPayment): Capture {
  return { providerPaymentId: payment.id, amountPaise: payment.amount, method: payment.method ?? null };
}
