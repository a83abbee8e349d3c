// The JSON API (issue 17) over HTTP, on the production server: every call's success and
// failure shapes, bearer tokens (one customer's never reads another's data; revoked and
// refreshed tokens), malformed envelopes (400, never 500), CORS and the OpenAPI document.
import { addDays, firstOpenDay, upcoming } from "../../app/domain/subscription.ts";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRazorpayStandin, type RazorpayStandin } from "../standins/razorpay.ts";
import { freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

let port: number;
let dataDir: string;
let standin: RazorpayStandin;
const KEYS = { keyId: "rzp_test_HaatApi01", keySecret: "standin-key-secret-api", webhookSecret: "standin-webhook-secret-api" };
const ALMONDS = "GP-DRY-ALM-250G";

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as the callers read it
  body: any;
  headers: Headers;
}

async function post(pathname: string, body: unknown, init: { token?: string; headers?: Record<string, string>; raw?: string } = {}): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(init.token && { Authorization: `Bearer ${init.token}` }), ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  seen.push({ pathname, status: response.status });
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}
const call = (pathname: string, params: Record<string, unknown> = {}, token?: string) => post(pathname, { params }, { token });

/** Every call this file made and its status: the last test checks each call was seen to succeed and to fail. */
const seen: { pathname: string; status: number }[] = [];

let serial = 0;
async function newCustomer(name = "Asha Rao") {
  const email = `api-${Date.now()}-${serial++}@example.in`;
  const answer = await call("/api/auth/register", { name, email, mobile: "9876543210", password: "correct horse battery" });
  expect(answer.status).toBe(200);
  return {
    email,
    password: "correct horse battery",
    token: answer.body.result.access_token as string,
    refresh: answer.body.result.refresh_token as string,
    id: answer.body.result.clerk_id as string,
  };
}

beforeAll(async () => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
  port = await freePort();
  standin = await startRazorpayStandin({ ...KEYS, webhookUrl: `http://127.0.0.1:${port}/webhooks/razorpay` });
  dataDir = path.join(tmpDir(), "data");
  runServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    API_CORS_ORIGINS: "https://app.haat.example",
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_BASE: standin.apiBase,
    RAZORPAY_CHECKOUT_JS: standin.checkoutJs,
  });
  await waitHealthy(port);
}, 90_000);
afterAll(async () => {
  killServers();
  await standin?.close();
});

