// Test data and helpers more than one integration test uses.
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import { shopContext, signedInContext } from "../../app/server/context.server.ts";
import type { Mail, Mailer } from "../../app/server/mail/mailer.server.ts";
export { confirmationToken } from "../confirmation-link.ts";
import { ShopError, type Customer, type NewAddress, type Shop } from "../../app/server/shop/port.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import type { RazorpayConfig } from "../../app/server/env.server.ts";
import { seedDemoCoupons } from "../../app/server/shop/coupons.server.ts";
import { seedDemoPins } from "../../app/server/shop/delivery.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { TestTarget } from "./databases.ts";
import { mailWhenPlaced } from "../../app/server/open-shop.server.ts";
import { startRazorpayStandin, type RazorpayStandin } from "../standins/razorpay.ts";

/**
 * The Shop of the describe block it is called in, on `target`: its database opened (with the demo
 * catalogue, PINs and coupons when asked) before the block's tests, closed after them. The tests
 * read `.shop` and `.database` once the block's beforeAll has run.
 */
export function shopOn(
  target: TestTarget,
  demo: { catalog?: boolean; pins?: boolean; coupons?: boolean } = {},
  pay?: Parameters<typeof createShop>[2],
): { readonly shop: Shop; readonly database: Database } {
  const held = {} as { shop: Shop; database: Database };
  beforeAll(async () => {
    held.database = await target.open();
    if (demo.catalog) expect(await seedDemoCatalog(held.database)).toBe(true);
    if (demo.pins) await seedDemoPins(held.database.db);
    if (demo.coupons) await seedDemoCoupons(held.database.db);
    held.shop = createShop(held.database, 0, pay);
  });
  afterAll(async () => {
    await held.database?.close();
  });
  return held;
}

/** The ShopError a Shop call is refused with (the test fails if it is not refused so). */
export async function refusal(promise: Promise<unknown>): Promise<ShopError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShopError);
  return error as ShopError;
}

/** A delivery address in Gurugram, Haryana (the shop's own state: CGST + SGST). */
export const home: NewAddress = {
  name: "Asha Verma",
  phone: "9876543210",
  email: "asha@example.in",
  street: "12 Golf Course Road",
  street2: "",
  city: "Gurgaon",
  state: "Haryana",
  zip: "122002",
  country: "India",
};

/**
 * Runs a route's action as React Router does under a guarded branch (/staff, the customer's
 * pages): the branch's middleware first, then the action. What the guard throws (a 404, a
 * redirect) is thrown here as it would end the request.
 */
export async function throughGuard<T>(guard: MiddlewareFunction<Response>, args: { request: Request; context: RouterContextProvider; url: URL }, action: () => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await guard({ ...args, params: {}, pattern: args.url.pathname }, async () => {
    answer = await action();
    return new Response(null);
  });
  return answer as T;
}

/** The context server.ts gives a route: the Shop, and the shopper signed in (null: signed out). */
export function routeContext(shop: Shop, customer: Customer | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(shopContext, shop);
  context.set(signedInContext, customer ? { customer, token: "t" } : null);
  return context;
}

/** A JSON-RPC call of the JSON API over HTTP, as an app makes it (with a bearer token when given). */
export async function rpc(url: string, params: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ params }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { result?: Record<string, unknown>; error?: unknown } };
}

/**
 * Weighs each line of an order sold by weight at exactly its estimate, so its figures stay as
 * placed: what staff do once it is packed, before it may leave (issue 46).
 */
export async function weighAsEstimated(shop: Shop, customer: Customer, orderId: number, by: number): Promise<void> {
  const order = (await shop.orders.get(customer, orderId))!;
  const weights = new Map(order.lines.filter((l) => l.byWeight && l.packedGrams === undefined).map((l) => [l.id, l.byWeight!.unitGrams * l.quantity]));
  if (weights.size > 0) await shop.orders.weigh(orderId, weights, by);
}

/** A mailer that keeps what it is given, for tests to read. */
export function recordingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

/** Proves the account's mailbox, as its owner opening the mailed link does: staff must have (decision 047). */
export async function confirmed(shop: Shop, customer: Customer): Promise<Customer> {
  const token = await shop.accounts.newEmailConfirmation(customer.id);
  if (token) expect(await shop.accounts.confirmEmail(customer.id, token)).toBe(true);
  return customer;
}

const STANDIN_KEYS = { keyId: "rzp_test_HaatStandin01", keySecret: "standin-key-secret-0123", webhookSecret: "standin-webhook-secret-0123" };

/** A Shop that takes online payments at a Razorpay stand-in of its own; webhooks go nowhere (the verified return confirms). */
export async function shopPayingAtStandin(database: Database, prepaidPercent: number): Promise<{ shop: Shop; standin: RazorpayStandin }> {
  const standin = await startRazorpayStandin({ ...STANDIN_KEYS, webhookUrl: "http://127.0.0.1:9/webhooks/razorpay" });
  const razorpay: RazorpayConfig = { ...STANDIN_KEYS, apiBase: standin.apiBase, checkoutJs: standin.checkoutJs, holdMinutes: 20 };
  return { shop: createShop(database, 0, { razorpay, publicOrigin: "https://shop.example.in", prepaidPercent, placed: mailWhenPlaced }), standin };
}

/** Pays a placed order by UPI through Standard Checkout and its verified return; answers Razorpay's payment id. */
export async function payAtStandin(shop: Shop, standin: RazorpayStandin, customer: Customer, orderId: number): Promise<string> {
  const start = await shop.payments.begin(customer, orderId, "modal");
  if (start.kind !== "modal") throw new Error("expected Standard Checkout");
  const answer = await standin.payOrder(start.checkout.orderId, { method: "upi", outcome: "success" });
  if ("error" in answer) throw new Error("payment failed");
  await shop.payments.completeCheckout({ orderId: answer.razorpay_order_id, paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature });
  return answer.razorpay_payment_id;
}
