// Paying online, on PGlite and PostgreSQL, against the Razorpay stand-in (tests/standins/razorpay.ts)
// over real HTTP: its webhooks come to a small server that hands them to the Shop, as
// /webhooks/razorpay does. The payment's life: held stock, links and Standard Checkout,
// verified returns, webhooks (alone, replayed, racing the return), cancel and refund,
// Razorpay down, holds that run out, late payments refunded.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../app/domain/payment.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { orders, paymentEvents, payments, refunds, variants } from "../../app/server/db/schema.server.ts";
import type { RazorpayConfig } from "../../app/server/env.server.ts";
import { createGateway, type Gateway } from "../../app/server/payments/razorpay.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer, type Shop } from "../../app/server/shop/port.server.ts";
import { startRazorpayStandin, type RazorpayStandin } from "../standins/razorpay.ts";
import { targets } from "./databases.ts";
import { home, refusal } from "./fixtures.ts";

const KEYS = { keyId: "rzp_test_HaatStandin01", keySecret: "standin-key-secret-0123", webhookSecret: "standin-webhook-secret-0123" };

describe.each(targets)("online payment on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  let receiver: http.Server;
  let clock = 0;
  let n = 0;
  const refusedCancels: string[] = [];
  const ref = "GP-PUL-MSR-1KG";
  const other = "GP-PUL-TOOR-1KG";

  async function stockOf(reference: string) {
    const [v] = await database.db.select({ s: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, reference));
    return v!.s;
  }
  async function count(query: ReturnType<typeof sql>) {
    const rows = await database.db.execute(query);
    return ((Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows) as { n: number }[])[0]!.n;
  }
  /** A shopper with `quantity` of `reference` in the cart, UPI chosen, placed: the order waits for its payment. */
  async function placed(quantity = 1, reference = ref, choice: "upi" | "card" = "upi") {
    const customer = await shop.accounts.register({ name: `Payer ${n}`, email: `payer${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    await shop.cart.add(customer, { internalReference: reference, quantity });
    await shop.cart.choosePayment(customer, choice);
    const cart = await shop.cart.get(customer);
    const result = await shop.orders.place(customer, { cartId: cart.id!, addressId: address.id, paymentMethod: "razorpay" });
    expect(result.awaitingPayment).toBe(true);
    return { customer, orderId: result.orderId, addressId: address.id, summary: cart.summary };
  }
  async function attemptOf(orderId: number) {
    const [row] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.unwanted, false)));
    return row!;
  }
  async function stateOf(orderId: number) {
    const [row] = await database.db.select({ state: orders.state, serial: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    return row!;
  }
  async function modal(customer: Customer, orderId: number) {
    const start = await shop.payments.begin(customer, orderId, "modal");
    if (start.kind !== "modal") throw new Error("expected Standard Checkout");
    return start.checkout;
  }
  async function paidByModal(customer: Customer, orderId: number) {
    const checkout = await modal(customer, orderId);
    const answer = await standin.payOrder(checkout.orderId, { method: "card", outcome: "success" });
    if ("error" in answer) throw new Error("payment failed");
    return { checkout, answer };
  }
  const fieldsOf = (answer: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) => ({
    orderId: answer.razorpay_order_id,
    paymentId: answer.razorpay_payment_id,
    signature: answer.razorpay_signature,
  });

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    // What /webhooks/razorpay does: the raw body and two headers to the Shop; its answer's status back.
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
        shop.payments.webhook(Buffer.concat(chunks).toString("utf8"), header("x-razorpay-signature"), header("x-razorpay-event-id")).then(
          (result) => res.writeHead(200).end(JSON.stringify(result.status)),
          (error: unknown) => res.writeHead(error instanceof ShopError ? 400 : 500).end(),
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    standin = await startRazorpayStandin({ ...KEYS, webhookUrl: `http://127.0.0.1:${port}/webhooks/razorpay` });
    const razorpay: RazorpayConfig = { ...KEYS, apiBase: standin.apiBase, checkoutJs: standin.checkoutJs, holdMinutes: 20 };
    // Razorpay's own gateway, with the link cancellations it refused written down.
    const real = createGateway(razorpay);
    const gateway: Gateway = {
      ...real,
      cancelLink: (id) =>
        real.cancelLink(id).catch((error: unknown) => {
          refusedCancels.push(id);
          throw error;
        }),
    };
    shop = createShop(database, 0, { razorpay, publicOrigin: "https://shop.example.in", prepaidPercent: 5, gateway, now: () => new Date(Date.now() + clock) });
  });
  afterAll(async () => {
    await standin?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await database?.close();
  });
  beforeEach(async () => {
    clock = 0;
    standin.setDown(null);
    standin.holdWebhooks(false);
    await database.db
      .update(variants)
      .set({ inventoryStock: 100, inStock: true })
      .where(inArray(variants.internalReference, [ref, other]));
  });

  it("holds the stock, charges the server's total with the prepaid discount, and confirms a verified payment link once", async () => {
    const { customer, orderId, summary } = await placed(2);
    expect(await stockOf(ref)).toBe(98);
    expect(summary.prepaidPaise).toBeGreaterThan(0);
    // Waiting for payment: no invoice number yet, not among the orders, and the cart is empty.
    expect(await stateOf(orderId)).toEqual({ state: "awaiting_payment", serial: null });
    expect(await shop.orders.list(customer)).toEqual([]);
    expect((await shop.cart.get(customer)).lines).toEqual([]);

    const start = await shop.payments.begin(customer, orderId, "link");
    if (start.kind !== "link") throw new Error("expected a link");
    const attempt = await attemptOf(orderId);
    const link = standin.paymentLinks.get(attempt.providerLinkId!)!;
    expect(start.url).toBe(link.short_url);
    expect(link.amount).toBe(summary.totalPaise);
    expect(link.callback_url).toBe("https://shop.example.in/payments/razorpay/callback");
    expect(link.callback_method).toBe("get");
    // Asking again (a second tab, a double click) gives the same link.
    expect(await shop.payments.begin(customer, orderId, "link")).toEqual(start);
    expect(standin.paymentLinks.size).toBeGreaterThanOrEqual(1);

    // The webhooks are sent after the return here: racing them is the test below. Sent at once,
    // one could confirm the order first on a busy machine (CI saw it), and the return would not be the fresh one.
    standin.holdWebhooks(true);
    const sentBefore = standin.events.length;
    const paid = await standin.payLink(link.id, { method: "upi", outcome: "success" });
    const q = new URL(paid.callbackUrl!).searchParams;
    const fields = {
      linkId: q.get("razorpay_payment_link_id")!,
      referenceId: q.get("razorpay_payment_link_reference_id")!,
      status: q.get("razorpay_payment_link_status")!,
      paymentId: q.get("razorpay_payment_id")!,
      signature: q.get("razorpay_signature")!,
    };
    const outcome = await shop.payments.completeLink(fields);
    expect(outcome).toMatchObject({ kind: "confirmed", orderId, fresh: true });
    for (const event of standin.events.slice(sentBefore).filter((e) => e.held)) await standin.deliver(event.id);
    standin.holdWebhooks(false);
    await standin.idle();
    // The paid link is not asked to be cancelled (Razorpay refuses that for a paid link).
    expect(refusedCancels).toEqual([]);
    expect(standin.paymentLinks.get(link.id)!.status).toBe("paid");
    // The callback again (a reload) and the webhooks that followed change nothing.
    expect(await shop.payments.completeLink(fields)).toMatchObject({ kind: "confirmed", orderId, fresh: false });
    const order = (await shop.orders.get(customer, orderId))!;
    expect(order).toMatchObject({ state: "confirmed", paymentMethod: "razorpay", totalPaise: summary.totalPaise, prepaidDiscountPaise: summary.prepaidPaise });
    expect(order.payment).toEqual({ state: "paid", method: "upi", providerPaymentId: fields.paymentId });
    // Paid, it takes its number; its tax invoice comes when it leaves the shop (decision 065).
    expect(order.number).toBeGreaterThan(0);
    expect(order.invoice).toBeNull();
    expect(await stockOf(ref)).toBe(98);
    expect(await count(sql`select count(*)::int as n from payments where order_id = ${orderId} and status = 'captured'`)).toBe(1);
  });

  it("refuses a tampered return and changes nothing: signature, payment id, order id, link status", async () => {
    const { customer, orderId } = await placed();
    const { answer } = await (async () => {
      standin.holdWebhooks(true);
      return paidByModal(customer, orderId);
    })();
    const good = fieldsOf(answer);
    for (const bad of [
      { ...good, signature: good.signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")) },
      { ...good, signature: "not-a-signature" },
      { ...good, paymentId: "pay_Tampered000001" },
      { ...good, orderId: "order_Tampered00001" },
    ]) {
      expect((await refusal(shop.payments.completeCheckout(bad))).message).toBe(PAYMENT_MESSAGES.verificationFailed);
    }
    expect(await stateOf(orderId)).toEqual({ state: "awaiting_payment", serial: null });
    const link = await refusal(
      shop.payments.completeLink({ linkId: "plink_Unknown000001", referenceId: `haat-${orderId}-1`, status: "paid", paymentId: good.paymentId, signature: good.signature }),
    );
    expect(link.message).toBe(PAYMENT_MESSAGES.verificationFailed);
    // The real answer still confirms it.
    expect(await shop.payments.completeCheckout(good)).toMatchObject({ kind: "confirmed", orderId, fresh: true });
    standin.holdWebhooks(false);
    await standin.idle();
  });

  it("confirms by webhook alone when the shopper closed the tab, and a webhook replayed ten times is one confirmation", async () => {
    const { customer, orderId } = await placed();
    standin.holdWebhooks(true);
    await paidByModal(customer, orderId);
    const sent = standin.events.filter((e) => e.held);
    expect(sent.map((e) => e.event).sort()).toEqual(["order.paid", "payment.captured"]);
    const captured = sent.find((e) => e.event === "payment.captured")!;
    const statuses = await standin.deliver(captured.id, 10, { parallel: true });
    expect(statuses).toEqual(Array(10).fill(200));
    standin.holdWebhooks(false);
    await standin.idle();
    expect(await stateOf(orderId)).toMatchObject({ state: "confirmed" });
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("paid");
    expect(await count(sql`select count(*)::int as n from payment_events where event_id = ${captured.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from payments where order_id = ${orderId} and status = 'captured'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from orders where id = ${orderId} and order_number is not null`)).toBe(1);
  });

  it("the browser's return and the webhook racing make one confirmation", async () => {
    const { customer, orderId } = await placed();
    standin.holdWebhooks(true);
    const { answer } = await paidByModal(customer, orderId);
    const held = standin.events.filter((e) => e.held);
    const [outcome] = await Promise.all([shop.payments.completeCheckout(fieldsOf(answer)), ...held.map((e) => standin.deliver(e.id, 3, { parallel: true }))]);
    expect(outcome).toMatchObject({ kind: "confirmed", orderId });
    standin.holdWebhooks(false);
    await standin.idle();
    expect(await count(sql`select count(*)::int as n from payments where order_id = ${orderId} and status = 'captured'`)).toBe(1);
    expect((await shop.orders.list(customer)).map((o) => o.id)).toEqual([orderId]);
  });

  it("refuses a webhook whose signature does not verify, and one without an event id", async () => {
    const { customer, orderId } = await placed();
    standin.holdWebhooks(true);
    await paidByModal(customer, orderId);
    const event = standin.events.find((e) => e.held && e.event === "payment.captured")!;
    expect((await refusal(shop.payments.webhook(event.body, "0".repeat(64), event.id))).code).toBe("invalid");
    expect((await refusal(shop.payments.webhook(event.body.replace('"captured"', '"captured" '), event.signature, event.id))).code).toBe("invalid");
    expect((await refusal(shop.payments.webhook(event.body, event.signature, null))).code).toBe("invalid");
    expect(await stateOf(orderId)).toMatchObject({ state: "awaiting_payment" });
    expect(await count(sql`select count(*)::int as n from payment_events where event_id = ${event.id}`)).toBe(0);
    standin.holdWebhooks(false);
    await standin.idle();
    expect(await stateOf(orderId)).toMatchObject({ state: "confirmed" });
  });

  it("giving up puts the cart back as it was, returns the stock, and cancels the link", async () => {
    const { customer, orderId } = await placed(3);
    expect(await stockOf(ref)).toBe(97);
    const start = await shop.payments.begin(customer, orderId, "link");
    expect(start.kind).toBe("link");
    const linkId = (await attemptOf(orderId)).providerLinkId!;
    await shop.payments.abandon(customer, orderId);
    expect(await stockOf(ref)).toBe(100);
    const cart = await shop.cart.get(customer);
    expect(cart.id).toBe(orderId);
    expect(cart.lines.map((l) => [l.internalReference, l.quantity])).toEqual([[ref, 3]]);
    expect(cart.paymentChoice).toBe("upi");
    await standin.idle();
    expect(standin.paymentLinks.get(linkId)!.status).toBe("cancelled");
    expect(await shop.payments.pending(customer)).toBeNull();
    // And it can be placed again, by cash on delivery this time.
    await shop.cart.choosePayment(customer, "cod");
    const again = await shop.orders.place(customer, { cartId: orderId, addressId: (await shop.addresses.list(customer))[0]!.id, paymentMethod: "cod" });
    expect(again).toMatchObject({ orderId, awaitingPayment: false, alreadyPlaced: false });
    expect((await shop.orders.get(customer, orderId))!.prepaidDiscountPaise).toBe(0);
  });

  it("a cart started while paying keeps its lines, and the held ones join it when the payment is given up", async () => {
    const { customer, orderId } = await placed(2);
    await shop.cart.add(customer, { internalReference: other, quantity: 1 });
    await shop.cart.add(customer, { internalReference: ref, quantity: 1 });
    await shop.payments.abandon(customer, orderId);
    const cart = await shop.cart.get(customer);
    expect(cart.id).not.toBe(orderId);
    expect(Object.fromEntries(cart.lines.map((l) => [l.internalReference, l.quantity]))).toEqual({ [ref]: 3, [other]: 1 });
    expect(await stateOf(orderId)).toEqual({ state: "lapsed", serial: null });
  });

  it("charges what was placed, whatever the cart does meanwhile", async () => {
    const { customer, orderId, summary } = await placed(1);
    await shop.cart.add(customer, { internalReference: other, quantity: 5 });
    const { answer } = await paidByModal(customer, orderId);
    await shop.payments.completeCheckout(fieldsOf(answer));
    await standin.idle();
    const order = (await shop.orders.get(customer, orderId))!;
    expect(order.totalPaise).toBe(summary.totalPaise);
    expect(order.lines.map((l) => l.internalReference)).toEqual([ref]);
    expect(standin.orders.get(answer.razorpay_order_id)!.amount).toBe(summary.totalPaise);
    expect((await shop.cart.get(customer)).lines.map((l) => l.internalReference)).toEqual([other]);
  });

  it("Razorpay down: 'Failed to create payment order.', no order, the stock and the cart as they were", async () => {
    const { customer, orderId } = await placed(2);
    standin.setDown(503);
    expect((await refusal(shop.payments.begin(customer, orderId, "link"))).message).toBe(PAYMENT_MESSAGES.createFailed);
    expect(await stockOf(ref)).toBe(100);
    expect(await stateOf(orderId)).toEqual({ state: "draft", serial: null });
    expect((await shop.cart.get(customer)).lines).toHaveLength(1);
    standin.setDown(null);
  });

  it("cancelling a paid order refunds it once, and shows Refund initiated, then Refunded", async () => {
    const { customer, orderId } = await placed();
    const { answer } = await paidByModal(customer, orderId);
    await shop.payments.completeCheckout(fieldsOf(answer));
    await standin.idle();
    standin.holdWebhooks(true);
    const { refundId } = await shop.orders.cancel(customer, orderId);
    expect(refundId).not.toBeNull();
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("refund_initiated");
    // The form's call, the sweep's and one more: Razorpay is asked with the same key each time.
    await Promise.all([shop.payments.sendRefunds(), shop.payments.sendRefunds()]);
    await shop.payments.sweep();
    expect((await refusal(shop.orders.cancel(customer, orderId))).code).toBe("conflict");
    const given = [...standin.refunds.values()].filter((r) => r.payment_id === answer.razorpay_payment_id);
    expect(given).toHaveLength(1);
    expect(given[0]!.amount).toBe((await attemptOf(orderId)).amountPaise);
    expect(await count(sql`select count(*)::int as n from refunds where payment_id = ${(await attemptOf(orderId)).id}`)).toBe(1);
    standin.holdWebhooks(false);
    await standin.idle();
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("refunded");
    expect(await stockOf(ref)).toBe(100);
  });

  it("a short pick of a paid order refunds the difference, and a cancel after it refunds only the rest", async () => {
    const { customer, orderId } = await placed(3);
    const { answer } = await paidByModal(customer, orderId);
    await shop.payments.completeCheckout(fieldsOf(answer));
    await standin.idle();
    const before = (await shop.orders.get(customer, orderId))!;
    const staff = await shop.accounts.register({ name: "Packer", email: `packer${n++}@haat.example`, phone: "9876543210", password: "password-1" });
    const short = await shop.orders.shortPick(orderId, before.lines[0]!.id, 1, staff.id);
    const after = (await shop.orders.get(customer, orderId))!;
    expect(short.refundPaise).toBe(before.totalPaise - after.totalPaise);
    expect(after.prepaidDiscountPaise).toBeLessThan(before.prepaidDiscountPaise);
    expect(short.refundId).not.toBeNull();
    await shop.payments.sendRefunds();
    await standin.idle();
    const given = () => [...standin.refunds.values()].filter((r) => r.payment_id === answer.razorpay_payment_id);
    expect(given().map((r) => r.amount)).toEqual([short.refundPaise]);
    // A part given back: the payment still reads paid.
    expect(after.payment.state).toBe("paid");
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("paid");

    await shop.orders.cancel(customer, orderId);
    await shop.payments.sendRefunds();
    await standin.idle();
    expect(
      given()
        .map((r) => r.amount)
        .sort((a, b) => a - b),
    ).toEqual([short.refundPaise, before.totalPaise - short.refundPaise].sort((a, b) => a - b));
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("refunded");
  });

  it("a refund Razorpay does not answer is recorded and asked again, with the same key, until it is", async () => {
    const { customer, orderId } = await placed();
    const { answer } = await paidByModal(customer, orderId);
    await shop.payments.completeCheckout(fieldsOf(answer));
    await standin.idle();
    standin.setDown(503);
    await shop.orders.cancel(customer, orderId);
    expect(await shop.payments.sendRefunds()).toMatchObject({ sent: 0 });
    const [row] = await database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, (await attemptOf(orderId)).id));
    expect(row).toMatchObject({ status: "initiated", providerRefundId: null, attempts: 1 });
    standin.setDown(null);
    await shop.payments.sweep();
    await standin.idle();
    expect([...standin.refunds.values()].filter((r) => r.payment_id === answer.razorpay_payment_id)).toHaveLength(1);
    expect((await shop.orders.get(customer, orderId))!.payment.state).toBe("refunded");
  });

  it("a pending payment with no news is asked of Razorpay when the shopper comes back", async () => {
    const { customer, orderId } = await placed();
    standin.holdWebhooks(true);
    await paidByModal(customer, orderId);
    expect(await shop.payments.pending(customer)).toBeNull();
    expect(await stateOf(orderId)).toMatchObject({ state: "confirmed" });
    standin.holdWebhooks(false);
    await standin.idle();
    expect(await count(sql`select count(*)::int as n from payments where order_id = ${orderId} and status = 'captured'`)).toBe(1);
  });

  it("a hold that runs out unpaid is released by the sweep, and a payment after that is refunded in full", async () => {
    const { customer, orderId } = await placed(4);
    const checkout = await modal(customer, orderId);
    expect(await shop.payments.pending(customer)).toMatchObject({ orderId, instrument: "upi" });
    clock = 21 * 60_000;
    expect(await shop.payments.sweep()).toMatchObject({ released: 1 });
    expect(await stockOf(ref)).toBe(100);
    expect(await stateOf(orderId)).toEqual({ state: "draft", serial: null });
    // The shopper paid in a modal left open: Razorpay takes it; Haat gives it back.
    standin.holdWebhooks(true);
    const late = await standin.payOrder(checkout.orderId, { method: "upi", outcome: "success" });
    if ("error" in late) throw new Error("payment failed");
    expect(await shop.payments.completeCheckout(fieldsOf(late))).toMatchObject({ kind: "refunding", orderId });
    standin.holdWebhooks(false);
    await standin.idle();
    expect([...standin.refunds.values()].filter((r) => r.payment_id === late.razorpay_payment_id)).toHaveLength(1);
    expect(await stateOf(orderId)).toEqual({ state: "draft", serial: null });
    expect(await shop.orders.list(customer)).toEqual([]);
    const [row] = await database.db.select().from(payments).where(eq(payments.providerPaymentId, late.razorpay_payment_id));
    expect(row).toMatchObject({ unwanted: true });
    expect(await stockOf(ref)).toBe(100);
  });

  it("a failed attempt is noted and the order keeps waiting; the shopper may try again", async () => {
    const { customer, orderId } = await placed();
    const checkout = await modal(customer, orderId);
    const failed = await standin.payOrder(checkout.orderId, { method: "upi", outcome: "failure" });
    expect("error" in failed).toBe(true);
    await standin.idle();
    const pending = await shop.payments.pending(customer);
    expect(pending).toMatchObject({ orderId });
    expect(pending!.lastFailure).toBeTruthy();
    // Dated, for the staff dashboard's failures by day.
    const attempt = () => database.db.select({ reason: payments.failureReason, at: payments.failedAt }).from(payments).where(eq(payments.orderId, orderId));
    expect((await attempt())[0]!.at).toBeInstanceOf(Date);
    const { answer } = await paidByModal(customer, orderId);
    expect(answer.razorpay_order_id).toBe(checkout.orderId);
    expect(await shop.payments.completeCheckout(fieldsOf(answer))).toMatchObject({ kind: "confirmed" });
    await standin.idle();
    // Paid in the end: no longer a failure.
    expect(await attempt()).toEqual([{ reason: null, at: null }]);
  });

  it("without the Razorpay keys nothing online is offered", async () => {
    const cashOnly = createShop(database, 0);
    expect(cashOnly.payments.available).toBe(false);
    const { customer, orderId } = await placed();
    expect((await refusal(cashOnly.payments.begin(customer, orderId, "link"))).message).toBe(PAYMENT_MESSAGES.configMissing);
    await shop.payments.abandon(customer, orderId);
  });

  it("keeps every webhook it handled, once", async () => {
    const ids = await database.db.select({ id: paymentEvents.eventId }).from(paymentEvents);
    expect(new Set(ids.map((r) => r.id)).size).toBe(ids.length);
  });
});
