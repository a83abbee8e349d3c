// The Razorpay stand-in itself (tests/standins/razorpay.ts): auth, orders, payment links and
// their hosted page, Standard Checkout's payments, refunds with X-Refund-Idempotency, signed
// webhooks (retries, holding, redelivery with the same event id) and its control endpoints.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startRazorpayStandin } from "../standins/razorpay.ts";
import type { RazorpayStandin } from "../standins/razorpay.ts";

const KEY_ID = "rzp_test_StandinKey0001";
const KEY_SECRET = "standin-key-secret-for-tests";
const WEBHOOK_SECRET = "standin-webhook-secret-for-tests";

const hmac = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** A webhook endpoint that records what arrives and answers `status(n)` for the n-th request. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = {
    received,
    status: (_n: number) => 200,
    url: "",
    server: undefined as Server | undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = receiver.status(received.length);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.server = server;
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/razorpay`;
  return receiver;
}

async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The forms on a hosted page: action, hidden fields and the button's label. */
function formsOf(html: string) {
  return [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/gs)].map(([, action, inner]) => ({
    action,
    fields: Object.fromEntries([...inner.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [k, v])),
    label: /<button[^>]*>([^<]+)<\/button>/.exec(inner)?.[1],
  }));
}

describe("Razorpay stand-in", () => {
  let standin: RazorpayStandin;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  async function api(path: string, init: { method?: string; body?: unknown; auth?: string | null; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    const auth = init.auth === undefined ? basic(KEY_ID, KEY_SECRET) : init.auth;
    if (auth) headers.authorization = auth;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${standin.apiBase}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are read field by field
    return { status: response.status, json: (await response.json()) as any };
  }

  async function createOrder(amount = 50000) {
    const { status, json } = await api("/v1/orders", { body: { amount, currency: "INR", receipt: `rcpt-${Math.random().toString(36).slice(2, 10)}` } });
    expect(status).toBe(200);
    return json as { id: string; amount: number };
  }

  async function createLink(extra: Record<string, unknown> = {}) {
    const { status, json } = await api("/v1/payment_links", {
      body: {
        amount: 123450,
        currency: "INR",
        reference_id: `HT-${Math.random().toString(36).slice(2, 10)}`,
        description: "Haat order HT-1001",
        customer: { name: "Asha Rao", email: "asha@example.com", contact: "9876543210" },
        notify: { sms: false, email: false },
        reminder_enable: false,
        callback_url: "https://shop.example/payments/razorpay/return?via=link",
        callback_method: "get",
        notes: { shop_order: "HT-1001" },
        ...extra,
      },
    });
    expect(status, JSON.stringify(json)).toBe(200);
    return json as { id: string; short_url: string; reference_id: string; amount: number };
  }

  /** Webhooks that reached the receiver for `event` about `predicate`, signature checked. */
  function arrived(event: string, predicate: (payload: Record<string, { entity: Record<string, unknown> }>) => boolean) {
    return receiver.received.filter((r) => {
      const parsed = JSON.parse(r.body);
      return parsed.event === event && predicate(parsed.payload);
    });
  }

  function expectSigned(delivery: { headers: IncomingHttpHeaders; body: string }) {
    expect(delivery.headers["x-razorpay-signature"]).toBe(hmac(WEBHOOK_SECRET, delivery.body));
    expect(delivery.headers["x-razorpay-event-id"]).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(delivery.headers["content-type"]).toBe("application/json");
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    standin = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, port: 0 });
  });

  beforeEach(() => {
    standin.setDown(null);
    standin.holdWebhooks(false);
    standin.setRefundOutcome("processed");
    receiver.status = () => 200;
  });

  afterAll(async () => {
    await standin?.close();
    await new Promise((resolve) => receiver?.server?.close(resolve));
  });

  it("refuses /v1 calls without the key, or with a wrong key or secret", async () => {
    const none = await api("/v1/orders/order_AAAAAAAAAAAAAA", { auth: null });
    expect(none.status).toBe(401);
    expect(none.json.error).toMatchObject({ code: "BAD_REQUEST_ERROR", source: "NA", step: "NA", reason: "NA", metadata: {} });
    const wrongKey = await api("/v1/orders/order_AAAAAAAAAAAAAA", { auth: basic("rzp_test_other", KEY_SECRET) });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json.error.description).toBe("The api key provided is invalid");
    const wrongSecret = await api("/v1/orders", { auth: basic(KEY_ID, "nope"), body: { amount: 100, currency: "INR" } });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.json.error.description).toBe("The api secret provided is invalid");
    expect(standin.orders.size).toBe(0);
  });

  it("creates and fetches an order, and validates its input as Razorpay does", async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await api("/v1/orders", { body: { amount: 29500, currency: "INR", receipt: "HT-42", notes: { shop_order: "42" } } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      entity: "order",
      amount: 29500,
      amount_paid: 0,
      amount_due: 29500,
      currency: "INR",
      receipt: "HT-42",
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: { shop_order: "42" },
    });
    expect(created.json.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(created.json.created_at).toBeGreaterThanOrEqual(before);

    const fetched = await api(`/v1/orders/${created.json.id}`);
    expect(fetched.json).toEqual(created.json);
    expect((await api(`/v1/orders/${created.json.id}/payments`)).json).toEqual({ entity: "collection", count: 0, items: [] });

    // The Node SDK sends notes as `notes[key]` and payment_capture as 1.
    const sdkStyle = await api("/v1/orders", { body: { amount: 100, currency: "INR", receipt: "HT-43", payment_capture: 1, "notes[shop_order]": "43" } });
    expect(sdkStyle.json.notes).toEqual({ shop_order: "43" });
    expect((await api("/v1/orders", { body: { amount: 100, currency: "INR" } })).json.notes).toEqual([]);

    const tooSmall = await api("/v1/orders", { body: { amount: 99, currency: "INR" } });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.json.error).toEqual({
      code: "BAD_REQUEST_ERROR",
      description: "The amount must be at least INR 1.00",
      source: "business",
      step: "payment_initiation",
      reason: "input_validation_failed",
      metadata: {},
      field: "amount",
    });
    expect((await api("/v1/orders", { body: { amount: 295.5, currency: "INR" } })).json.error).toMatchObject({ field: "amount", description: "The amount must be an integer." });
    expect((await api("/v1/orders", { body: { currency: "INR" } })).json.error.field).toBe("amount");
    expect((await api("/v1/orders", { body: { amount: 100, currency: "INR", receipt: "x".repeat(41) } })).json.error.field).toBe("receipt");
    expect((await api("/v1/orders", { body: { amount: 100, currency: "INR", colour: "red" } })).json.error.description).toBe("colour is/are not required and should not be sent");

    const missing = await api("/v1/orders/order_AAAAAAAAAAAAAA");
    expect(missing.status).toBe(400);
    expect(missing.json.error.description).toBe("The id provided does not exist");
    expect((await api("/v1/orders/nope")).json.error.description).toBe("nope is not a valid id");
    expect((await api("/v1/payments/pay_AAAAAAAAAAAAAA")).json.error.description).toBe("The id provided does not exist");
  });

  it("takes a payment link's payment (payLink) and sends the shopper back with a signature that verifies", async () => {
    const link = await createLink({ expire_by: Math.floor(Date.now() / 1000) + 3600 });
    expect(link.id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(link.short_url.startsWith(`${standin.origin}/i/`)).toBe(true);
    expect(link).toMatchObject({ status: "created", amount_paid: 0, payments: null, callback_method: "get", customer: { name: "Asha Rao" } });

    const duplicate = await api("/v1/payment_links", { body: { amount: 100, reference_id: link.reference_id } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.error).toMatchObject({ code: "BAD_REQUEST_ERROR", field: "reference_id" });

    const { callbackUrl, paymentId } = await standin.payLink(link.id, { method: "upi", outcome: "success" });
    const back = new URL(callbackUrl as string);
    expect(back.origin + back.pathname).toBe("https://shop.example/payments/razorpay/return");
    expect(back.searchParams.get("via")).toBe("link");
    expect(back.searchParams.get("razorpay_payment_id")).toBe(paymentId);
    expect(back.searchParams.get("razorpay_payment_link_id")).toBe(link.id);
    expect(back.searchParams.get("razorpay_payment_link_reference_id")).toBe(link.reference_id);
    expect(back.searchParams.get("razorpay_payment_link_status")).toBe("paid");
    expect(back.searchParams.get("razorpay_signature")).toBe(hmac(KEY_SECRET, `${link.id}|${link.reference_id}|paid|${paymentId}`));

    const fetched = (await api(`/v1/payment_links/${link.id}`)).json;
    expect(fetched).toMatchObject({ status: "paid", amount_paid: 123450 });
    expect(fetched.payments).toEqual([expect.objectContaining({ payment_id: paymentId, amount: 123450, status: "captured", method: "upi", plink_id: link.id })]);
    const payment = (await api(`/v1/payments/${paymentId}`)).json;
    expect(payment).toMatchObject({ entity: "payment", status: "captured", captured: true, method: "upi", vpa: "success@razorpay", amount: 123450, order_id: fetched.order_id });
    expect(payment).toMatchObject({ email: "asha@example.com", contact: "+919876543210", amount_refunded: 0, refund_status: null, error_code: null });
    expect((await api(`/v1/orders/${fetched.order_id}`)).json).toMatchObject({ status: "paid", amount_paid: 123450, amount_due: 0, attempts: 1, receipt: link.reference_id });

    const aboutPayment = (p: Record<string, { entity: Record<string, unknown> }>) => p.payment?.entity.id === paymentId;
    await waitFor(() => ["payment.captured", "order.paid", "payment_link.paid"].every((e) => arrived(e, aboutPayment).length === 1), "the three webhooks");
    for (const event of ["payment.captured", "order.paid", "payment_link.paid"]) expectSigned(arrived(event, aboutPayment)[0]);
    const linkPaid = JSON.parse(arrived("payment_link.paid", aboutPayment)[0].body);
    expect(linkPaid).toMatchObject({ entity: "event", event: "payment_link.paid", contains: ["payment_link", "order", "payment"] });
    expect(linkPaid.account_id).toMatch(/^acc_/);
    expect(linkPaid.payload.payment_link.entity).toMatchObject({ id: link.id, status: "paid", reference_id: link.reference_id });
    expect(JSON.parse(arrived("order.paid", aboutPayment)[0].body).payload.order.entity).toMatchObject({ id: fetched.order_id, status: "paid" });

    await expect(standin.payLink(link.id, { method: "upi", outcome: "success" })).rejects.toThrow(/paid/);
  });

  it("serves a hosted page that works without JavaScript: a failure stays on the page, a success redirects", async () => {
    const link = await createLink();
    const pageResponse = await fetch(link.short_url);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain("₹1,234.50");
    expect(html).toContain("Haat order HT-1001");
    const forms = formsOf(html);
    expect(forms.map((f) => f.label)).toEqual(["Pay with UPI", "Pay with Card", "Fail payment"]);
    expect(forms[0].fields).toEqual({ method: "upi", vpa: "success@razorpay" });
    expect(forms[1].fields).toEqual({ method: "card", card_number: "5104060000000008" });

    const submit = (form: ReturnType<typeof formsOf>[number]) =>
      fetch(new URL(form.action, link.short_url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form.fields).toString(),
        redirect: "manual",
      });

    const failed = await submit(forms[2]);
    expect(failed.status).toBe(200);
    const failedHtml = await failed.text();
    expect(failedHtml).toContain("Payment failed");
    expect(formsOf(failedHtml).map((f) => f.label)).toContain("Pay with Card"); // the shopper may try again
    const linkNow = (await api(`/v1/payment_links/${link.id}`)).json;
    expect(linkNow).toMatchObject({ status: "created", payments: null });
    const failedPayment = [...standin.payments.values()].find((p) => p.order_id === linkNow.order_id && p.status === "failed");
    expect(failedPayment).toMatchObject({ vpa: "failure@razorpay", error_reason: "payment_failed", captured: false });
    await waitFor(() => arrived("payment.failed", (p) => p.payment.entity.id === failedPayment?.id).length === 1, "payment.failed");
    expectSigned(arrived("payment.failed", (p) => p.payment.entity.id === failedPayment?.id)[0]);

    const paid = await submit(forms[1]);
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get("location") as string);
    const paymentId = location.searchParams.get("razorpay_payment_id") as string;
    expect(location.searchParams.get("razorpay_signature")).toBe(hmac(KEY_SECRET, `${link.id}|${link.reference_id}|paid|${paymentId}`));
    expect(standin.payments.get(paymentId)).toMatchObject({ method: "card", status: "captured", card: { last4: "0008", network: "MasterCard" } });

    const afterwards = await (await fetch(link.short_url)).text();
    expect(afterwards).toContain("already been paid");
    expect(formsOf(afterwards)).toEqual([]);
    const again = await submit(forms[0]);
    expect(again.status).toBe(200);
    expect([...standin.payments.values()].filter((p) => p.order_id === linkNow.order_id)).toHaveLength(2);
  });

  it("pays an order as Standard Checkout does: a failure keeps the order open, a success is signed, a paid order takes no more", async () => {
    const order = await createOrder(50000);
    const failure = await standin.payOrder(order.id, { method: "upi", outcome: "failure" });
    expect("error" in failure && failure.error).toMatchObject({
      code: "BAD_REQUEST_ERROR",
      source: "gateway",
      step: "payment_response",
      reason: "payment_failed",
      metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
    });
    expect(standin.orders.get(order.id)).toMatchObject({ status: "attempted", attempts: 1 });

    const success = await standin.payOrder(order.id, { method: "card", outcome: "success" });
    if (!("razorpay_payment_id" in success)) throw new Error("expected a success");
    expect(success.razorpay_order_id).toBe(order.id);
    expect(success.razorpay_signature).toBe(hmac(KEY_SECRET, `${order.id}|${success.razorpay_payment_id}`));
    expect(standin.orders.get(order.id)).toMatchObject({ status: "paid", attempts: 2, amount_paid: 50000, amount_due: 0 });
    const listed = (await api(`/v1/orders/${order.id}/payments`)).json;
    expect(listed.items.map((p: { status: string }) => p.status)).toEqual(["failed", "captured"]);

    const third = await standin.payOrder(order.id, { method: "upi", outcome: "success" });
    expect("error" in third && third.error.description).toMatch(/order is already paid/);
    expect(standin.orders.get(order.id)?.attempts).toBe(2);
  });

  it("signs webhooks over the raw body with an event id, and deliver(id, 10) resends the very same event", async () => {
    const order = await createOrder();
    const success = await standin.payOrder(order.id, { method: "upi", outcome: "success" });
    if (!("razorpay_payment_id" in success)) throw new Error("expected a success");
    const record = await waitFor(() => standin.events.find((e) => e.event === "payment.captured" && e.body.includes(success.razorpay_payment_id) && e.delivered), "delivery");
    expect(record.signature).toBe(hmac(WEBHOOK_SECRET, record.body));

    const statuses = await standin.deliver(record.id, 10);
    expect(statuses).toEqual(Array(10).fill(200));
    const copies = receiver.received.filter((r) => r.headers["x-razorpay-event-id"] === record.id);
    expect(copies).toHaveLength(11);
    for (const copy of copies) {
      expect(copy.body).toBe(record.body);
      expect(copy.headers["x-razorpay-signature"]).toBe(record.signature);
    }
    expect(await standin.deliver(record.id, 3, { parallel: true })).toEqual([200, 200, 200]);
  });

  it("retries a delivery that fails, with the same event id, and records every status", async () => {
    let failures = 2;
    receiver.status = () => (failures-- > 0 ? 500 : 200);
    const order = await createOrder();
    await standin.payOrder(order.id, { method: "upi", outcome: "failure" });
    const record = await waitFor(() => standin.events.find((e) => e.event === "payment.failed" && e.body.includes(order.id) && e.delivered), "retried delivery");
    expect(record.statuses).toEqual([500, 500, 200]);
    expect(receiver.received.filter((r) => r.headers["x-razorpay-event-id"] === record.id)).toHaveLength(3);
  });

  it("holds webhooks while asked, then sends the held ones", async () => {
    standin.holdWebhooks(true);
    const order = await createOrder();
    await standin.payOrder(order.id, { method: "upi", outcome: "success" });
    await standin.idle();
    const held = standin.events.filter((e) => e.body.includes(order.id));
    expect(held.map((e) => e.event).sort()).toEqual(["order.paid", "payment.captured"]);
    expect(held.every((e) => e.held && !e.delivered && e.statuses.length === 0)).toBe(true);
    expect(receiver.received.some((r) => r.body.includes(order.id))).toBe(false);

    standin.holdWebhooks(false);
    await waitFor(() => held.every((e) => e.delivered), "held events to go out");
  });

  it("makes refunds idempotent on X-Refund-Idempotency and refuses refunding more than was captured", async () => {
    const order = await createOrder(50000);
    const success = await standin.payOrder(order.id, { method: "upi", outcome: "success" });
    if (!("razorpay_payment_id" in success)) throw new Error("expected a success");
    const paymentId = success.razorpay_payment_id;
    const refund = (body: unknown, key: string) => api(`/v1/payments/${paymentId}/refund`, { body, headers: { "x-refund-idempotency": key } });

    const first = await refund({ amount: 20000, speed: "normal", receipt: "HT-R1", notes: { reason: "damaged" } }, "refund-HT-R1-0001");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ entity: "refund", amount: 20000, payment_id: paymentId, status: "pending", speed_requested: "normal", receipt: "HT-R1" });
    expect(first.json.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const retry = await refund({ receipt: "HT-R1", amount: 20000, notes: { reason: "damaged" }, speed: "normal" }, "refund-HT-R1-0001");
    expect(retry.json.id).toBe(first.json.id);
    expect([...standin.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);

    const changed = await refund({ amount: 25000, speed: "normal", receipt: "HT-R1" }, "refund-HT-R1-0001");
    expect(changed.status).toBe(400);
    expect(changed.json.error).toMatchObject({ code: "BAD_REQUEST_ERROR", description: "Different request with the same idempotency key has already been processed." });
    expect((await refund({ amount: 20000 }, "short")).status).toBe(400);

    const tooMuch = await refund({ amount: 40000 }, "refund-HT-R2-0001");
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error.description).toMatch(/greater than the unrefunded amount/);
    expect((await refund({ amount: 60000 }, "refund-HT-R3-0001")).json.error.description).toBe("The refund amount provided is greater than amount captured.");

    await waitFor(() => standin.refunds.get(first.json.id)?.status === "processed", "the refund to be processed");
    const processed = await waitFor(() => arrived("refund.processed", (p) => p.refund.entity.id === first.json.id)[0], "refund.processed");
    expectSigned(processed);
    expect(JSON.parse(processed.body).payload.payment.entity).toMatchObject({ id: paymentId, amount_refunded: 20000, refund_status: "partial", status: "captured" });
    expect((await api(`/v1/payments/${paymentId}/refunds`)).json).toMatchObject({ entity: "collection", count: 1, items: [{ id: first.json.id, status: "processed" }] });

    const rest = await refund({}, "refund-HT-R4-0001");
    expect(rest.json.amount).toBe(30000);
    expect(standin.payments.get(paymentId)).toMatchObject({ status: "refunded", amount_refunded: 50000, refund_status: "full" });
    expect((await refund({}, "refund-HT-R5-0001")).json.error.description).toBe("The payment has been fully refunded already.");
  });

  it("fails refunds when told to, sends refund.failed and gives the amount back to the payment", async () => {
    standin.setRefundOutcome("failed");
    const order = await createOrder(10000);
    const success = await standin.payOrder(order.id, { method: "card", outcome: "success" });
    if (!("razorpay_payment_id" in success)) throw new Error("expected a success");
    const created = await api(`/v1/payments/${success.razorpay_payment_id}/refund`, { body: { amount: 10000 }, headers: { "x-refund-idempotency": "refund-fail-0001" } });
    expect(created.json.status).toBe("pending");
    await waitFor(() => arrived("refund.failed", (p) => p.refund.entity.id === created.json.id).length === 1, "refund.failed");
    expect(standin.refunds.get(created.json.id)?.status).toBe("failed");
    expect(standin.payments.get(success.razorpay_payment_id)).toMatchObject({ status: "captured", amount_refunded: 0, refund_status: null });
  });

  it("answers every /v1 call with the given status while down (setDown and POST /__standin/down)", async () => {
    standin.setDown(503);
    const down = await api("/v1/orders", { body: { amount: 100, currency: "INR" } });
    expect(down.status).toBe(503);
    expect(down.json.error).toMatchObject({ code: "SERVER_ERROR", source: "NA" });
    expect((await api("/v1/orders/order_AAAAAAAAAAAAAA", { auth: null })).status).toBe(503);
    standin.setDown(null);
    expect((await api("/v1/orders", { body: { amount: 100, currency: "INR" } })).status).toBe(200);

    const control = (body: unknown) => fetch(`${standin.origin}/__standin/down`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await control({ status: 502 })).status).toBe(200);
    expect((await api("/v1/orders/order_AAAAAAAAAAAAAA")).status).toBe(502);
    await control({ status: null });
    expect((await api("/v1/orders/order_AAAAAAAAAAAAAA")).status).toBe(400);
  });

  it("serves checkout.js for a strict CSP, and an iframe page that checks the key and the order", async () => {
    const script = await fetch(standin.checkoutJs);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(script.headers.get("access-control-allow-origin")).toBe("*");
    const source = await script.text();
    expect(source).toContain("window.Razorpay = Razorpay");
    expect(source).toContain(JSON.stringify(standin.origin));
    for (const banned of ["eval(", "new Function", "innerHTML", "cssText", 'setAttribute("style"']) expect(source).not.toContain(banned);

    const order = await createOrder(29500);
    const embed = (params: Record<string, string>) =>
      fetch(`${standin.origin}/checkout/embed?${new URLSearchParams({ origin: "http://127.0.0.1:4173", nonce: "n1", name: "Haat", ...params })}`).then((r) => r.text());
    const good = await embed({ key: KEY_ID, order_id: order.id });
    for (const label of [">Pay with UPI<", ">Pay with Card<", ">Fail payment<", 'aria-label="Close"', "₹295.00", "Haat"]) expect(good).toContain(label);
    expect(await embed({ key: "rzp_test_wrong", order_id: order.id })).toContain("The api key provided is invalid");
    expect(await embed({ key: KEY_ID, order_id: "order_AAAAAAAAAAAAAA" })).toContain("The id provided does not exist");

    const pay = await fetch(`${standin.origin}/checkout/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: KEY_ID, order_id: order.id, method: "upi", outcome: "success", email: "asha@example.com", contact: "9876543210", notes: "{}" }),
    });
    const paid = await pay.json();
    expect(paid.razorpay_signature).toBe(hmac(KEY_SECRET, `${order.id}|${paid.razorpay_payment_id}`));
    expect(standin.payments.get(paid.razorpay_payment_id)).toMatchObject({ email: "asha@example.com", contact: "+919876543210" });
  });

  it("exposes its state and controls over HTTP for Playwright", async () => {
    const control = async (action: string, body?: unknown) => {
      const response = await fetch(
        `${standin.origin}/__standin/${action}`,
        body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      );
      return response.json();
    };
    expect(await control("webhooks", { hold: true })).toMatchObject({ hold: true, url: receiver.url });
    const link = await createLink();
    const paid = await control("pay-link", { id: link.id, method: "upi", outcome: "success" });
    expect(paid.paymentId).toMatch(/^pay_/);
    const state = await control("state");
    expect(state.paymentLinks.find((l: { id: string }) => l.id === link.id)).toMatchObject({ status: "paid" });
    expect(state.payments.some((p: { id: string }) => p.id === paid.paymentId)).toBe(true);
    const event = state.events.find((e: { event: string; delivered: boolean; held: boolean }) => e.event === "payment_link.paid" && e.held);
    expect(event).toMatchObject({ delivered: false });
    expect(await control("deliver", { id: event.id, times: 2 })).toEqual({ statuses: [200, 200] });
    await control("webhooks", { hold: false });
    await standin.idle();
    expect((await control("state")).events.filter((e: { held: boolean }) => e.held)).toEqual([]);
  });

  it("expires links past expire_by, cancels them, and neither takes payment", async () => {
    // Its own stand-in: the clock moves.
    const local = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${local.apiBase}${path}`, { method: "POST", headers: { authorization: basic(KEY_ID, KEY_SECRET), "content-type": "application/json" }, body: JSON.stringify(body) }).then(
          async (r) => ({ status: r.status, json: await r.json() }),
        );
      const soon = await post("/v1/payment_links", { amount: 1000, expire_by: Math.floor(Date.now() / 1000) + 60 });
      expect(soon.status).toBe(400);
      expect(soon.json.error).toMatchObject({ description: "timestamp must be atleast 15 minutes in future", field: "expire_by" });

      const expiring = (await post("/v1/payment_links", { amount: 1000, expire_by: Math.floor(Date.now() / 1000) + 16 * 60 })).json;
      local.advanceClock(17 * 60);
      const fetched = await fetch(`${local.apiBase}/v1/payment_links/${expiring.id}`, { headers: { authorization: basic(KEY_ID, KEY_SECRET) } }).then((r) => r.json());
      expect(fetched).toMatchObject({ status: "expired", expired_at: expiring.expire_by });
      expect(await (await fetch(expiring.short_url)).text()).toContain("This payment link has expired.");
      await expect(local.payLink(expiring.id, { method: "upi", outcome: "success" })).rejects.toThrow(/expired/);

      const cancelling = (await post("/v1/payment_links", { amount: 1000 })).json;
      expect((await post(`/v1/payment_links/${cancelling.id}/cancel`, {})).json).toMatchObject({ status: "cancelled" });
      expect((await post(`/v1/payment_links/${cancelling.id}/cancel`, {})).json.error.description).toBe("cannot cancel or expire an expired link");
      expect(await (await fetch(cancelling.short_url)).text()).toContain("This payment link has been cancelled.");
      expect(local.payments.size).toBe(0);
      expect(local.events).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
