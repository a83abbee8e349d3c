// What a deployer watches (issue 47): a scripted morning on PGlite and PostgreSQL (a cash order
// packed, an online order that failed once and was then paid and cancelled, a sign-in code sent),
// then a scrape finds each figure right; and a transaction that rolls back counts nothing.
// The shop's configuration offers mobile sign-in through the outbox (PostgreSQL's default is no SMS), read when first asked.
Object.assign(process.env, { SMS_PROVIDER: "outbox", PUBLIC_ORIGIN: "http://haat.test" });
process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
import { sample } from "../metrics-sample.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotDates } from "../../app/domain/delivery.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { onCommit } from "../../app/server/db/transaction-scope.server.ts";
import { metrics, metricsText, resetMetrics } from "../../app/server/metrics/metrics.server.ts";
import { exposeShopMetrics } from "../../app/server/metrics/shop-metrics.server.ts";
import type { Shop } from "../../app/server/shop/port.server.ts";
import { createSmsSender } from "../../app/server/sms/sms.server.ts";
import { cancelOrder } from "../../app/server/use-cases/cancel-order.server.ts";
import { sendCode } from "../../app/server/use-cases/mobile-sign-in.server.ts";
import type { RazorpayStandin } from "../standins/razorpay.ts";
import { targets } from "./databases.ts";
import { home, payAtStandin, shopPayingAtStandin } from "./fixtures.ts";

describe.each(targets)("the metrics of a morning on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "haat-metrics-"));

  beforeAll(async () => {
    database = await target.open();
    const { seedDemoCatalog } = await import("../../app/server/shop/open.server.ts");
    await seedDemoCatalog(database);
    ({ shop, standin } = await shopPayingAtStandin(database, 0));
    exposeShopMetrics(shop);
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it("counts orders by how they are paid, a failed payment, a refund, a code sent and the packing lag", async () => {
    resetMetrics();
    const tomorrow = slotDates(new Date())[0]!;
    const staff = await shop.accounts.register({ name: "Packer", email: `packer-${target.name}@example.in`, phone: "9876543210", password: "password-1" });
    const buyer = async (name: string) => {
      const c = await shop.accounts.register({ name, email: `${name.toLowerCase()}-${target.name}@example.in`, phone: "9876543210", password: "password-1" });
      const address = await shop.addresses.create(c, home);
      await shop.cart.add(c, { internalReference: "GP-PUL-CHD-500G", quantity: 1 });
      return { c, address, cartId: (await shop.cart.get(c)).id! };
    };

    // A cash order, packed by staff.
    const cash = await buyer("Cash");
    const cod = await shop.orders.place(cash.c, { cartId: cash.cartId, addressId: cash.address.id, paymentMethod: "cod", slot: { date: tomorrow, kind: "morning" } });
    await shop.orders.advance(cod.orderId, "placed", staff.id);
    await shop.orders.advance(cod.orderId, "confirmed", staff.id);

    // An online order: its first attempt fails, the second pays; then the shopper cancels and is refunded.
    const online = await buyer("Online");
    // The shopper chose UPI on the cart page: the order is counted as paid by UPI.
    await shop.cart.choosePayment(online.c, "upi");
    const paid = await shop.orders.place(online.c, { cartId: online.cartId, addressId: online.address.id, paymentMethod: "razorpay", slot: { date: tomorrow, kind: "evening" } });
    const first = await shop.payments.begin(online.c, paid.orderId, "modal");
    if (first.kind !== "modal") throw new Error("expected Standard Checkout");
    expect(await shop.payments.noteFailure({ orderId: first.checkout.orderId, reason: "Card declined" })).toBe(paid.orderId);
    // The same failure told again (the return posted twice, or the webhook after it): counted once.
    await shop.payments.noteFailure({ orderId: first.checkout.orderId, reason: "Card declined" });
    await payAtStandin(shop, standin, online.c, paid.orderId);
    await cancelOrder(shop, online.c, paid.orderId);

    // A sign-in code by SMS (the outbox provider).
    const sms = createSmsSender({ provider: "outbox" }, outbox);
    await sendCode(shop, sms, { mobile: "9812300001", purpose: "sign-in", customerId: null, clientAddress: "203.0.113.7" });

    expect(await sample("haat_orders_placed_total", { payment_method: "cod" })).toBe(1);
    expect(await sample("haat_orders_placed_total", { payment_method: "upi" })).toBe(1);
    expect(await sample("haat_payments_failed_total", { source: "checkout" })).toBe(1);
    expect(await sample("haat_refunds_total", { reason: "cancelled" })).toBe(1);
    expect(await sample("haat_signin_codes_total", { provider: "outbox", outcome: "sent" })).toBe(1);
    expect(await sample("haat_messages_total", { channel: "sms", outcome: "sent" })).toBe(1);
    expect(await sample("haat_packing_lag_seconds_count")).toBe(1);
    // Read from the database at the scrape: tomorrow's morning has the cash order's place (of 40).
    expect(await sample("haat_slot_fill_ratio", { days_ahead: "1", slot: "morning" })).toBe(1 / 40);
    expect(await sample("haat_message_queue_depth", { channel: "mail" })).toBe(0);
    // The runtime's own figures come with them.
    expect((await metricsText()).body).toContain("process_cpu_seconds_total");
  });

  it("counts nothing of a transaction that rolls back, and once after one that commits", async () => {
    resetMetrics();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        onCommit(() => metrics.refundAsked("short"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await sample("haat_refunds_total", { reason: "short" })).toBe(0);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      onCommit(() => metrics.refundAsked("short"));
      // Not yet: the transaction is still open.
      expect(await sample("haat_refunds_total", { reason: "short" })).toBe(0);
    });
    expect(await sample("haat_refunds_total", { reason: "short" })).toBe(1);
  });
});