describe("the catalogue's calls", () => {
  it("lists products with their variants as Specification: Catalogue names them, a page at a time", async () => {
    const first = await call("/api/products", { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.jsonrpc).toBe("2.0");
    const { products, total } = first.body.result;
    expect(products).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    expect(Object.keys(products[0]).sort()).toEqual(["category", "id", "isOrganic", "long_desc", "product_variants", "rating", "sales_tax", "short_desc", "title"]);
    const variant = products[0].product_variants[0];
    expect(variant).toMatchObject({
      internal_reference: expect.any(String),
      price: expect.any(Number),
      mrp: expect.any(Number),
      inStock: expect.any(Boolean),
      inventory_stock: expect.any(Number),
    });
    const next = await call("/api/products", { offset: 2, limit: 2 });
    expect(next.body.result.products[0].id).not.toBe(products[0].id);
    // One product, and the new ones.
    const one = await post(`/api/products/${products[0].id}`, { jsonrpc: "2.0", params: {} });
    expect(one.body.result.title).toBe(products[0].title);
    expect((await call("/api/products/new", { limit: 3 })).body.result.products).toHaveLength(3);
    expect((await call("/api/products", { limit: 10_000 })).status).toBe(400);
    expect((await call("/api/products/new", { limit: 0 })).status).toBe(400);
    const missing = await call("/api/products/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: "That product could not be found." });
  });

  it("lists the countries and states addresses use, Haryana as 10", async () => {
    expect((await call("/api/countries")).body.result.data).toEqual([{ id: 105, name: "India", code: "IN" }]);
    expect((await call("/api/states")).body.result.data.find((s: { id: number }) => s.id === 10).name).toBe("Haryana");
  });
});

describe("tokens", () => {
  it("gives a token for the right password only, and sign-in's message otherwise", async () => {
    const someone = await newCustomer();
    const good = await call("/api/auth/token", { email: someone.email, password: someone.password });
    expect(good.status).toBe(200);
    expect(good.body.result).toMatchObject({ token_type: "Bearer", expires_in: 900, clerk_id: someone.id });
    const bad = await call("/api/auth/token", { email: someone.email, password: "wrong password" });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, error: "That e-mail and password do not match an account." });
  });

  it("lets an app that keeps its device token sign in while someone else's guesses pause the e-mail (the web's device cookie, for apps)", async () => {
    const someone = await newCustomer();
    const first = await call("/api/auth/token", { email: someone.email, password: someone.password });
    const device = first.body.result.device_token as string;
    expect(device).toMatch(/^[\w-]{20,}$/);
    // Someone guesses five times from elsewhere: the e-mail's sign-ins are paused.
    for (let i = 0; i < 5; i++) await call("/api/auth/token", { email: someone.email, password: `guess-${i}` });
    const paused = await call("/api/auth/token", { email: someone.email, password: someone.password });
    expect(paused.status).toBe(429);
    expect(paused.body.error).toBe("Too many sign-in attempts. Please wait 15 minutes and try again.");
    // A token the account never answered is no device; the app's own is.
    expect((await call("/api/auth/token", { email: someone.email, password: someone.password, device_token: "made-up-device-token-0123456789" })).status).toBe(429);
    const owner = await call("/api/auth/token", { email: someone.email, password: someone.password, device_token: device });
    expect(owner.status).toBe(200);
    expect(owner.body.result.device_token).toBe(device);
    // Another account's device token does not pass this account's pause.
    const other = await newCustomer();
    const othersDevice = (await call("/api/auth/token", { email: other.email, password: other.password })).body.result.device_token as string;
    expect((await call("/api/auth/token", { email: someone.email, password: someone.password, device_token: othersDevice })).status).toBe(429);
    // The OpenAPI document tells an app to keep it.
    const doc = await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json();
    expect(doc.paths["/api/auth/token"].post.requestBody.content["application/json"].schema.properties.params.properties.device_token.description).toContain("Keep it");
  });

  it("refuses a call without a token, with a forged one, and with a revoked one", async () => {
    const someone = await newCustomer();
    const none = await call("/api/cart/get");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await call("/api/cart/get", {}, "forged-token")).status).toBe(401);
    expect((await call("/api/cart/get", {}, someone.token)).status).toBe(200);
    expect((await call("/api/auth/revoke", { token: someone.token })).body.result.success).toBe(true);
    const revoked = await call("/api/cart/get", {}, someone.token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe("The access token is not valid or has expired.");
  });

  it("refuses a second account for an e-mail, a bad mobile, and an empty token to revoke", async () => {
    const someone = await newCustomer();
    const twice = await call("/api/auth/register", { name: "Again", email: someone.email, mobile: "9876543210", password: "another password" });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("An account with this e-mail already exists. Sign in instead.");
    expect((await call("/api/auth/register", { name: "X", email: "x@example.in", mobile: "12", password: "another password" })).body.error).toBe("Enter a valid 10-digit phone number");
    expect((await call("/api/auth/revoke", { token: "" })).status).toBe(400);
  });

  it("refreshes once: the refresh token is spent, and using it again ends the new pair too", async () => {
    const someone = await newCustomer();
    const renewed = await call("/api/auth/refresh", { refresh_token: someone.refresh });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.result.access_token;
    expect((await call("/api/cart/get", {}, fresh)).status).toBe(200);
    // The old access token went with its refresh token.
    expect((await call("/api/cart/get", {}, someone.token)).status).toBe(401);
    // Someone replays the spent refresh token: refused, and the family it started is revoked.
    expect((await call("/api/auth/refresh", { refresh_token: someone.refresh })).status).toBe(401);
    expect((await call("/api/cart/get", {}, fresh)).status).toBe(401);
  });
});

