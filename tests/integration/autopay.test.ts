// Standing orders paid by Razorpay Autopay (issue 45, decision 078), on PGlite and PostgreSQL,
// against the Razorpay stand-in's recurring payments (registration links, tokens, charges and
// their webhooks): the mandate approved once; each order the cut-off makes charged after it,
// once; a debit that fails, a charge refused at once and a mandate paused in the UPI app each
// skip the day and tell the shopper; Razorpay down at the cut-off charges on the next pass.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server.ts";
import { mailQueue, orders, payments, refunds, subscriptionDays, subscriptions, variants } from "../../app/server/db/schema.server.ts";
import type { RazorpayConfig } from "../../app/server/env.server.ts";
import { seedDemoPins } from "../../app/server/shop/delivery.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { ShopError, type Customer, type Shop } from "../../app/server/shop/port.server.ts";
import { bindUseCases } from "../../app/server/use-cases/index.server.ts";
import { startRazorpayStandin, type RazorpayStandin } from "../standins/razorpay.ts";
import { targets } from "./databases.ts";
import { home, refusal } from "./fixtures.ts";

const KEYS = { keyId: "rzp_test_HaatStandin01", keySecret: "standin-key-secret-0123", webhookSecret: "standin-webhook-secret-0123" };
const MILK = "FB-MLK-500ML";

/** `hour`:00 IST on a day (21:00: before that evening's 22:00 cut-off). */
const at = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 - 5.5 * 3_600_000);

