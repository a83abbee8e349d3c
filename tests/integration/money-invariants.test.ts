// The money path's invariants where the ways in meet (issue 24), on PGlite and PostgreSQL:
// a coupon's limits hold under concurrency and across a payment that is still coming; a cancel
// sends its own refund and never another order's; the sweep runs on one instance at a time; and
// no network call is ever made while a database transaction is open.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "../../app/domain/coupon.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { coupons, orders, payments, refunds, variants } from "../../app/server/db/schema.server.ts";
import { guardClient, NetworkInTransaction } from "../../app/server/db/transaction-scope.server.ts";
import type { RazorpayConfig } from "../../app/server/env.server.ts";
import { createMailer } from "../../app/server/mail/mailer.server.ts";
import { giveUpLease, takeLease } from "../../app/server/shop/leases.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { mailWhenPlaced } from "../../app/server/open-shop.server.ts";
import { ShopError, type Customer, type Shop } from "../../app/server/shop/port.server.ts";
import { cancelOrder } from "../../app/server/use-cases/cancel-order.server.ts";
import { confirmCheckout } from "../../app/server/use-cases/confirm-payment.server.ts";
import { applyCoupon } from "../../app/server/use-cases/coupons.server.ts";
import { placeOrder } from "../../app/server/use-cases/place-order.server.ts";
import { startRazorpayStandin, type RazorpayStandin } from "../standins/razorpay.ts";
import { targets } from "./databases.ts";
import { home } from "./fixtures.ts";
import type { Env } from "../../app/server/env.server.ts";

// Mail (the 'order placed' of an order a payment confirmed) is kept in DATA_DIR/outbox without SMTP_URL.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-invariants-"));
process.env.DATA_DIR = dataDir;
/** The mails in the outbox to `email` whose subject has `words`. */
const mailed = (email: string, words: string) =>
  fs.existsSync(path.join(dataDir, "outbox"))
    ? fs
        .readdirSync(path.join(dataDir, "outbox"))
        .map((f) => fs.readFileSync(path.join(dataDir, "outbox", f), "utf8"))
        .filter((m) => m.includes(email) && m.includes(words))
    : [];

const KEYS = { keyId: "rzp_test_HaatInvariant1", keySecret: "invariant-key-secret-01", webhookSecret: "invariant-webhook-secret-1" };
const REF = "GP-PUL-MSR-1KG";

