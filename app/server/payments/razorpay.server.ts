// Razorpay's REST API, called with fetch and Basic auth (key_id:key_secret). Not the Node
// SDK: it cannot send X-Refund-Idempotency (docs/ARCHITECTURE.md, Outside services), and these few calls need
// nothing else from it. Every call has a deadline: a shopper never waits on a hung socket.
import { AUTOPAY_AUTH_PAISE } from "../../domain/autopay.ts";
import type { RazorpayConfig } from "../env.server.ts";
import { tracedCalls } from "../telemetry/trace.server.ts";

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
}

export interface RazorpayPayment {
  id: string;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string | null;
  method: string | null;
  error_description?: string | null;
}

export interface RazorpayLink {
  id: string;
  short_url: string;
  amount: number;
  reference_id: string;
  status: "created" | "partially_paid" | "expired" | "cancelled" | "paid";
  payments?: { payment_id: string; amount: number; status: string; method?: string }[] | null;
}

/** A registration link for a mandate (subscription_registration/auth_links): Razorpay answers with an invoice. */
export interface RazorpayInvoice {
  id: string;
  short_url: string;
  status: "draft" | "issued" | "partially_paid" | "paid" | "cancelled" | "expired" | "deleted";
  customer_id: string | null;
  order_id: string | null;
  payment_id: string | null;
  receipt: string | null;
}

/** A payment as GET /v1/payments/:id gives it: an authorisation's carries the mandate's token. */
export interface RazorpayPaymentDetail extends RazorpayPayment {
  token_id?: string | null;
  customer_id?: string | null;
  invoice_id?: string | null;
}

export interface RazorpayRefund {
  id: string;
  amount: number;
  payment_id: string;
  status: "pending" | "processed" | "failed";
}

/** Razorpay did not answer (network, timeout, 5xx): the same call may be tried again. */
export class GatewayUnavailable extends Error {
  override name = "GatewayUnavailable";
}

/** Razorpay answered and refused (4xx): trying the same call again will not help. */
export class GatewayRefused extends Error {
  override name = "GatewayRefused";
  readonly status: number;
  /** Razorpay's own words (error.description), for the shopper where they are told why. */
  readonly description: string;
  constructor(status: number, message: string, description = message) {
    super(message);
    this.status = status;
    this.description = description;
  }
}

export interface Gateway {
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  orderPayments(orderId: string): Promise<RazorpayPayment[]>;
  createLink(input: {
    amount: number;
    referenceId: string;
    description: string;
    customer: { name: string; email: string; contact: string };
    expireBy: Date;
    callbackUrl: string;
    notes: Record<string, string>;
    method: "upi" | "card" | null;
  }): Promise<RazorpayLink>;
  getLink(linkId: string): Promise<RazorpayLink>;
  cancelLink(linkId: string): Promise<void>;
  refund(paymentId: string, input: { amount: number; receipt: string; notes: Record<string, string> }, idempotencyKey: string): Promise<RazorpayRefund>;
  /** A mandate's registration link (Razorpay makes the customer too): the shopper approves it on Razorpay's page. */
  createAuthLink(input: {
    customer: { name: string; email: string; contact: string };
    method: "upi" | "card";
    maxAmount: number;
    receipt: string;
    description: string;
    expireBy: Date;
    callbackUrl: string;
    notes: Record<string, string>;
  }): Promise<RazorpayInvoice>;
  getInvoice(invoiceId: string): Promise<RazorpayInvoice>;
  /** A registration link not approved yet stops taking approvals. */
  cancelInvoice(invoiceId: string): Promise<void>;
  getPayment(paymentId: string): Promise<RazorpayPaymentDetail>;
  /** One charge against a confirmed mandate: an order of its own (auto-captured), then the recurring payment. */
  createChargeOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  chargeToken(input: {
    amount: number;
    orderId: string;
    customerId: string;
    tokenId: string;
    email: string;
    contact: string;
    description: string;
    notes: Record<string, string>;
  }): Promise<{ razorpay_payment_id: string }>;
  /** Ends a mandate (for UPI this cancels it with the bank, not only Razorpay's copy). */
  cancelToken(customerId: string, tokenId: string): Promise<void>;
}

const TIMEOUT_MS = 10_000;

