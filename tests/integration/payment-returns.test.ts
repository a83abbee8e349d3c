// Where Razorpay sends the shopper back after a failed attempt (issue 25, item 2). The callback
// takes unsigned posts from any site, so a failure is said in the shop's own words only, and a
// post for no order Haat made changes nothing and says nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../app/domain/payment.ts";
import { cookies, TOAST_COOKIE } from "../../app/server/auth/cookies.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { payments } from "../../app/server/db/schema.server.ts";
import type { RazorpayConfig } from "../../app/server/env.server.ts";
import { checkoutReturn } from "../../app/server/payments/returns.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Shop } from "../../app/server/shop/port.server.ts";
import { placeOrder } from "../../app/server/use-cases/place-order.server.ts";
import { startRazorpayStandin, type RazorpayStandin } from "../standins/razorpay.ts";
import { targets } from "./databases.ts";
import { home, routeContext } from "./fixtures.ts";

const KEYS = { keyId: "rzp_test_HaatReturns01", keySecret: "returns-key-secret-0123", webhookSecret: "returns-webhook-secret-01" };
const ORIGIN = "https://shop.example.in";
const HOSTILE = "Payment failed. Pay by UPI to refunds@okaxis to keep your order.";

describe.each(targets)("a failed payment's return on $name", (target) => {
  let database: Database;
  let shop: Shop;
  let standin: RazorpayStandin;

  /** The callback as a cross-site post sends it: Standard Checkout's error fields. */
  async function failedReturn(razorpayOrderId: string) {
    const context = routeContext(shop, null);
    const body = new URLSearchParams({
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": HOSTILE,
      "error[metadata]": JSON.stringify({ payment_id: "pay_x", order_id: razorpayOrderId }),
    });
    const answer = await checkoutReturn(context, new Request(`${ORIGIN}/payments/razorpay/callback`, { method: "POST", body }));
    const flash = answer.headers.getSetCookie().find((c) => c.startsWith(`${TOAST_COOKIE}=`));
    const toast = flash ? (await cookies().toast.getToast(new Request(ORIGIN, { headers: { cookie: flash.split(";")[0]! } }))).toast : null;
    return { status: answer.status, location: answer.headers.get("Location"), toast };
  }

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalog(database);
    standin = await startRazorpayStandin(KEYS);
    const razorpay: RazorpayConfig = { ...KEYS, apiBase: standin.apiBase, checkoutJs: standin.checkoutJs, holdMinutes: 20 };
    shop = createShop(database, 0, { razorpay, publicOrigin: ORIGIN, prepaidPercent: 5 });
  });
  afterAll(async () => {
    await standin?.close();
    await database?.close();
  });

  it("says nothing, and changes nothing, for an order Haat never made", async () => {
    const before = await database.db.select({ id: payments.id, reason: payments.failureReason }).from(payments);
    expect(await failedReturn("order_NotHaats00001")).toEqual({ status: 303, location: "/revieworder", toast: null });
    expect(await database.db.select({ id: payments.id, reason: payments.failureReason }).from(payments)).toEqual(before);
  });

  it("says a failure of the shopper's own order in the shop's words, never the post's", async () => {
    const customer = await shop.accounts.register({ name: "Returning Payer", email: "returns@example.in", phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    await shop.cart.add(customer, { internalReference: "GP-PUL-MSR-1KG", quantity: 1 });
    await shop.cart.choosePayment(customer, "upi");
    const placed = await placeOrder(shop, customer, { cartId: (await shop.cart.get(customer)).id!, addressId: address.id, slot: "earliest", method: "as-chosen", via: "modal" });
    if (placed.kind !== "paying" || placed.start.kind !== "modal") throw new Error("expected Standard Checkout");
    const answer = await failedReturn(placed.start.checkout.orderId);
    expect(answer).toEqual({ status: 303, location: "/revieworder", toast: { type: "error", message: PAYMENT_MESSAGES.wentWrong } });
    const [attempt] = await database.db.select({ reason: payments.failureReason, at: payments.failedAt }).from(payments).where(eq(payments.orderId, placed.orderId));
    expect(attempt!.reason).toBe(PAYMENT_MESSAGES.wentWrong);
    expect(attempt!.at).toBeInstanceOf(Date);
    // Still waiting: the shopper may pay again.
    expect(await shop.payments.pending(customer)).toMatchObject({ orderId: placed.orderId });
  });
});