describe("a customer's calls", () => {
  it("runs a cart from add to order, with the cart's messages, and the order is theirs alone", async () => {
    const asha = await newCustomer("Asha Rao");
    const ravi = await newCustomer("Ravi Kumar");

    expect((await call("/api/cart/setup", {}, asha.token)).body.result).toEqual({ success: true, cart_id: null });
    // Added, taken out, and cleared: the cart's calls one by one.
    await call("/api/cart/add", { internal_reference: "GP-DRY-ALM-1KG", quantity: 1 }, asha.token);
    expect((await call("/api/cart/remove", { internal_reference: "GP-DRY-ALM-1KG" }, asha.token)).body.result).toMatchObject({ success: true, cart: [], cart_count: 0 });
    await call("/api/cart/add", { internal_reference: "GP-DRY-ALM-1KG", quantity: 1 }, asha.token);
    expect((await call("/api/cart/clear", {}, asha.token)).body.result).toEqual({ success: true });
    expect((await call("/api/cart/get", {}, asha.token)).body.result.cart).toEqual([]);
    const added = await call("/api/cart/add", { internal_reference: ALMONDS, quantity: 2, price_unit: 1 }, asha.token);
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ success: true, cart_count: 2, message: expect.stringMatching(/added to cart!$/) });
    const line = added.body.result.cart[0];
    // The price is the shop's, whatever price_unit said.
    expect(line.price_unit).toBeGreaterThan(1);
    expect(line.price).toBe(line.price_unit * 2);
    const cartId = added.body.result.cart_id;

    const updated = await call("/api/cart/update", { internal_reference: ALMONDS, quantity: 3 }, asha.token);
    expect(updated.body.result.cart_count).toBe(3);
    const notInCart = await call("/api/cart/update", { internal_reference: "GP-DRY-ALM-1KG", quantity: 3 }, asha.token);
    expect(notInCart.status).toBe(404);
    expect(notInCart.body.error).toBe("That item is not in your cart.");

    // Ravi's token never sees Asha's cart, and clerk_id cannot choose her.
    expect((await call("/api/cart/get", {}, ravi.token)).body.result).toMatchObject({ cart: [], cart_id: null });
    const spoof = await call("/api/orders/all", { clerk_id: asha.id }, ravi.token);
    expect(spoof.status).toBe(403);
    expect(spoof.body.error).toBe("clerk_id does not match the signed-in customer.");

    // Coupons: the cart's messages.
    const bad = await call("/api/cart/apply-coupon", { order_id: cartId, coupon_code: "NOSUCHCODE" }, asha.token);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.body).toMatchObject({ success: false, error: "Invalid coupon code" });
    const good = await call("/api/cart/apply-coupon", { order_id: cartId, coupon_code: "welcome10" }, asha.token);
    expect(good.body.result).toMatchObject({ success: true, message: "Coupon applied successfully", order_id: cartId });
    expect(good.body.result.cart.discount).toBeGreaterThan(0);
    expect((await call("/api/cart/remove-coupon", { order_id: cartId }, asha.token)).body.result.message).toBe("Coupon removed");

    // An address, then the order by cash on delivery.
    const address = await call(
      "/api/customer/addresses/new",
      {
        clerk_id: asha.id,
        name: "Asha Rao",
        phone: "9876543210",
        email: asha.email,
        street: "12 MG Road",
        street2: "",
        zip: "122002",
        city: "Gurugram",
        country_id: 105,
        state_id: 10,
        latitude: 28.47,
        longitude: 77.03,
      },
      asha.token,
    );
    expect(address.body.result).toMatchObject({ success: true, message: "Address saved!" });
    const addressId = address.body.result.address_id;
    const list = await call("/api/customer/addresses", { clerk_id: asha.id }, asha.token);
    expect(list.body.result.addresses.find((a: { id: number }) => a.id === addressId)).toMatchObject({ state: "Haryana", zip: "122002", country: "India" });
    expect((await call(`/api/customer/addresses/${addressId}`, { name: "Asha R", phone: "9876543210", street: "12 MG Road", zip: "122002" }, ravi.token)).status).toBe(404);
    const changed = await call(
      `/api/customer/addresses/${addressId}`,
      { name: "Asha R", phone: "9876543210", email: asha.email, street: "14 MG Road", zip: "122002", state_id: 10, is_default: true },
      asha.token,
    );
    expect(changed.body.result).toMatchObject({ success: true, address_id: addressId, message: "Address updated!" });
    // An account without a verified mobile number gives each address an e-mail (issue 41 item 11).
    expect((await call("/api/customer/addresses/new", { name: "Asha R", phone: "9876543210", street: "1 Spare Lane", zip: "122001" }, asha.token)).body).toMatchObject({
      success: false,
      error: "Email address is required",
    });
    const spare = (await call("/api/customer/addresses/new", { name: "Asha R", phone: "9876543210", email: asha.email, street: "1 Spare Lane", zip: "122001" }, asha.token)).body.result
      .address_id;
    expect((await call(`/api/customer/addresses/delete/${spare}`, {}, ravi.token)).status).toBe(404);
    expect((await call(`/api/customer/addresses/delete/${spare}`, {}, asha.token)).body.result).toEqual({ success: true, message: "Address deleted successfully" });
    const kept = (await call("/api/customer/addresses", {}, asha.token)).body.result.addresses;
    expect(kept.map((a: { id: number }) => a.id)).not.toContain(spare);
    expect(kept.find((a: { id: number }) => a.id === addressId)).toMatchObject({ street: "14 MG Road", is_default: true });

    // The app's view of the cart must be the cart.
    const stale = await call(
      "/api/order/create",
      {
        clerk_id: asha.id,
        cart_id: cartId,
        address_id: addressId,
        cart_items: [{ internal_reference: ALMONDS, quantity: 2, price_unit: 1 }],
        payment_method: "cod",
        price_is_tax_included: true,
      },
      asha.token,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("Your cart changed. Please review it and place the order again.");
    const order = {
      clerk_id: asha.id,
      cart_id: cartId,
      address_id: addressId,
      cart_items: [{ internal_reference: ALMONDS, quantity: 3, price_unit: 1 }],
      phone: "9876543210",
      payment_method: "cod",
      price_is_tax_included: true,
    };
    const placed = await call("/api/order/create", order, asha.token);
    expect(placed.status).toBe(200);
    expect(placed.body.result).toMatchObject({ success: true, order_id: cartId, already_placed: false });
    // A double submit is the same order.
    expect((await call("/api/order/create", order, asha.token)).body.result).toMatchObject({ order_id: cartId, already_placed: true });

    const orders = await call("/api/orders/all", { clerk_id: asha.id }, asha.token);
    expect(orders.body.result.orders).toHaveLength(1);
    expect(orders.body.result.orders[0]).toMatchObject({ id: cartId, order_state: "sale", products: [{ internal_reference: ALMONDS, quantity: 3 }] });
    // The number people see beside the id (decision 065); no tax invoice until the order leaves the shop.
    expect(orders.body.result.orders[0]).toMatchObject({ order_number: expect.any(Number), invoice_number: null, credit_notes: [] });
    expect(orders.body.result.orders[0].name).toBe(String(orders.body.result.orders[0].order_number));
    expect((await call("/api/orders/all", {}, ravi.token)).body.result.orders).toEqual([]);

    // The invoice link opens without a cookie, for this order only, and not for Ravi.
    expect((await call(`/api/order/invoice/${cartId}`, {}, ravi.token)).status).toBe(404);
    const invoice = await call(`/api/order/invoice/${cartId}`, {}, asha.token);
    // Not issued yet: the link gives the order summary.
    expect(invoice.body.result).toMatchObject({ invoice_number: null, credit_notes: [] });
    const url = new URL(invoice.body.result.invoice_url);
    const pdf = await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { redirect: "manual" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const tampered = await fetch(`http://127.0.0.1:${port}${url.pathname}${url.search.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`, { redirect: "manual" });
    expect(tampered.status).toBe(303);

    // Cancelled once; the second time says so.
    expect((await post(`/api/orders/${cartId}/cancel`, undefined, { token: ravi.token, raw: "" })).status).toBe(404);
    const cancelled = await post(`/api/orders/${cartId}/cancel`, undefined, { token: asha.token, raw: "" });
    expect(cancelled.body.result).toMatchObject({ success: true, status: true, order_state: "cancel" });
    const again = await post(`/api/orders/${cartId}/cancel`, undefined, { token: asha.token, raw: "" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Order is already cancelled.");
  });

  it("sets a gift message on a cart with a Gifting product (issue 29), shows it on the cart and on the order, and refuses one elsewhere", async () => {
    const meera = await newCustomer("Meera Nair");
    // No cart yet, then a cart without a Gifting product: refused, with the reason.
    expect((await call("/api/cart/remove-gift", {}, meera.token)).status).toBe(400);
    await call("/api/cart/add", { internal_reference: ALMONDS, quantity: 1 }, meera.token);
    const notGift = await call("/api/cart/gift", { gift_message: "For you" }, meera.token);
    expect(notGift.status).toBe(400);
    expect(notGift.body.error).toBe("A gift message goes with an order that holds a Gifting product.");
    const tooLong = await call("/api/cart/gift", { gift_message: "x".repeat(201) }, meera.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("Gift message: at most 200 characters.");

    const added = await call("/api/cart/add", { internal_reference: "GF-SET-BDS-S4", quantity: 1 }, meera.token);
    expect(added.body.result.cart.find((l: { internal_reference: string }) => l.internal_reference === "GF-SET-BDS-S4")).toMatchObject({ gifting: true });
    const set = await call("/api/cart/gift", { gift_message: "Shubh Deepavali!", gift_from: "Asha", hide_prices: true }, meera.token);
    expect(set.body.result).toMatchObject({ success: true, message: "Gift message saved.", cart: { gift: { message: "Shubh Deepavali!", from: "Asha", hide_prices: true } } });
    const removed = await call("/api/cart/remove-gift", {}, meera.token);
    expect(removed.body.result).toMatchObject({ success: true, message: "Gift message removed.", cart: { gift: null } });
    await call("/api/cart/gift", { gift_message: "Shubh Deepavali!" }, meera.token);
    // What to do with an item out of stock at packing (issue 29): the cart's choice and a line's.
    expect((await call("/api/cart/replacement", { replacement: "swap" }, meera.token)).status).toBe(400);
    const chosen = await call("/api/cart/replacement", { replacement: "replace", lines: [{ internal_reference: ALMONDS, replacement: "refund" }] }, meera.token);
    expect(chosen.body.result).toMatchObject({ success: true, message: "Your replacement choices are saved.", cart: { replacement: "replace" } });
    expect(chosen.body.result.cart.cart.find((l: { internal_reference: string }) => l.internal_reference === ALMONDS)).toMatchObject({ replacement: "refund" });

    const cartId = (await call("/api/cart/get", {}, meera.token)).body.result.cart_id;
    const addressId = (await call("/api/customer/addresses/new", { name: "Meera Nair", phone: "9876543210", email: meera.email, street: "4 Sohna Road", zip: "122002" }, meera.token))
      .body.result.address_id;
    const placed = await call("/api/order/create", { cart_id: cartId, address_id: addressId, payment_method: "cod", price_is_tax_included: true }, meera.token);
    expect(placed.body.result).toMatchObject({ success: true, order_id: cartId });
    const orders = (await call("/api/orders/all", {}, meera.token)).body.result.orders;
    expect(orders[0]).toMatchObject({ id: cartId, gift: { message: "Shubh Deepavali!", from: "", hide_prices: false }, replacement: "replace" });
    expect(orders[0].products.find((l: { internal_reference: string }) => l.internal_reference === ALMONDS)).toMatchObject({ replacement: "refund", replaced_from: null });
  });

  it("keeps 'Notify Me' requests for items out of stock (issue 29)", async () => {
    const asha = await newCustomer();
    const refused = await call("/api/notify/request", { internal_reference: ALMONDS }, asha.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("This item is in stock: add it to your cart.");
    expect((await call("/api/notify/request", { internal_reference: "FB-MNG-1KG" }, asha.token)).body.result).toEqual({
      success: true,
      message: "We will let you know when it is back in stock.",
    });
    const listed = (await call("/api/notify/list", {}, asha.token)).body.result.requests;
    expect(listed).toMatchObject([{ internal_reference: "FB-MNG-1KG", title: "Aravalli Farms Kesar Mangoes" }]);
    expect((await call("/api/notify/cancel", { id: listed[0].id }, asha.token)).body.result.message).toBe("You will not be told when it is back in stock.");
    expect((await call("/api/notify/list", {}, asha.token)).body.result.requests).toEqual([]);
    expect((await call("/api/notify/list", {})).status).toBe(401);
  });

  it("keeps standing orders: subscribe, list, skip, pause, resume and cancel (issue 45)", async () => {
    const asha = await newCustomer();
    const addressId = (await call("/api/customer/addresses/new", { name: "Asha Rao", phone: "9876543210", email: asha.email, street: "4 Sohna Road", zip: "122002" }, asha.token)).body
      .result.address_id;
    const start = firstOpenDay(new Date());
    const params = {
      internal_reference: "FB-MLK-500ML",
      quantity: 2,
      frequency: { kind: "days", days: ["mon", "wed", "fri"] },
      start_date: start,
      slot: "morning",
      address_id: addressId,
    };
    const notOffered = await call("/api/subscriptions/create", { ...params, internal_reference: ALMONDS }, asha.token);
    expect(notOffered.status, JSON.stringify(notOffered.body)).toBe(400);
    expect(notOffered.body.error).toBe("This product cannot be delivered on a schedule.");
    expect((await call("/api/subscriptions/create", { ...params, frequency: { kind: "days", days: [] } }, asha.token)).body.error).toBe("Choose at least one day of the week.");
    // Paid by UPI Autopay: the mandate is approved at Razorpay's link the call answers with; until then the subscription says so.
    const autopay = await call("/api/subscriptions/create", { ...params, pay: "upi" }, asha.token);
    expect(autopay.body.result).toMatchObject({ success: true, autopay_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/m\/\w+$/) });
    const [waiting] = (await call("/api/subscriptions/list", {}, asha.token)).body.result.subscriptions;
    expect(waiting).toMatchObject({ id: autopay.body.result.id, payment_method: "razorpay", autopay: { method: "upi", status: "created", max_amount: 1000 } });
    expect((await call("/api/subscriptions/cancel", { id: autopay.body.result.id }, asha.token)).status).toBe(200);
    const made = await call("/api/subscriptions/create", params, asha.token);
    expect(made.body.result).toMatchObject({ success: true, message: "Subscribed. We will remind you the evening before each delivery.", autopay_url: null });
    const id = made.body.result.id;
    const listed = (await call("/api/subscriptions/list", {}, asha.token)).body.result.subscriptions.find((x: { id: number }) => x.id === made.body.result.id);
    expect(listed).toMatchObject({
      id,
      internal_reference: "FB-MLK-500ML",
      quantity: 2,
      frequency: { kind: "days", days: ["mon", "wed", "fri"] },
      slot: "morning",
      status: "active",
      price_unit: 45,
      payment_method: "cod",
      autopay: null,
    });
    const first = upcoming({ start, frequency: { kind: "days", days: ["mon", "wed", "fri"] }, status: "active", pauses: [], skips: [] }, start, 1)[0]!;
    expect((await call("/api/subscriptions/skip", { id, date: first }, asha.token)).body.result.message).toMatch(/^The delivery on .+ is skipped\. Nothing will be charged for it\.$/);
    expect((await call("/api/subscriptions/pause", { id, from: addDays(start, 7), to: addDays(start, 13) }, asha.token)).body.result.message).toBe(
      "Paused. Nothing will be delivered on those days.",
    );
    const mine = async () => (await call("/api/subscriptions/list", {}, asha.token)).body.result.subscriptions.find((x: { id: number }) => x.id === id);
    let after = await mine();
    expect(after).toMatchObject({ skips: [first], pauses: [{ from: addDays(start, 7), to: addDays(start, 13) }] });
    expect((await call("/api/subscriptions/resume", { id }, asha.token)).body.result.message).toBe("Resumed.");
    expect((await call("/api/subscriptions/cancel", { id }, asha.token)).body.result.message).toBe("Your subscription is cancelled.");
    after = await mine();
    expect(after).toMatchObject({ status: "cancelled", pauses: [] });
    // Someone else's is not found; signed out is 401.
    const ravi = await newCustomer();
    expect((await call("/api/subscriptions/cancel", { id }, ravi.token)).status).toBe(404);
    expect((await call("/api/subscriptions/list", {})).status).toBe(401);
  });

  it("keeps a wishlist and a profile", async () => {
    const asha = await newCustomer();
    expect((await call("/api/wishlist/add", { internal_reference: ALMONDS, product_id: 1, variant_id: 1, qty: 1 }, asha.token)).body.result).toEqual({
      success: true,
      message: "Added to wishlist",
    });
    const list = await call("/api/wishlist/list", {}, asha.token);
    expect(list.body.result.products).toHaveLength(1);
    expect(list.body.result.products[0]).toMatchObject({ internal_reference: ALMONDS, inStock: true });
    expect((await call("/api/wishlist/remove", { internal_reference: ALMONDS }, asha.token)).body.result.message).toBe("Removed from wishlist");
    expect((await call("/api/wishlist/list", {}, asha.token)).body.result.products).toEqual([]);

    expect((await call("/api/customer/profile", {}, asha.token)).body.result).toMatchObject({ name: "Asha Rao", email: asha.email, mobile: "9876543210" });
    const update = await call("/api/customer/profile/update", { name: "Asha R", mobile: "9999999999" }, asha.token);
    expect(update.body.result).toMatchObject({ status: "success", message: "Profile updated successfully!", name: "Asha R" });
    const badPhone = await call("/api/customer/profile/update", { name: "Asha R", mobile: "12" }, asha.token);
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toBe("Enter a valid 10-digit phone number");
  });

  it("takes a contact message in a JSON-RPC 2.0 envelope and a newsletter address", async () => {
    const sent = await post("/api/contact", {
      jsonrpc: "2.0",
      method: "call",
      params: { name: "Asha", email: "asha@example.in", subject: "Delivery", message: "When do you deliver to Sector 56?", phone: "" },
      id: 7,
    });
    expect(sent.body).toMatchObject({ jsonrpc: "2.0", id: 7, result: { success: true, ticket_name: expect.stringMatching(/^HAAT-T-/) } });
    expect(sent.body.result.portal_url).toMatch(/\/tickets\/\d+\?key=/);
    const empty = await post("/api/contact", { jsonrpc: "2.0", method: "call", params: { name: "", email: "asha@example.in", subject: "x", message: "y" }, id: 8 });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ id: 8, success: false, result: { success: false } });
    expect((await call("/api/subscribe", { email: "reader@example.in" })).status).toBe(200);
    expect((await call("/api/subscribe", { email: "" })).body.error).toBe("Please enter an email address.");
  });
});