export function createGateway(config: Pick<RazorpayConfig, "keyId" | "keySecret" | "apiBase">, fetchImpl: typeof fetch = fetch): Gateway {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiBase}${path}`, {
        method,
        headers: { Authorization: auth, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayUnavailable(`Razorpay ${method} ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 500 || response.status === 429) throw new GatewayUnavailable(`Razorpay ${method} ${path}: HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayUnavailable(`Razorpay ${method} ${path}: HTTP ${response.status}, not JSON`);
    }
    if (!response.ok) {
      const description = (json as { error?: { description?: string } }).error?.description ?? `HTTP ${response.status}`;
      throw new GatewayRefused(response.status, `Razorpay ${method} ${path}: ${description}`, description);
    }
    return json as T;
  }

  // Each call a span named for the method (issue 47), when tracing is on.
  return tracedCalls("razorpay", {
    createOrder: ({ amount, receipt, notes }) => call("POST", "/v1/orders", { amount, currency: "INR", receipt, notes }),
    async orderPayments(orderId) {
      const list = await call<{ items: RazorpayPayment[] }>("GET", `/v1/orders/${encodeURIComponent(orderId)}/payments`);
      return list.items ?? [];
    },
    createLink: (input) =>
      call("POST", "/v1/payment_links", {
        amount: input.amount,
        currency: "INR",
        accept_partial: false,
        reference_id: input.referenceId,
        description: input.description,
        customer: input.customer,
        // Haat mails its own confirmation; Razorpay's SMS and mail would only repeat the link.
        notify: { sms: false, email: false },
        reminder_enable: false,
        expire_by: Math.floor(input.expireBy.getTime() / 1000),
        callback_url: input.callbackUrl,
        callback_method: "get",
        notes: input.notes,
        // The shopper chose UPI or card on the cart page: the hosted page offers that one.
        ...(input.method ? { options: { checkout: { method: { upi: input.method === "upi", card: input.method === "card", netbanking: false, wallet: false } } } } : {}),
      }),
    getLink: (linkId) => call("GET", `/v1/payment_links/${encodeURIComponent(linkId)}`),
    async cancelLink(linkId) {
      await call("POST", `/v1/payment_links/${encodeURIComponent(linkId)}/cancel`, {});
    },
    createAuthLink: (input) =>
      call("POST", "/v1/subscription_registration/auth_links", {
        customer: input.customer,
        type: "link",
        amount: AUTOPAY_AUTH_PAISE,
        currency: "INR",
        description: input.description,
        // as_presented: a charge whenever an order is made, any day, up to max_amount.
        subscription_registration: { method: input.method, max_amount: input.maxAmount, frequency: "as_presented" },
        receipt: input.receipt,
        // Haat sends the shopper there itself, and says what happened.
        sms_notify: false,
        email_notify: false,
        expire_by: Math.floor(input.expireBy.getTime() / 1000),
        // Accepted by invoices' callbacks; Razorpay's recurring pages do not promise it, so a
        // webhook (invoice.paid, token.confirmed) and asking (getInvoice) confirm it as well.
        callback_url: input.callbackUrl,
        callback_method: "get",
        notes: input.notes,
      }),
    getInvoice: (invoiceId) => call("GET", `/v1/invoices/${encodeURIComponent(invoiceId)}`),
    async cancelInvoice(invoiceId) {
      await call("POST", `/v1/invoices/${encodeURIComponent(invoiceId)}/cancel`, {});
    },
    getPayment: (paymentId) => call("GET", `/v1/payments/${encodeURIComponent(paymentId)}`),
    createChargeOrder: ({ amount, receipt, notes }) => call("POST", "/v1/orders", { amount, currency: "INR", receipt, notes, payment_capture: true }),
    chargeToken: (input) =>
      call("POST", "/v1/payments/create/recurring", {
        email: input.email,
        contact: input.contact,
        amount: input.amount,
        currency: "INR",
        order_id: input.orderId,
        customer_id: input.customerId,
        token: input.tokenId,
        recurring: true,
        description: input.description,
        notes: input.notes,
      }),
    async cancelToken(customerId, tokenId) {
      await call("PUT", `/v1/customers/${encodeURIComponent(customerId)}/tokens/${encodeURIComponent(tokenId)}/cancel`, {});
    },
    refund: (paymentId, input, idempotencyKey) =>
      call(
        "POST",
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: input.amount, speed: "normal", receipt: input.receipt, notes: input.notes },
        { "X-Refund-Idempotency": idempotencyKey },
      ),
  });
}