describe.each(targets)("the money path's invariants on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  let n = 0;

  const shopper = async (): Promise<{ customer: Customer; addressId: number }> => {
    const customer = await shop.accounts.register({ name: `Shopper ${n}`, email: `invariant-${target.name}-${n++}@example.in`, phone: "9876543210", password: "password-1" });
    return { customer, addressId: (await shop.addresses.create(customer, home)).id };
  };
  const coupon = async (code: string, limits: { usageLimit?: number; perCustomerLimit?: number }) => {
    const [row] = await database.db
      .insert(coupons)
      .values({ code, description: code, kind: "flat", value: 5_000, ...limits })
      .returning({ id: coupons.id });
    return row!.id;
  };
  /** The orders that hold a use of the coupon (placed, or waiting for their payment). */
  const uses = async (couponId: number) =>
    database.db
      .select({ id: orders.id, customerId: orders.customerId, state: orders.state, discount: orders.discountPaise })
      .from(orders)
      .where(and(eq(orders.couponId, couponId), inArray(orders.state, ["confirmed", "awaiting_payment"])));
  /** Razorpay's Standard Checkout paying an order placed online, and the return confirming it. */
  const pay = async (customer: Customer, orderId: number) => {
    const start = await shop.payments.begin(customer, orderId, "modal");
    if (start.kind !== "modal") throw new Error("expected Standard Checkout");
    const answer = await standin.payOrder(start.checkout.orderId, { method: "upi", outcome: "success" });
    if ("error" in answer) throw new Error("payment failed");
    return confirmCheckout(shop, { orderId: answer.razorpay_order_id, paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature });
  };

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    standin = await startRazorpayStandin(KEYS);
    const razorpay: RazorpayConfig = { ...KEYS, apiBase: standin.apiBase, checkoutJs: standin.checkoutJs, holdMinutes: 20 };
    shop = createShop(database, 0, { razorpay, publicOrigin: "https://shop.example.in", prepaidPercent: 5, placed: mailWhenPlaced });
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });
  beforeEach(async () => {
    standin.setDown(null);
    await database.db.update(variants).set({ inventoryStock: 10_000, inStock: true }).where(eq(variants.internalReference, REF));
  });

  it("gives one discount to 20 placements at once by one customer with a once-per-customer coupon", async () => {
    const id = await coupon("ONCEONLY", { perCustomerLimit: 1 });
    const { customer, addressId } = await shopper();
    const flows = Array.from({ length: 20 }, async (_, i) => {
      try {
        await shop.cart.add(customer, { internalReference: REF, quantity: 1 });
        await shop.cart.applyCoupon(customer, "ONCEONLY");
        const cart = await shop.cart.get(customer);
        // Cash and online alike: an order waiting for its payment holds its coupon too.
        await shop.orders.place(customer, { cartId: cart.id!, addressId, paymentMethod: i % 2 ? "razorpay" : "cod" });
      } catch (error) {
        if (!(error instanceof ShopError)) throw error;
      }
    });
    await Promise.all(flows);
    const used = await uses(id);
    expect(used).toHaveLength(1);
    expect(used[0]!.discount).toBe(5_000);
  });

  it("gives exactly 5 discounts to 30 customers at once with a coupon of 5 uses", async () => {
    const id = await coupon("FIVEONLY", { usageLimit: 5 });
    const carts = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const s = await shopper();
        await shop.cart.add(s.customer, { internalReference: REF, quantity: 1 });
        await shop.cart.applyCoupon(s.customer, "FIVEONLY");
        return { ...s, cartId: (await shop.cart.get(s.customer)).id! };
      }),
    );
    const outcomes = await Promise.allSettled(
      carts.map((c, i) => shop.orders.place(c.customer, { cartId: c.cartId, addressId: c.addressId, paymentMethod: i % 3 ? "cod" : "razorpay" })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "conflict", message: `FIVEONLY: ${COUPON_MESSAGES.usedUp}` });
    expect(await uses(id)).toHaveLength(5);
    expect(new Set((await uses(id)).map((u) => u.customerId)).size).toBe(5);
  });

  it("counts an order waiting for its UPI payment: a second cart cannot take the coupon, and paying the first keeps its one discount", async () => {
    const id = await coupon("FIRSTUPI", { perCustomerLimit: 1 });
    const { customer, addressId } = await shopper();
    // Cart A with the coupon, placed for UPI: its stock and its coupon are held while the shopper pays.
    await shop.cart.add(customer, { internalReference: REF, quantity: 2 });
    await shop.cart.choosePayment(customer, "upi");
    expect(await applyCoupon(shop, customer, { code: "FIRSTUPI" })).toMatchObject({ kind: "applied" });
    const a = await placeOrder(shop, customer, { cartId: (await shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "as-chosen", via: "modal" });
    expect(a.kind).toBe("paying");
    // Cart B: the coupon is refused, and B is placed without it.
    await shop.cart.add(customer, { internalReference: REF, quantity: 1 });
    await expect(applyCoupon(shop, customer, { code: "FIRSTUPI" })).rejects.toMatchObject({ code: "invalid", message: COUPON_MESSAGES.usedByYou });
    const b = await placeOrder(shop, customer, { cartId: (await shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "cod", via: "link" });
    expect(b.kind).toBe("confirmed");
    // Then A is paid: confirmed at the price shown, with its discount; one discount in all.
    const outcome = await pay(customer, a.orderId);
    expect(outcome).toMatchObject({ kind: "confirmed", orderId: a.orderId });
    const used = await uses(id);
    expect(used.map((u) => [u.id, u.state])).toEqual([[a.orderId, "confirmed"]]);
    const [paid] = await database.db
      .select({ amount: payments.amountPaise })
      .from(payments)
      .where(and(eq(payments.orderId, a.orderId), eq(payments.status, "captured")));
    expect(paid!.amount).toBe((await shop.orders.get(customer, a.orderId))!.totalPaise);
  });

  it("gives a coupon's use back when the order waiting for its payment is given up", async () => {
    const id = await coupon("BACKAGAIN", { perCustomerLimit: 1 });
    const { customer, addressId } = await shopper();
    await shop.cart.add(customer, { internalReference: REF, quantity: 1 });
    await shop.cart.choosePayment(customer, "upi");
    await applyCoupon(shop, customer, { code: "BACKAGAIN" });
    const a = await placeOrder(shop, customer, { cartId: (await shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "as-chosen", via: "modal" });
    expect(await uses(id)).toHaveLength(1);
    await shop.payments.abandon(customer, a.orderId);
    expect(await uses(id)).toHaveLength(0);
  });

  it("sends a cancel's own refund, never another order's; the sweep sends the rest", async () => {
    const paidOrder = async () => {
      const { customer, addressId } = await shopper();
      await shop.cart.add(customer, { internalReference: REF, quantity: 1 });
      await shop.cart.choosePayment(customer, "upi");
      const placed = await placeOrder(shop, customer, { cartId: (await shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "as-chosen", via: "modal" });
      await pay(customer, placed.orderId);
      return { customer, orderId: placed.orderId };
    };
    const refundOf = async (orderId: number) => {
      const [row] = await database.db.select({ refund: refunds }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(payments.orderId, orderId));
      return row!.refund;
    };
    const first = await paidOrder();
    const second = await paidOrder();
    // Razorpay does not answer the first cancel's refund: it is recorded, and left for the sweep.
    standin.setDown(503);
    expect(await cancelOrder(shop, first.customer, first.orderId)).toMatchObject({ refunding: true });
    expect(await refundOf(first.orderId)).toMatchObject({ providerRefundId: null, attempts: 1 });
    standin.setDown(null);
    // The second cancel asks Razorpay for its own refund only.
    const before = standin.refunds.size;
    await cancelOrder(shop, second.customer, second.orderId);
    expect(standin.refunds.size).toBe(before + 1);
    expect((await refundOf(second.orderId)).providerRefundId).not.toBeNull();
    expect(await refundOf(first.orderId)).toMatchObject({ providerRefundId: null, attempts: 1 });
    // The sweep sends the first.
    expect(await shop.payments.sweep()).toMatchObject({ ran: true, refunds: 1 });
    expect((await refundOf(first.orderId)).providerRefundId).not.toBeNull();
    const unsent = await database.db.select({ id: refunds.id }).from(refunds).where(isNull(refunds.providerRefundId));
    expect(unsent).toEqual([]);
    expect(await database.db.select({ id: refunds.id }).from(refunds).where(isNotNull(refunds.providerRefundId))).toHaveLength(2);
  });

  it("mails 'order placed' once for an order its payment confirmed, whichever way came first", async () => {
    const { customer, addressId } = await shopper();
    await shop.cart.add(customer, { internalReference: REF, quantity: 1 });
    await shop.cart.choosePayment(customer, "upi");
    const placed = await placeOrder(shop, customer, { cartId: (await shop.cart.get(customer)).id!, addressId, slot: "earliest", method: "as-chosen", via: "modal" });
    const start = await shop.payments.begin(customer, placed.orderId, "modal");
    if (start.kind !== "modal") throw new Error("expected Standard Checkout");
    const answer = await standin.payOrder(start.checkout.orderId, { method: "upi", outcome: "success" });
    if ("error" in answer) throw new Error("payment failed");
    // The shopper closed the tab: no return. Their next visit asks Razorpay, which says it is paid.
    expect(await shop.payments.pending(customer)).toBeNull();
    expect((await shop.orders.get(customer, placed.orderId))?.state).toBe("confirmed");
    const subject = `order #${(await shop.orders.get(customer, placed.orderId))!.number} is confirmed`;
    expect(mailed(customer.email!, subject)).toHaveLength(1);
    // The return comes late after all: the same order, no second mail.
    await confirmCheckout(shop, { orderId: answer.razorpay_order_id, paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature });
    expect(mailed(customer.email!, subject)).toHaveLength(1);
  });

  it("runs the sweep on one instance at a time, and on another when the holder died", async () => {
    const razorpay: RazorpayConfig = { ...KEYS, apiBase: standin.apiBase, checkoutJs: standin.checkoutJs, holdMinutes: 20 };
    const instances = [0, 1, 2].map(() => createShop(database, 0, { razorpay, publicOrigin: "https://shop.example.in", prepaidPercent: 5, placed: mailWhenPlaced }));
    // Another instance is sweeping: none of these runs a pass beside it.
    expect(await takeLease(database.db, "payments.sweep", "another-instance", 60_000, new Date())).toBe(true);
    expect((await Promise.all(instances.map((s) => s.payments.sweep()))).map((p) => p.ran)).toEqual([false, false, false]);
    // It finished and gave the lease up: the next pass runs wherever it starts.
    await giveUpLease(database.db, "payments.sweep", "another-instance");
    expect(await instances[1]!.payments.sweep()).toMatchObject({ ran: true });
    // It died holding the lease: once the lease runs out, another instance sweeps.
    expect(await takeLease(database.db, "payments.sweep", "a-dead-instance", 60_000, new Date(Date.now() - 120_000))).toBe(true);
    expect(await instances[2]!.payments.sweep()).toMatchObject({ ran: true });
  });

  it("refuses a network call while a database transaction is open, and allows it after", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      await expect(database.db.transaction(async () => fetch(url))).rejects.toBeInstanceOf(NetworkInTransaction);
      // Nested in a savepoint, and deep in the transaction's own awaits, just the same.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.select({ id: coupons.id }).from(coupons).limit(1);
          await tx.transaction(async () => {
            await new Promise((r) => setTimeout(r, 1));
            await fetch(url);
          });
        }),
      ).rejects.toBeInstanceOf(NetworkInTransaction);
      const client = guardClient("A provider", { call: async () => "answered" });
      await expect(database.db.transaction(async () => client.call())).rejects.toThrow(/A provider \(call\) was called while a database transaction is open/);
      const mailer = createMailer({ SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: "Haat <no-reply@haat.example>" } as Env);
      await expect(database.db.transaction(async () => mailer.send({ to: "a@example.in", subject: "s", text: "t" }))).rejects.toBeInstanceOf(NetworkInTransaction);
      // Outside a transaction, the same calls go out.
      expect(await (await fetch(url)).text()).toBe("ok");
      expect(await client.call()).toBe("answered");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