describe("paying online", () => {
  it("key, order, Razorpay's Checkout, verify, then create answers the paid order", async () => {
    const asha = await newCustomer();
    expect((await call("/api/razorpay/key")).body.result).toEqual({ success: true, key_id: KEYS.keyId });
    const cart = (await call("/api/cart/add", { internal_reference: ALMONDS, quantity: 1 }, asha.token)).body.result;
    const addressId = (
      await call(
        "/api/customer/addresses/new",
        { name: "Asha Rao", phone: "9876543210", email: asha.email, street: "12 MG Road", zip: "122002", state_id: 10, country_id: 105 },
        asha.token,
      )
    ).body.result.address_id;
    const order = await call("/api/razorpay/order", { amount: Math.round(cart.total * 100), currency: "INR", cart_id: cart.cart_id, address_id: addressId }, asha.token);
    expect(order.status).toBe(200);
    const { order_id: razorpayOrder, amount } = order.body.result;
    // The server's amount, with the prepaid discount, is what Razorpay was asked for.
    expect(standin.orders.get(razorpayOrder)?.amount).toBe(amount);
    expect(amount).toBeLessThanOrEqual(Math.round(cart.total * 100));

    const paid = await standin.payOrder(razorpayOrder, { method: "upi", outcome: "success" });
    if ("error" in paid) throw new Error(paid.error.description);
    const forged = await call("/api/razorpay/verify", { ...paid, razorpay_signature: "0".repeat(64), cart_id: cart.cart_id }, asha.token);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("Payment verification failed.");
    const verified = await call("/api/razorpay/verify", { ...paid, cart_id: cart.cart_id }, asha.token);
    expect(verified.body.result).toMatchObject({ success: true, status: "success", order_id: cart.cart_id });

    const created = await call(
      "/api/order/create",
      { cart_id: cart.cart_id, address_id: addressId, payment_method: "razorpay", razorpay_payment_id: paid.razorpay_payment_id, razorpay_order_id: razorpayOrder },
      asha.token,
    );
    expect(created.body.result).toMatchObject({ success: true, order_id: cart.cart_id, already_placed: true });
    const orders = (await call("/api/orders/all", {}, asha.token)).body.result.orders;
    expect(orders[0]).toMatchObject({ id: cart.cart_id, payment_method: "razorpay", order_state: "sale", amount_total: amount / 100 });
  });
});