describe.each(targets)("Autopay standing orders on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  let receiver: http.Server;
  let clock = at("2026-12-01", 21);
  let n = 0;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    await seedDemoPins(database.db);
    // What /webhooks/razorpay does: the raw body and two headers to the Shop.
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
    shop = createShop(database, 0, { razorpay, publicOrigin: "https://shop.example.in", prepaidPercent: 5, now: () => clock });
  });
  afterAll(async () => {
    await standin?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await database?.close();
  });
  beforeEach(async () => {
    standin.setDown(null);
    await database.db.update(variants).set({ inventoryStock: 500, inStock: true }).where(eq(variants.internalReference, MILK));
    await database.db.delete(mailQueue);
    await database.db.update(subscriptions).set({ status: "cancelled" });
  });

  /** A new shopper subscribing to daily milk from `start`, paid by UPI Autopay: what the subscribe use case answers. */
  async function subscribe(start: string) {
    const customer = await shop.accounts.register({ name: "Asha Verma", email: `autopay${n++}@example.in`, phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    const made = await bindUseCases(shop).subscriptions.subscribe(customer, {
      internalReference: MILK,
      quantity: 2,
      frequency: { kind: "daily" },
      startDate: start,
      slotKind: "morning",
      addressId: address.id,
      paymentMethod: "razorpay",
      instrument: "upi",
      language: "en",
    });
    return { customer, made };
  }

  /** The same, with the registration link they are sent to. */
  async function subscribed(start: string): Promise<{ customer: Customer; id: number; url: string }> {
    const { customer, made } = await subscribe(start);
    expect(made.autopayUrl).toMatch(/\/m\//);
    return { customer, id: made.id, url: made.autopayUrl! };
  }
  const rowOf = async (id: number) => (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const dayOf = async (id: number, date: string) =>
    (
      await database.db
        .select()
        .from(subscriptionDays)
        .where(and(eq(subscriptionDays.subscriptionId, id), eq(subscriptionDays.date, date)))
    )[0];
  const orderOf = async (id: number) => (await database.db.select().from(orders).where(eq(orders.subscriptionId, id)))[0];
  const paymentsOf = (orderId: number) => database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  const stock = async () => (await database.db.select({ s: variants.inventoryStock }).from(variants).where(eq(variants.internalReference, MILK)))[0]!.s;
  const mails = async () => (await database.db.select().from(mailQueue).where(eq(mailQueue.channel, "mail"))).map((m) => m.body);

  /** The shopper approves on Razorpay's page, which sends them back; the return is verified. */
  async function approved(who: { id: number }) {
    const row = await rowOf(who.id);
    const back = await standin.authorise(row.autopayLinkId!, true);
    const q = new URL(back.callbackUrl!).searchParams;
    const fields = {
      invoiceId: q.get("razorpay_invoice_id")!,
      receipt: q.get("razorpay_invoice_receipt")!,
      status: q.get("razorpay_invoice_status")!,
      paymentId: q.get("razorpay_payment_id")!,
      signature: q.get("razorpay_signature")!,
    };
    await standin.idle();
    return fields;
  }

  it("approves the mandate once, charges each made order after the cut-off, and marks it paid when the debit is captured", async () => {
    clock = at("2026-12-01", 21);
    const who = await subscribed("2026-12-02");
    const row = await rowOf(who.id);
    const link = standin.invoices.get(row.autopayLinkId!)!;
    expect(link.short_url).toBe(who.url);
    // Three deliveries' worth, at least ₹1,000; ₹1 to approve; charged as orders come.
    expect(link.subscription_registration).toMatchObject({ method: "upi", max_amount: 100_000, frequency: "as_presented" });
    expect(link.amount).toBe(100);
    expect(link.callback_url).toBe("https://shop.example.in/payments/razorpay/autopay");
    expect(row.autopayStatus).toBe("created");

    const fields = await approved(who);
    // A return whose signature is not Razorpay's changes nothing.
    expect((await refusal(shop.subscriptions.autopayReturn({ ...fields, signature: "0".repeat(64) }))).message).toBe("Payment verification failed.");
    expect(await bindUseCases(shop).subscriptions.autopayReturned(fields)).toEqual({
      approved: true,
      language: "en",
      message: "Autopay is approved. Each delivery will be charged the evening before.",
    });
    const approvedRow = await rowOf(who.id);
    expect(approvedRow.autopayStatus).toBe("confirmed");
    expect(standin.tokens.get(approvedRow.autopayTokenId!)?.recurring_details.status).toBe("confirmed");
    expect((await shop.subscriptions.get(who.customer, who.id))?.autopay).toEqual({ method: "upi", status: "confirmed", maxPaise: 100_000 });

    // The evening reminder says what Autopay will take: 2 × ₹45 less the 5% prepaid discount.
    expect(await shop.subscriptions.remind("2026-12-02")).toBe(1);
    expect((await mails()).some((m) => m.includes("we bring 2 × Aravalli Farms A2 Desi Cow Milk 500 ml, ₹86, charged by Autopay at the cut-off."))).toBe(true);

    clock = at("2026-12-01", 22.5);
    const run = await shop.subscriptions.runCutoff();
    expect(run).toMatchObject({ made: 1, charged: 1, chargeFailed: 0 });
    const order = (await orderOf(who.id))!;
    // Confirmed at once, with the prepaid price: 2 × ₹45 less 5%.
    expect(order).toMatchObject({ state: "confirmed", paymentMethod: "razorpay", slotDate: "2026-12-02", totalPaise: 8_550 });
    const [charge] = await paymentsOf(order.id);
    expect(charge).toMatchObject({ method: "razorpay", status: "pending", amountPaise: 8_550, instrument: "upi" });
    expect(charge!.chargedAt).not.toBeNull();
    const recurring = [...standin.payments.values()].filter((p) => p.order_id === charge!.providerOrderId);
    expect(recurring).toHaveLength(1);
    expect(recurring[0]).toMatchObject({ status: "created", amount: 8_550, token_id: approvedRow.autopayTokenId, recurring: true });

    // Another pass charges nothing twice.
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 0, charged: 0 });
    expect([...standin.payments.values()].filter((p) => p.order_id === charge!.providerOrderId)).toHaveLength(1);

    // The debit, 25 hours after Razorpay's notice: payment.captured marks it paid; the order stays as it was.
    expect(standin.settleDebits(true)).toBe(1);
    await standin.idle();
    const [paid] = await paymentsOf(order.id);
    expect(paid).toMatchObject({ status: "captured", providerPaymentId: recurring[0]!.id, unwanted: false });
    expect((await orderOf(who.id))!.state).toBe("confirmed");
  });

  it("a debit that fails cancels the order while it is in the shop, skips the day and says why; a mandate paused in the UPI app skips the next without a charge", async () => {
    clock = at("2026-12-03", 21);
    const who = await subscribed("2026-12-04");
    await shop.subscriptions.autopayReturn(await approved(who));
    const token = (await rowOf(who.id)).autopayTokenId!;
    const before = await stock();
    clock = at("2026-12-03", 22.5);
    await shop.subscriptions.runCutoff();
    const order = (await orderOf(who.id))!;
    expect(await stock()).toBe(before - 2);

    standin.setDebitOutcome(token, "failure");
    standin.settleDebits(true);
    await standin.idle();
    const reason = "Autopay could not charge it (Payment failed due to insufficient funds in the customer's account)";
    expect((await orderOf(who.id))!.state).toBe("cancelled");
    expect(await stock()).toBe(before);
    expect(await paymentsOf(order.id)).toMatchObject([{ status: "failed", failureReason: reason, failedAt: expect.any(Date) }]);
    expect(await dayOf(who.id, "2026-12-04")).toMatchObject({ outcome: "skipped", reason, orderId: order.id });
    expect((await mails()).some((m) => m.includes(`We could not make your delivery of 2 × `) && m.includes(reason))).toBe(true);

    // Paused in the shopper's UPI app: token.paused reaches the shop, and the next day is skipped, said, and never charged.
    standin.changeToken(token, "paused");
    await standin.idle();
    expect((await rowOf(who.id)).autopayStatus).toBe("paused");
    const charges = standin.payments.size;
    clock = at("2026-12-04", 22.5);
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 0, skipped: 1, charged: 0 });
    expect(await dayOf(who.id, "2026-12-05")).toMatchObject({ outcome: "skipped", reason: "Autopay was stopped in your UPI app or by your bank" });
    expect(standin.payments.size).toBe(charges);
  });

  it("a charge Razorpay refuses at once skips the day; Razorpay down at the cut-off charges on the next pass, once", async () => {
    clock = at("2026-12-06", 21);
    // Razorpay down as the shopper subscribes: the subscription stands, said so, and Set up Autopay says it again.
    standin.setDown(503);
    const { customer, made: early } = await subscribe("2026-12-07");
    expect(early).toMatchObject({ autopayUrl: null, message: "Razorpay could not start Autopay just now. Your subscription is saved: set up Autopay from My Account." });
    expect((await refusal(bindUseCases(shop).subscriptions.setUpAutopay(customer, early.id))).code).toBe("unavailable");
    await bindUseCases(shop).subscriptions.cancelSubscription(customer, early.id);
    standin.setDown(null);
    const refused = await subscribed("2026-12-07");
    const down = await subscribed("2026-12-07");
    await shop.subscriptions.autopayReturn(await approved(refused));
    await shop.subscriptions.autopayReturn(await approved(down));
    // The shopper's bank lowered the mandate's ceiling below the order (Razorpay refuses the charge).
    standin.tokens.get((await rowOf(refused.id)).autopayTokenId!)!.max_amount = 100;
    standin.setDown(503);
    clock = at("2026-12-06", 22.5);
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 2, charged: 0 });
    const waiting = (await orderOf(down.id))!;
    expect((await paymentsOf(waiting.id))[0]!.chargedAt).toBeNull();

    standin.setDown(null);
    clock = at("2026-12-06", 22.6);
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 0, charged: 1, chargeFailed: 1 });
    expect(await dayOf(refused.id, "2026-12-07")).toMatchObject({ outcome: "skipped", reason: "Autopay could not charge it (Amount exceeds maximum amount allowed)" });
    expect((await orderOf(refused.id))!.state).toBe("cancelled");
    const [charge] = await paymentsOf(waiting.id);
    expect(charge!.chargedAt).not.toBeNull();
    expect([...standin.payments.values()].filter((p) => p.order_id === charge!.providerOrderId)).toHaveLength(1);
  });

  it("a return that never comes: the subscriptions page asks Razorpay; nothing is made before approval; cancelling ends the mandate with the bank", async () => {
    clock = at("2026-12-09", 21);
    standin.holdWebhooks(true);
    const who = await subscribed("2026-12-10");
    // Not approved by the cut-off: the day is skipped and said; nothing is charged.
    clock = at("2026-12-09", 22.5);
    expect(await shop.subscriptions.runCutoff()).toMatchObject({ made: 0, skipped: 1 });
    expect(await dayOf(who.id, "2026-12-10")).toMatchObject({ outcome: "skipped", reason: "Autopay is not approved yet" });

    await standin.authorise((await rowOf(who.id)).autopayLinkId!, true);
    expect((await rowOf(who.id)).autopayStatus).toBe("created");
    await bindUseCases(shop).subscriptions.refreshAutopay(who.customer);
    const row = await rowOf(who.id);
    expect(row.autopayStatus).toBe("confirmed");
    // Set up Autopay again: nothing to approve.
    expect((await shop.subscriptions.autopay(who.customer, who.id)).url).toBeNull();
    standin.holdWebhooks(false);
    await standin.idle();

    await bindUseCases(shop).subscriptions.cancelSubscription(who.customer, who.id);
    await standin.idle();
    expect(standin.tokens.get(row.autopayTokenId!)?.recurring_details.status).toBe("cancelled");
    expect((await rowOf(who.id)).autopayStatus).toBe("cancelled");
    // Someone else's subscription is not theirs to set up.
    const other = await subscribed("2026-12-11");
    expect((await refusal(shop.subscriptions.autopay(who.customer, other.id))).code).toBe("not_found");
    await database.db.delete(subscriptionDays).where(inArray(subscriptionDays.subscriptionId, [who.id, other.id]));
  });
  it("the debit comes after packing: a short pick's difference goes back once it is captured; a replayed return never revives a paused mandate; an expired link is made again", async () => {
    clock = at("2026-12-12", 21);
    const who = await subscribed("2026-12-13");
    const fields = await approved(who);
    await shop.subscriptions.autopayReturn(fields);
    const token = (await rowOf(who.id)).autopayTokenId!;
    clock = at("2026-12-12", 22.5);
    await shop.subscriptions.runCutoff();
    const order = (await orderOf(who.id))!;
    expect(order.totalPaise).toBe(8_550);
    const staff = await shop.accounts.register({ name: "Packer", email: `packer${n++}@haat.example`, phone: "9876543210", password: "password-1" });
    const lines = (await shop.orders.get(who.customer, order.id))!.lines;
    await shop.orders.shortPick(order.id, lines[0]!.id, 1, staff.id);
    const shorted = (await orderOf(who.id))!.totalPaise!;
    expect(shorted).toBeLessThan(8_550);
    // Razorpay debits what was asked at the cut-off; the difference goes back.
    standin.settleDebits(true);
    await standin.idle();
    const [charge] = await paymentsOf(order.id);
    expect(charge).toMatchObject({ status: "captured", amountPaise: 8_550 });
    expect(await database.db.select({ amountPaise: refunds.amountPaise, status: refunds.status }).from(refunds).where(eq(refunds.paymentId, charge!.id))).toEqual([
      { amountPaise: 8_550 - shorted, status: "processed" },
    ]);

    // Paused in the UPI app; the signed return replayed from the browser's history changes nothing.
    standin.changeToken(token, "paused");
    await standin.idle();
    expect((await shop.subscriptions.autopayReturn(fields)).approved).toBe(false);
    expect((await rowOf(who.id)).autopayStatus).toBe("paused");

    // A link left unapproved past its week: Set up Autopay makes a new one.
    const late = await subscribed("2026-12-14");
    const first = standin.invoices.get((await rowOf(late.id)).autopayLinkId!)!;
    // Last in this file: the stand-in's clock only goes forward. The shop's moves on past the link's end too.
    standin.advanceClock(first.expire_by! - Math.floor(Date.now() / 1000) + 60);
    clock = new Date((first.expire_by! + 3_600) * 1000);
    const again = await shop.subscriptions.autopay(late.customer, late.id);
    expect(again.url).not.toBeNull();
    expect(again.url).not.toBe(late.url);
    // Cancelled before it was approved: the link stops taking an approval.
    await bindUseCases(shop).subscriptions.cancelSubscription(late.customer, late.id);
    expect(standin.invoices.get((await rowOf(late.id)).autopayLinkId!)?.status).toBe("cancelled");
  });
});