describe("a shop without online payment", () => {
  it("says so for Razorpay's key", async () => {
    const cashOnly = await freePort();
    runServer({ DATA_DIR: path.join(tmpDir(), "data"), PORT: String(cashOnly) });
    await waitHealthy(cashOnly);
    const res = await fetch(`http://127.0.0.1:${cashOnly}/api/razorpay/key`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    seen.push({ pathname: "/api/razorpay/key", status: res.status });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, error: "Payment config error: missing Razorpay key." });
  }, 90_000);
});

describe("what is not a call", () => {
  it("answers malformed envelopes with 400, never 500", async () => {
    const asha = await newCustomer();
    for (const raw of ["{", "[]", "null", "42", '"text"', '{"params": 5}', '{"params": []}', '{"params": {"internal_reference": {"$gt": ""}}}', '{"id": {"x": 1}}']) {
      const answer = await post("/api/cart/add", undefined, { token: asha.token, raw });
      expect(answer.status, raw).toBe(400);
      expect(answer.body.success, raw).toBe(false);
    }
    expect((await call("/api/cart/add", { internal_reference: ALMONDS, quantity: -4 }, asha.token)).status).toBe(400);
    const unknown = await call("/api/cart/add", { internal_reference: "NO-SUCH-THING" }, asha.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("That product could not be found.");
    // Numbers past what the database holds, and a path that is not an id, are refused, not a 500.
    expect((await call("/api/wishlist/remove", { id: 3_000_000_000 }, asha.token)).status).toBe(400);
    expect((await call("/api/products/%E0")).status).toBe(404);
    expect((await call("/api/orders/99999999999/cancel", {}, asha.token)).status).toBe(404);
    // A call that reads no token acts for nobody: clerk_id is not asked of it.
    expect((await call("/api/products", { limit: 1, clerk_id: "user_anyone" })).status).toBe(200);
    const huge = await post("/api/subscribe", undefined, { raw: JSON.stringify({ params: { email: "x".repeat(70_000) } }) });
    expect(huge.status).toBe(413);
  });

  it("reads a body only when it is declared JSON: another site's 'simple' post is refused before it reaches a call", async () => {
    const before = (await call("/api/products", { limit: 1 })).status;
    expect(before).toBe(200);
    const email = `cross-site-${Date.now()}@example.in`;
    const body = JSON.stringify({ params: { name: "Cross Site", email, mobile: "9876543210", password: "cross-site-password" } });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", ""]) {
      const refused = await post("/api/auth/register", undefined, { raw: body, headers: { "Content-Type": type } });
      expect([type, refused.status]).toEqual([type, 415]);
      expect(refused.body.error).toBe("Send the body as Content-Type: application/json.");
    }
    for (const [path, params] of [
      ["/api/subscribe", { email }],
      ["/api/contact", { name: "X", email, phone: "9876543210", subject: "Hi", message: "Hello there" }],
    ] as const) {
      expect((await post(path, undefined, { raw: JSON.stringify({ params }), headers: { "Content-Type": "text/plain;charset=UTF-8" } })).status).toBe(415);
    }
    // Nothing was made: the e-mail has no account, so it can register now, sent as JSON (charset allowed).
    const made = await post("/api/auth/register", undefined, { raw: body, headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(made.status).toBe(200);
  });

  it("says which calls exist and how they are made", async () => {
    expect((await call("/api/no/such/call")).status).toBe(404);
    const get = await fetch(`http://127.0.0.1:${port}/api/cart/get`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toContain("POST");
    const doc = await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/cart/add"].post.requestBody.content["application/json"].schema.properties.params.required).toContain("internal_reference");
    expect(doc.paths["/api/orders/{id}/cancel"].post.parameters[0].name).toBe("id");
  });

  it("lets only the allowed origins' pages call it from a browser, and a cross-site post acts for nobody", async () => {
    const allowed = await fetch(`http://127.0.0.1:${port}/api/products`, {
      method: "OPTIONS",
      headers: { Origin: "https://app.haat.example", "Access-Control-Request-Method": "POST" },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.haat.example");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("Authorization");
    // Voice ordering's call (Specification: Transaction calls) follows the same rules.
    const voice = await fetch(`http://127.0.0.1:${port}/orders/audio`, { method: "OPTIONS", headers: { Origin: "https://app.haat.example" } });
    expect(voice.headers.get("access-control-allow-origin")).toBe("https://app.haat.example");
    const spoken = await post(
      "/orders/audio",
      { params: { transcription_text: "2 kg basmati rice" } },
      { headers: { Origin: "https://app.haat.example", "Sec-Fetch-Site": "cross-site" } },
    );
    expect(spoken.status).toBe(200);
    expect(spoken.body.result.success).toBe(true);
    const other = await post("/api/products", { params: { limit: 1 } }, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    // A cookie is never read: a cross-site post without a token is nobody's.
    const cart = await post("/api/cart/get", { params: {} }, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", Cookie: "haat_session=anything" } });
    expect(cart.status).toBe(401);
  });
});

describe("mobile sign-in's calls (issue 28)", () => {
  /** The code in the newest SMS the embedded shop wrote to its outbox for the number (SMS_PROVIDER=outbox, its default). */
  function lastCode(mobile: string): string {
    const dir = path.join(dataDir, "outbox");
    const newest = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith(`-sms-${mobile}.txt`))
      .sort()
      .at(-1);
    return /#(\d{6})\s*$/.exec(fs.readFileSync(path.join(dir, newest!), "utf8"))![1]!;
  }

  it("sends a code, asks a new number's name without spending it, and answers a token pair that works", async () => {
    const mobile = `9${String(Date.now()).slice(-9)}`;
    expect((await call("/api/auth/otp/send", { mobile: "12345" })).body).toMatchObject({ success: false, error: "Enter a valid 10-digit phone number" });
    const sent = await call("/api/auth/otp/send", { mobile: `+91 ${mobile}` });
    expect(sent.status).toBe(200);
    expect(sent.body.result.message).toBe(`We have sent a 6-digit code to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}. It is valid for 10 minutes.`);
    // Again at once: the number waits 30 seconds.
    expect((await call("/api/auth/otp/send", { mobile })).status).toBe(429);
    const code = lastCode(mobile);
    const wrong = await call("/api/auth/otp/verify", { mobile, code: code === "000000" ? "111111" : "000000" });
    expect([wrong.status, wrong.body.error]).toEqual([400, "That code is not right. 4 tries left."]);
    expect((await call("/api/auth/otp/verify", { mobile, code })).body.result).toEqual({ needs_name: true, message: "Welcome! Tell us your name to create your account." });
    const opened = await call("/api/auth/otp/verify", { mobile, code, name: "Api Mobile" });
    expect(opened.status).toBe(200);
    expect(opened.body.result).toMatchObject({ token_type: "Bearer", created: true });
    expect((await call("/api/customer/profile", {}, opened.body.result.access_token)).body.result).toMatchObject({ name: "Api Mobile" });
    // Used once.
    expect((await call("/api/auth/otp/verify", { mobile, code, name: "Api Mobile" })).body.error).toBe("This code has expired or was already used. Ask for a new code.");
  });
});

describe("every call", () => {
  it("was seen above to succeed, and to refuse bad input or a missing token in its one failure shape", async () => {
    const doc = await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json();
    const patterns: string[] = Object.keys(doc.paths);
    // Calls with a token: without one, each is refused in the same shape.
    for (const pattern of patterns.filter(
      (p) => doc.paths[p].post.security?.some((s: object) => "bearer" in s) && !doc.paths[p].post.security.some((s: object) => Object.keys(s).length === 0),
    )) {
      const refused = await call(pattern.replace("{id}", "1"));
      expect(refused.status, pattern).toBe(401);
      expect(refused.body, pattern).toMatchObject({ success: false, error: "Please sign in to continue.", result: { success: false } });
    }
    // A malformed envelope is refused by every call, before anything else is looked at.
    for (const pattern of patterns) {
      const refused = await post(pattern.replace("{id}", "1"), undefined, { raw: '{"params": []}' });
      expect(refused.status, pattern).toBe(400);
      expect(refused.body, pattern).toMatchObject({ success: false, error: "params must be an object." });
    }
    const matches = (pattern: string) => {
      const re = new RegExp(`^${pattern.replace("{id}", "[^/]+")}$`);
      return seen.filter((s) => re.test(s.pathname) && !patterns.some((other) => other !== pattern && !other.includes("{id}") && other === s.pathname));
    };
    const missing = patterns.flatMap((pattern) => {
      const statuses = matches(pattern).map((s) => s.status);
      return [...(statuses.includes(200) ? [] : [`${pattern} never succeeded`]), ...(statuses.some((s) => s >= 400) ? [] : [`${pattern} never refused`])];
    });
    expect(missing).toEqual([]);
  });
});
