// A local stand-in for Razorpay (Orders, Payment Links, Payments, Refunds, Standard Checkout's
// script, the hosted payment-link page, recurring payments' registration links, tokens and
// charges, and webhooks), for tests and local development on
// machines without internet. Shapes, messages and signatures follow Razorpay's public docs
// (razorpay/markdown-docs: api/orders, api/payments, api/payments/payment-links, api/refunds,
// webhooks/*, payments/payment-gateway/callback-url.md, web-integration/standard/integration-steps.md).
//
// Run: RAZORPAY_KEY_ID=rzp_test_… RAZORPAY_KEY_SECRET=… RAZORPAY_WEBHOOK_SECRET=… \
//      RAZORPAY_STANDIN_WEBHOOK_URL=http://127.0.0.1:4173/webhooks/razorpay node tests/standins/razorpay.ts
// or import { startRazorpayStandin } in a test. It listens on 127.0.0.1 only: the control
// endpoints under /__standin/ have no auth.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";

// ---------------------------------------------------------------------------------------------
// Types

/** Razorpay serialises empty notes as `[]` (a PHP quirk visible in every sample). */
export type Notes = Record<string, string | number> | [];

export interface RazorpayOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface RazorpayCard {
  id: string;
  entity: "card";
  name: string;
  last4: string;
  network: string;
  type: string;
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: string;
  token_iin: string | null;
}

export interface RazorpayPayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  // created: a recurring charge waiting for its debit.
  status: "created" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: string | null;
  /** A mandate's authorisation and its recurring charges carry the token and its customer. */
  token_id?: string;
  customer_id?: string;
  recurring?: boolean;
  international: boolean;
  method: "upi" | "card";
  amount_refunded: number;
  refund_status: "partial" | "full" | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card?: RazorpayCard;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
  upi?: { payer_account_type: string; vpa: string; flow: string };
}

export interface RazorpayPaymentLinkPayment {
  amount: number;
  created_at: number;
  method: string;
  payment_id: string;
  plink_id: string;
  status: "captured";
  updated_at: number;
}

export interface RazorpayPaymentLink {
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: { name?: string; email?: string; contact?: string };
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  id: string;
  notes: Record<string, string | number> | null;
  notify: { email: boolean; sms: boolean; whatsapp: boolean };
  /** Only captured payments are listed, and it stays null until the first one (api/payments/payment-links/create-standard.md). */
  payments: RazorpayPaymentLinkPayment[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: Record<string, string> | [];
  short_url: string;
  status: "created" | "partially_paid" | "expired" | "cancelled" | "paid";
  updated_at: number;
  upi_link: boolean;
  user_id: string;
  whatsapp_link: boolean;
  /** Set once a payment is attempted: Razorpay makes the link's order when the shopper pays. */
  order_id?: string;
}

export interface RazorpayCustomer {
  id: string;
  entity: "customer";
  name: string;
  email: string;
  contact: string;
  gstin: null;
  notes: Notes;
  created_at: number;
}

/** A registration link is an invoice (api/payments/recurring-payments/upi/create-authorization-transaction.md §1.2). */
export interface RazorpayInvoice {
  id: string;
  entity: "invoice";
  receipt: string | null;
  invoice_number: string | null;
  customer_id: string;
  customer_details: Record<string, string | null>;
  order_id: string;
  line_items: [];
  payment_id: string | null;
  status: "issued" | "paid" | "cancelled" | "expired";
  expire_by: number | null;
  issued_at: number;
  paid_at: number | null;
  cancelled_at: number | null;
  expired_at: number | null;
  sms_status: string | null;
  email_status: string | null;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: "INR";
  description: string;
  notes: Notes;
  short_url: string;
  type: "link";
  created_at: number;
  callback_url: string | null;
  callback_method: string | null;
  subscription_registration: { method: "upi" | "card"; max_amount: number; frequency: string; expire_at: number | null };
}

export interface RazorpayToken {
  id: string;
  entity: "token";
  token: string;
  bank: string | null;
  wallet: null;
  method: "upi" | "card";
  vpa?: { username: string; handle: string; name: string | null };
  card?: { last4: string; network: string; type: string; flows: { recurring: boolean } };
  recurring: true;
  recurring_details: { status: "initiated" | "confirmed" | "rejected" | "cancelled" | "paused"; failure_reason: string | null };
  auth_type: null;
  mrn: null;
  used_at: number;
  created_at: number;
  start_time: number;
  expired_at: number;
  max_amount: number;
  dcc_enabled: false;
}

export interface RazorpayRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal" | "instant" | null;
  speed_requested: "normal" | "optimum";
}

export interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, unknown>;
    field?: string | null;
  };
}

/** What Standard Checkout hands to `payment.failed` callbacks as `response.error`. */
export interface CheckoutError {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: { payment_id?: string; order_id: string };
}

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface StandinEvent {
  /** Sent as `x-razorpay-event-id`; the same on every delivery of this event. */
  id: string;
  event: string;
  /** The exact bytes sent (and signed). */
  body: string;
  /** `X-Razorpay-Signature`: hex HMAC-SHA256 of `body` with the webhook secret. */
  signature: string;
  delivered: boolean;
  /** Every delivery attempt's HTTP status (0: no answer). */
  statuses: number[];
  /** Recorded while webhooks were held and not attempted yet. */
  held: boolean;
}

export interface PayOptions {
  method: "upi" | "card";
  outcome: "success" | "failure";
}

export interface RazorpayStandinOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  refundOutcome?: "processed" | "failed";
  /** Shown on the hosted payment-link page, as Razorpay shows the account's business name. */
  businessName?: string;
}

export interface RazorpayStandin {
  origin: string;
  /** Where `/v1/…` lives: use it where the real API base is https://api.razorpay.com. */
  apiBase: string;
  /** Standard Checkout's script (https://checkout.razorpay.com/v1/checkout.js in production). */
  checkoutJs: string;
  close(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** While set, every /v1 API call answers this HTTP status with Razorpay's error JSON; null = up. */
  setDown(status: number | null): void;
  /** While on, events are recorded but not sent; turning it off sends the ones held. */
  holdWebhooks(on: boolean): void;
  setRefundOutcome(outcome: "processed" | "failed"): void;
  /** Moves the stand-in's clock forward (expiring payment links) without waiting. */
  advanceClock(seconds: number): void;
  events: StandinEvent[];
  /** (Re)sends a recorded event with the same id, body and signature; resolves to the HTTP statuses (0: no answer). */
  deliver(eventId: string, times?: number, options?: { parallel?: boolean }): Promise<number[]>;
  /** What the hosted payment-link page does when the shopper pays. */
  payLink(linkId: string, how: PayOptions): Promise<{ callbackUrl?: string; paymentId: string }>;
  /** What the Standard Checkout modal does when the shopper pays. */
  payOrder(orderId: string, how: PayOptions): Promise<CheckoutSuccess | { error: CheckoutError }>;
  /** Resolves once no webhook delivery or refund processing is under way. */
  idle(): Promise<void>;
  /** Mandates' registration links (subscription_registration/auth_links answers with an invoice). */
  invoices: Map<string, RazorpayInvoice>;
  tokens: Map<string, RazorpayToken>;
  customers: Map<string, RazorpayCustomer>;
  /** What the registration page does when the shopper approves (or the bank rejects) the mandate. */
  authorise(invoiceId: string, approve: boolean): Promise<{ paymentId: string; callbackUrl?: string }>;
  /** Debits the recurring payments whose 25 h notice has run (every one with `all`); answers how many. */
  settleDebits(all?: boolean): number;
  /** Whether a token's next debits go through (the shopper's balance). */
  setDebitOutcome(tokenId: string, outcome: "success" | "failure"): void;
  /** The shopper's UPI app pausing, resuming or cancelling the mandate. */
  changeToken(tokenId: string, status: "paused" | "cancelled" | "confirmed"): RazorpayToken;
  orders: Map<string, RazorpayOrder>;
  paymentLinks: Map<string, RazorpayPaymentLink>;
  payments: Map<string, RazorpayPayment>;
  refunds: Map<string, RazorpayRefund>;
}

// ---------------------------------------------------------------------------------------------
// Constants

/** Razorpay's test-mode instruments (integration-steps.md, "Test Integration"). */
const UPI_SUCCESS = "success@razorpay";
const UPI_FAILURE = "failure@razorpay";
const TEST_CARD = "5104060000000008"; // listed there among the international Mastercard test cards

/** Razorpay's own description of a failure@razorpay payment (api/orders/fetch-payments.md sample). */
const UPI_FAILURE_ERROR = {
  code: "BAD_REQUEST_ERROR",
  description: "Payment was unsuccessful due to a temporary issue. If amount got deducted, it will be refunded within 5-7 working days.",
  source: "gateway",
  step: "payment_response",
  reason: "payment_failed",
};
/** A declined card (the webhooks/payments.md `payment.failed` samples). */
const CARD_FAILURE_ERROR = { code: "BAD_REQUEST_ERROR", description: "Payment failed", source: "bank", step: "payment_authorization", reason: "payment_failed" };
/** api/payments/capture.md's wording for a second payment on a paid order. */
const ORDER_ALREADY_PAID = "Your payment has been declined as the order is already paid. Please initiate the payment with a new order.";

/** Razorpay gives a webhook 5 s to answer (webhooks/best-practices.md); it then retries with back-off for 24 h. */
const WEBHOOK_TIMEOUT_MS = 5_000;
const WEBHOOK_RETRY_DELAYS_MS = [100, 400, 1_600];
/** Refunds move from pending to processed/failed "shortly" here, not in 5-7 working days. */
const REFUND_SETTLE_MS = 25;
const BODY_LIMIT = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Small helpers

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Razorpay ids are a prefix and 14 alphanumerics (order_RB58MiP5SPFYyM). */
function randomId(length = 14): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHANUMERIC[byte % 62]; // 248 = 4 × 62: no modulo bias
      if (out.length === length) break;
    }
  }
  return out;
}

function hmacHex(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Stable JSON (sorted keys), so two bodies that mean the same compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Folds `notes[key]`-style keys into nested objects. Razorpay accepts form bodies, and the
 * Node SDK sends notes that way even inside JSON (`normalizeNotes` in razorpay-utils).
 */
function foldBrackets(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const match = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (!match) {
      out[key] = isObject(value) && isObject(out[key]) ? { ...(out[key] as object), ...value } : value;
      continue;
    }
    const [, outer, inner] = match;
    const target = isObject(out[outer]) ? (out[outer] as Record<string, unknown>) : {};
    target[inner] = value;
    out[outer] = target;
  }
  return out;
}

/** Form values are strings: digits become integers and true/false booleans, as the API reads them. */
function coerceFormValue(value: string): unknown {
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}

function notesOf(value: unknown): Notes {
  if (!isObject(value) || Object.keys(value).length === 0) return [];
  return value as Record<string, string | number>;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

// ---------------------------------------------------------------------------------------------
// Errors, in Razorpay's shape (errors.md: code, description, source, step, reason, metadata, field)

class ApiError extends Error {
  status: number;
  body: RazorpayErrorBody;
  constructor(status: number, body: RazorpayErrorBody) {
    super(body.error.description);
    this.status = status;
    this.body = body;
  }
}

/** Input validation, as api/orders/create.md's failure sample. */
function validationError(description: string, field?: string): ApiError {
  const error: RazorpayErrorBody["error"] = {
    code: "BAD_REQUEST_ERROR",
    description,
    source: "business",
    step: "payment_initiation",
    reason: "input_validation_failed",
    metadata: {},
  };
  if (field !== undefined) error.field = field;
  return new ApiError(400, { error });
}

/** Errors with no payment context carry "NA" (api/partners/errors.md, refunds idempotency sample). */
function plainError(status: number, description: string, code = "BAD_REQUEST_ERROR"): ApiError {
  return new ApiError(status, { error: { code, description, source: "NA", step: "NA", reason: "NA", metadata: {} } });
}

/** `GET /v1/orders/nope`: "nope is not a valid id"; a well-formed unknown id: "The id provided does not exist". */
function unknownId(id: string, prefix: string): ApiError {
  if (!new RegExp(`^${prefix}_[A-Za-z0-9]{14}$`).test(id)) return validationError(`${id} is not a valid id`);
  return validationError("The id provided does not exist");
}

function rejectExtraFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length) throw validationError(`${extra.join(", ")} is/are not required and should not be sent`, extra[0]);
}

function requireAmount(value: unknown, field = "amount"): number {
  if (value === undefined || value === null || value === "") throw validationError(`The ${field} field is required.`, field);
  if (typeof value !== "number" || !Number.isInteger(value)) throw validationError(`The ${field} must be an integer.`, field);
  if (value < 100) throw validationError("The amount must be at least INR 1.00", field);
  return value;
}

function optionalString(body: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw validationError(`The ${field.replace(/_/g, " ")} must be a string.`, field);
  if (value.length > max) throw validationError(`The ${field.replace(/_/g, " ")} may not be greater than ${max} characters.`, field);
  return value;
}

function requireInr(value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (value === undefined || value === "") throw validationError("The currency field is required.", "currency");
  if (value !== "INR") throw validationError("Currency is not supported", "currency");
}

/** What `setDown` answers: a 5xx is Razorpay's SERVER_ERROR (api/partners/errors.md). */
function downError(status: number): ApiError {
  if (status >= 500) return plainError(status, "We are facing some trouble completing your request at the moment. Please try again shortly.", "SERVER_ERROR");
  if (status === 429) return plainError(status, "Too many requests");
  return plainError(status, "The request could not be processed");
}

// ---------------------------------------------------------------------------------------------
// The stand-in

export async function startRazorpayStandin(options: RazorpayStandinOptions): Promise<RazorpayStandin> {
  const { keyId, keySecret, webhookSecret } = options;
  if (!keyId || !keySecret || !webhookSecret) throw new Error("razorpay stand-in: keyId, keySecret and webhookSecret are required");
  const host = options.host ?? "127.0.0.1";
  const businessName = options.businessName ?? "Test Business";
  const accountId = `acc_${randomId()}`;

  let webhookUrl = options.webhookUrl;
  let downStatus: number | null = null;
  let holding = false;
  let refundOutcome = options.refundOutcome ?? "processed";
  let clockOffsetMs = 0;
  let closed = false;

  const orders = new Map<string, RazorpayOrder>();
  const paymentLinks = new Map<string, RazorpayPaymentLink>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds = new Map<string, RazorpayRefund>();
  const events: StandinEvent[] = [];
  const linkByCode = new Map<string, string>(); // short code → plink id
  const refundKeys = new Map<string, { paymentId: string; body: string; refundId: string }>();
  /** Orders Razorpay made for payment links: order id → plink id. */
  const linkOfOrder = new Map<string, string>();

  // Work in flight (webhook deliveries, refund settlement), so close() and idle() can wait for it.
  const pending = new Set<Promise<unknown>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  const aborter = new AbortController();

  function track<T>(promise: Promise<T>): Promise<T> {
    pending.add(promise);
    promise.finally(() => pending.delete(promise)).catch(() => {});
    return promise;
  }

  /** A timer that close() cuts short. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      timers.add(entry);
    });
  }

  const nowMs = () => Date.now() + clockOffsetMs;
  const now = () => Math.floor(nowMs() / 1000);

  // -------------------------------------------------------------------------------------------
  // Webhooks

  function recordEvent(event: string, contains: string[], payload: Record<string, { entity: unknown }>): void {
    // Key order as in webhooks/*.md samples.
    const body = JSON.stringify({ entity: "event", account_id: accountId, event, contains, payload, created_at: now() });
    const record: StandinEvent = { id: randomId(), event, body, signature: hmacHex(webhookSecret, body), delivered: false, statuses: [], held: holding };
    events.push(record);
    // After this tick, so the browser's answer never waits for the shop's webhook handler.
    if (!holding) setImmediate(() => void track(deliverWithRetries(record)));
  }

  async function sendOnce(record: StandinEvent): Promise<number> {
    const url = webhookUrl;
    if (!url || closed) return 0;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Razorpay-Webhook/v1",
          "x-razorpay-signature": record.signature,
          "x-razorpay-event-id": record.id,
        },
        body: record.body,
        redirect: "manual",
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), aborter.signal]),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.statuses.push(response.status);
      if (response.status >= 200 && response.status < 300) record.delivered = true;
      return response.status;
    } catch {
      record.statuses.push(0);
      return 0;
    }
  }

  /** As Razorpay: any non-2xx or no answer is a failure, retried with back-off. */
  async function deliverWithRetries(record: StandinEvent): Promise<void> {
    record.held = false;
    if (!webhookUrl) return;
    for (let attempt = 0; ; attempt++) {
      const status = await sendOnce(record);
      if ((status >= 200 && status < 300) || closed || attempt >= WEBHOOK_RETRY_DELAYS_MS.length) return;
      await sleep(WEBHOOK_RETRY_DELAYS_MS[attempt]);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Payment links: status follows the clock

  function refreshLink(link: RazorpayPaymentLink): RazorpayPaymentLink {
    if (link.status === "created" && link.expire_by && now() >= link.expire_by) {
      link.status = "expired";
      link.expired_at = link.expire_by;
      link.updated_at = link.expire_by;
    }
    return link;
  }

  function findLink(id: string): RazorpayPaymentLink {
    const link = paymentLinks.get(id);
    if (!link) throw unknownId(id, "plink");
    return refreshLink(link);
  }

  function orderForLink(link: RazorpayPaymentLink): RazorpayOrder {
    if (link.order_id) return orders.get(link.order_id) as RazorpayOrder;
    const order: RazorpayOrder = {
      id: `order_${randomId()}`,
      entity: "order",
      amount: link.amount,
      amount_paid: 0,
      amount_due: link.amount,
      currency: link.currency,
      receipt: link.reference_id || null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: notesOf(link.notes),
      created_at: now(),
    };
    orders.set(order.id, order);
    linkOfOrder.set(order.id, link.id);
    link.order_id = order.id;
    return order;
  }

  function linkCallbackSignature(link: RazorpayPaymentLink, paymentId: string): string {
    return hmacHex(keySecret, `${link.id}|${link.reference_id}|${link.status}|${paymentId}`);
  }

  // -------------------------------------------------------------------------------------------
  // Paying: one function for the checkout modal, the hosted link page and the test helpers

  interface Instrument {
    method: "upi" | "card";
    vpa?: string;
    cardNumber?: string;
    email?: string;
    contact?: string;
    notes?: Notes;
    description?: string | null;
  }

  function contactOf(raw: string | undefined): string {
    if (!raw) return "+919999999999"; // what Razorpay records when none is given (fetch-payments.md sample)
    const digits = raw.replace(/[^\d+]/g, "");
    return /^\d{10}$/.test(digits) ? `+91${digits}` : digits;
  }

  function instrumentFor(how: PayOptions): Instrument {
    if (how.method === "upi") return { method: "upi", vpa: how.outcome === "success" ? UPI_SUCCESS : UPI_FAILURE };
    return { method: "card", cardNumber: how.outcome === "success" ? TEST_CARD : "4000000000000002" };
  }

  /** Creates the payment (captured or failed), moves the order, sends webhooks. */
  function pay(order: RazorpayOrder, instrument: Instrument): RazorpayPayment | { declined: CheckoutError } {
    if (order.status === "paid") {
      return {
        declined: {
          code: "BAD_REQUEST_ERROR",
          description: ORDER_ALREADY_PAID,
          source: "business",
          step: "payment_initiation",
          reason: "input_validation_failed",
          metadata: { order_id: order.id },
        },
      };
    }
    const success = instrument.method === "upi" ? instrument.vpa === UPI_SUCCESS : instrument.cardNumber === TEST_CARD;
    const failure = instrument.method === "upi" ? UPI_FAILURE_ERROR : CARD_FAILURE_ERROR;
    const linkId = linkOfOrder.get(order.id);
    const link = linkId ? paymentLinks.get(linkId) : undefined;
    const fee = Math.round(order.amount * 0.02); // 2 % including GST, for a plausible figure
    const cardId = `card_${randomId()}`;
    const payment: RazorpayPayment = {
      id: `pay_${randomId()}`,
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: success ? "captured" : "failed", // auto-capture on, as the go-live checklist asks
      order_id: order.id,
      invoice_id: null,
      international: instrument.method === "card", // the test card is an international one
      method: instrument.method,
      amount_refunded: 0,
      refund_status: null,
      captured: success,
      description: link ? `#${link.id.slice("plink_".length)}` : (instrument.description ?? null),
      card_id: instrument.method === "card" ? cardId : null,
      bank: null,
      wallet: null,
      vpa: instrument.method === "upi" ? (instrument.vpa as string) : null,
      email: instrument.email || "void@razorpay.com",
      contact: contactOf(instrument.contact),
      notes: instrument.notes ?? (link ? notesOf(link.notes) : order.notes),
      fee: success ? fee : null,
      tax: success ? Math.round((fee * 18) / 118) : null,
      error_code: success ? null : failure.code,
      error_description: success ? null : failure.description,
      error_source: success ? null : failure.source,
      error_step: success ? null : failure.step,
      error_reason: success ? null : failure.reason,
      acquirer_data: instrument.method === "upi" ? { rrn: success ? String(100000000000 + Math.floor(Math.random() * 899999999999)) : null } : { auth_code: success ? "064381" : null },
      created_at: now(),
    };
    if (instrument.method === "card") {
      const number = instrument.cardNumber as string;
      payment.card = {
        id: cardId,
        entity: "card",
        name: "",
        last4: number.slice(-4),
        network: number.startsWith("5") ? "MasterCard" : "Visa",
        type: "credit",
        issuer: null,
        international: number === TEST_CARD,
        emi: false,
        sub_type: "consumer",
        token_iin: null,
      };
    } else {
      payment.upi = { payer_account_type: "bank_account", vpa: instrument.vpa as string, flow: "collect" };
    }
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (order.status === "created") order.status = "attempted";

    if (!success) {
      recordEvent("payment.failed", ["payment"], { payment: { entity: clone(payment) } });
      return payment;
    }

    order.status = "paid";
    order.amount_paid = order.amount;
    order.amount_due = 0;
    recordEvent("payment.captured", ["payment"], { payment: { entity: clone(payment) } });
    recordEvent("order.paid", ["payment", "order"], { payment: { entity: clone(payment) }, order: { entity: clone(order) } });
    if (link) {
      const at = now();
      link.status = "paid";
      link.amount_paid = order.amount;
      link.updated_at = at;
      link.payments = [
        ...(link.payments ?? []),
        { amount: payment.amount, created_at: at, method: payment.method, payment_id: payment.id, plink_id: link.id, status: "captured", updated_at: at },
      ];
      const linkCopy: Partial<RazorpayPaymentLink> = clone(link);
      delete linkCopy.payments; // absent from the payment_link.paid samples
      recordEvent("payment_link.paid", ["payment_link", "order", "payment"], {
        payment_link: { entity: linkCopy },
        order: { entity: linkOrderInWebhook(order, link) },
        payment: { entity: clone(payment) },
      });
    }
    return payment;
  }

  /**
   * payment_link.paid carries the link's order as Razorpay's internal record: its id WITHOUT the
   * "order_" prefix, no `entity`, product fields (webhooks/payment-links.md, both samples).
   */
  function linkOrderInWebhook(order: RazorpayOrder, link: RazorpayPaymentLink): Record<string, unknown> {
    return {
      amount: order.amount,
      amount_due: order.amount_due,
      amount_paid: order.amount_paid,
      attempts: order.attempts,
      created_at: order.created_at,
      currency: order.currency,
      id: order.id.slice("order_".length),
      notes: order.notes,
      partial_payment: false,
      payment_capture: true,
      product_id: link.id.slice("plink_".length),
      product_type: "payment_link_v2",
      receipt: order.receipt,
      status: order.status,
      updated_at: now(),
    };
  }

  function checkoutResult(order: RazorpayOrder, instrument: Instrument): CheckoutSuccess | { error: CheckoutError } {
    const result = pay(order, instrument);
    if ("declined" in result) return { error: result.declined };
    if (result.status === "failed") {
      return {
        error: {
          code: result.error_code as string,
          description: result.error_description as string,
          source: result.error_source as string,
          step: result.error_step as string,
          reason: result.error_reason as string,
          metadata: { payment_id: result.id, order_id: order.id },
        },
      };
    }
    return { razorpay_payment_id: result.id, razorpay_order_id: order.id, razorpay_signature: hmacHex(keySecret, `${order.id}|${result.id}`) };
  }

  /** The hosted page's payment: null when the link takes no payment (paid, expired, cancelled). */
  function payLinkWith(link: RazorpayPaymentLink, instrument: Instrument): { payment: RazorpayPayment; callbackUrl?: string } | null {
    refreshLink(link);
    if (link.status !== "created") return null;
    const order = orderForLink(link);
    const result = pay(order, { ...instrument, email: instrument.email ?? link.customer.email, contact: instrument.contact ?? link.customer.contact });
    if ("declined" in result) return null;
    if (result.status !== "captured" || !link.callback_url) return { payment: result };
    // callback_method "get": the shopper's browser goes to callback_url with these (payment-links/apis.md).
    const url = new URL(link.callback_url);
    url.searchParams.set("razorpay_payment_id", result.id);
    url.searchParams.set("razorpay_payment_link_id", link.id);
    url.searchParams.set("razorpay_payment_link_reference_id", link.reference_id);
    url.searchParams.set("razorpay_payment_link_status", link.status);
    url.searchParams.set("razorpay_signature", linkCallbackSignature(link, result.id));
    return { payment: result, callbackUrl: url.href };
  }

  // -------------------------------------------------------------------------------------------
  // Refunds

  function createRefund(payment: RazorpayPayment, body: Record<string, unknown>, idempotencyKey: string | undefined): RazorpayRefund {
    const key = idempotencyKey;
    if (key !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) {
        throw plainError(400, "The idempotency key must be at least 10 characters long and can contain only alphabets, numbers, hyphens and underscores.");
      }
      const seen = refundKeys.get(key);
      if (seen) {
        // refunds/normal-refunds-idempotent.md: same key and body → the same refund; otherwise BAD_REQUEST.
        if (seen.paymentId !== payment.id || seen.body !== canonical(body)) throw plainError(400, "Different request with the same idempotency key has already been processed.");
        return refunds.get(seen.refundId) as RazorpayRefund;
      }
    }
    rejectExtraFields(body, ["amount", "speed", "notes", "receipt"]);
    if (payment.status === "failed" || !payment.captured) throw validationError("Only captured payments can be refunded", "payment_id");
    const unrefunded = payment.amount - payment.amount_refunded;
    if (unrefunded <= 0) throw validationError("The payment has been fully refunded already.");
    const amount = body.amount === undefined ? unrefunded : requireAmount(body.amount);
    // Wording from api/refunds/create-normal.md, and payments/refunds/batch.md for the partial case.
    if (amount > payment.amount) throw validationError("The refund amount provided is greater than amount captured.", "amount");
    if (amount > unrefunded) throw validationError("The refund amount provided is greater than the unrefunded amount", "amount");
    const speed = body.speed ?? "normal";
    if (speed !== "normal" && speed !== "optimum") throw validationError("The selected speed is invalid.", "speed");
    const receipt = optionalString(body, "receipt", 40) ?? null;

    const refund: RazorpayRefund = {
      id: `rfnd_${randomId()}`,
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: notesOf(body.notes),
      receipt,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: "pending",
      speed_processed: null,
      speed_requested: speed,
    };
    refunds.set(refund.id, refund);
    if (key !== undefined) refundKeys.set(key, { paymentId: payment.id, body: canonical(body), refundId: refund.id });
    // The payment counts the refund at once (refund.created samples show it); a failure gives it back.
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? "full" : "partial";
    if (payment.refund_status === "full") payment.status = "refunded";

    track(
      sleep(REFUND_SETTLE_MS).then(() => {
        if (closed || refund.status !== "pending") return;
        if (refundOutcome === "processed") {
          refund.status = "processed";
          refund.speed_processed = speed === "optimum" ? "instant" : "normal";
          refund.acquirer_data = { arn: String(10000000000000 + Math.floor(Math.random() * 89999999999999)) };
        } else {
          refund.status = "failed";
          payment.amount_refunded -= refund.amount;
          payment.refund_status = payment.amount_refunded === 0 ? null : "partial";
          payment.status = "captured";
        }
        recordEvent(`refund.${refund.status}`, ["refund", "payment"], { refund: { entity: clone(refund) }, payment: { entity: clone(payment) } });
      }),
    );
    return refund;
  }

  // -------------------------------------------------------------------------------------------
  // The REST API under /v1

  function authenticate(req: IncomingMessage): void {
    const header = req.headers.authorization ?? "";
    const match = /^Basic\s+(.+)$/i.exec(header);
    if (!match) throw plainError(401, "Please provide your api key for authentication purposes.");
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const id = colon === -1 ? decoded : decoded.slice(0, colon);
    const secret = colon === -1 ? "" : decoded.slice(colon + 1);
    if (!safeEqual(id, keyId)) throw plainError(401, "The api key provided is invalid");
    if (!safeEqual(secret, keySecret)) throw plainError(401, "The api secret provided is invalid");
  }

  async function readApiBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = await readBody(req);
    if (!raw.trim()) return {};
    const type = req.headers["content-type"] ?? "";
    if (type.includes("application/x-www-form-urlencoded")) {
      const flat: Record<string, unknown> = {};
      for (const [k, v] of new URLSearchParams(raw)) flat[k] = coerceFormValue(v);
      return foldBrackets(flat);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw plainError(400, "The request body is not valid JSON");
    }
    if (!isObject(parsed)) throw plainError(400, "The request body must be a JSON object");
    return foldBrackets(parsed);
  }

  const ORDER_FIELDS = ["amount", "currency", "receipt", "notes", "partial_payment", "first_payment_min_amount", "payment_capture", "unique_receipt", "method", "offer_id"];
  const LINK_FIELDS = [
    "amount",
    "currency",
    "accept_partial",
    "first_min_partial_amount",
    "description",
    "reference_id",
    "customer",
    "expire_by",
    "notify",
    "reminder_enable",
    "notes",
    "callback_url",
    "callback_method",
    "upi_link",
    "options",
  ];

  function createOrder(body: Record<string, unknown>): RazorpayOrder {
    rejectExtraFields(body, ORDER_FIELDS);
    const amount = requireAmount(body.amount);
    requireInr(body.currency, true);
    const receipt = optionalString(body, "receipt", 40) ?? null;
    // retries-and-idempotency: with unique_receipt a retried create returns the first order.
    if (body.unique_receipt === true && receipt !== null) {
      for (const order of orders.values()) if (order.receipt === receipt && !linkOfOrder.has(order.id)) return order;
    }
    const order: RazorpayOrder = {
      id: `order_${randomId()}`,
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: notesOf(body.notes),
      created_at: now(),
    };
    orders.set(order.id, order);
    return order;
  }

  function createLink(body: Record<string, unknown>): RazorpayPaymentLink {
    rejectExtraFields(body, LINK_FIELDS);
    const amount = requireAmount(body.amount);
    requireInr(body.currency, false);
    if (body.upi_link === true && keyId.startsWith("rzp_test_")) {
      throw validationError("UPI Payment Links is not supported in Test Mode. Please experience the product in Live Mode.", "upi_link");
    }
    const referenceId = optionalString(body, "reference_id", 40) ?? "";
    if (referenceId && [...paymentLinks.values()].some((l) => l.reference_id === referenceId)) {
      throw validationError("payment link creation with reference ID already attempted", "reference_id");
    }
    const description = optionalString(body, "description", 2048) ?? "";
    const created = now();
    let expireBy = 0;
    if (body.expire_by !== undefined && body.expire_by !== null) {
      if (typeof body.expire_by !== "number" || !Number.isInteger(body.expire_by)) throw validationError("The expire by must be an integer.", "expire_by");
      // create-standard.md: at least 15 minutes ahead.
      if (body.expire_by < created + 15 * 60) throw validationError("timestamp must be atleast 15 minutes in future", "expire_by");
      expireBy = body.expire_by;
    }
    const callbackUrl = optionalString(body, "callback_url", 2048) ?? "";
    const callbackMethod = optionalString(body, "callback_method", 10) ?? "";
    if (callbackUrl) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(callbackUrl);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !/^https?:$/.test(parsed.protocol)) throw validationError("The callback url format is invalid.", "callback_url");
      if (!callbackMethod) throw validationError("The callback method field is required when callback url is present.", "callback_method");
    }
    if (callbackMethod && callbackMethod !== "get") throw validationError("The selected callback method is invalid.", "callback_method");
    const customer = isObject(body.customer) ? body.customer : {};
    const notify = isObject(body.notify) ? body.notify : {};
    const id = `plink_${randomId()}`;
    let code = randomId(7);
    while (linkByCode.has(code)) code = randomId(7);
    const link: RazorpayPaymentLink = {
      accept_partial: body.accept_partial === true,
      amount,
      amount_paid: 0,
      callback_method: callbackMethod,
      callback_url: callbackUrl,
      cancelled_at: 0,
      created_at: created,
      currency: "INR",
      customer: {
        ...(typeof customer.name === "string" ? { name: customer.name } : {}),
        ...(typeof customer.email === "string" ? { email: customer.email } : {}),
        ...(typeof customer.contact === "string" || typeof customer.contact === "number" ? { contact: String(customer.contact) } : {}),
      },
      description,
      expire_by: expireBy,
      expired_at: 0,
      first_min_partial_amount: typeof body.first_min_partial_amount === "number" ? body.first_min_partial_amount : 0,
      id,
      notes: isObject(body.notes) && Object.keys(body.notes).length ? (body.notes as Record<string, string>) : null,
      notify: { email: notify.email === true, sms: notify.sms === true, whatsapp: false },
      payments: null,
      reference_id: referenceId,
      reminder_enable: body.reminder_enable === true,
      reminders: [],
      short_url: `${origin}/i/${code}`,
      status: "created",
      updated_at: created,
      upi_link: false,
      user_id: "",
      whatsapp_link: false,
    };
    paymentLinks.set(id, link);
    linkByCode.set(code, id);
    return link;
  }

  function cancelLink(link: RazorpayPaymentLink): RazorpayPaymentLink {
    if (link.status === "paid" || link.status === "partially_paid") throw validationError("cannot cancel or expire an already paid/partially paid link");
    if (link.status !== "created") throw validationError("cannot cancel or expire an expired link");
    link.status = "cancelled";
    link.cancelled_at = now();
    link.updated_at = link.cancelled_at;
    return link;
  }

  function findOrder(id: string): RazorpayOrder {
    const order = orders.get(id);
    if (!order) throw unknownId(id, "order");
    return order;
  }

  function findPayment(id: string): RazorpayPayment {
    const payment = payments.get(id);
    if (!payment) throw unknownId(id, "pay");
    return payment;
  }

  // -------------------------------------------------------------------------------------------
  // Recurring payments (UPI Autopay and card mandates): registration links, tokens, charges.
  // razorpay.com/docs api/payments/recurring-payments/{upi,cards}/create-authorization-transaction,
  // create-subsequent-payments, tokens, and recurring-payments/webhooks.

  /** Frequencies a registration link accepts, as Razorpay's validator lists them for UPI and cards. */
  const MANDATE_FREQUENCIES = ["daily", "weekly", "fortnightly", "bimonthly", "monthly", "quarterly", "half_yearly", "yearly", "as_presented"];
  const AUTH_LINK_FIELDS = [
    "customer",
    "type",
    "amount",
    "currency",
    "description",
    "subscription_registration",
    "receipt",
    "sms_notify",
    "email_notify",
    "expire_by",
    "notes",
    "callback_url",
    "callback_method",
  ];
  const RECURRING_FIELDS = ["email", "contact", "amount", "currency", "order_id", "customer_id", "token", "recurring", "description", "notes"];
  /** UPI debits happen 25 h after the pre-debit notification (create-subsequent-payments.md). */
  const DEBIT_AFTER_S = 25 * 3600;

  const customers = new Map<string, RazorpayCustomer>();
  const invoices = new Map<string, RazorpayInvoice>();
  const invoiceByCode = new Map<string, string>();
  const tokens = new Map<string, RazorpayToken>();
  /** Recurring payments waiting for their debit: payment id → when it happens (stand-in seconds). */
  const debits = new Map<string, number>();
  /** What a token's next debits do (the shopper's balance, as it were). */
  const debitOutcome = new Map<string, "success" | "failure">();

  function customerFor(input: Record<string, unknown>): RazorpayCustomer {
    const contact = typeof input.contact === "string" || typeof input.contact === "number" ? String(input.contact) : "";
    const email = typeof input.email === "string" ? input.email : "";
    const name = typeof input.name === "string" ? input.name : "";
    if (!contact) throw validationError("The contact field is required.", "contact");
    if (contact.replace(/\D/g, "").length < 8) throw validationError("Contact number should be at least 8 digits, including country code", "contact");
    // Duplicates are found on email and phone: the existing customer is used (fail_existing 0).
    for (const c of customers.values()) if (c.contact === contact && c.email === email) return c;
    const customer: RazorpayCustomer = { id: `cust_${randomId()}`, entity: "customer", name, email, contact, gstin: null, notes: [], created_at: now() };
    customers.set(customer.id, customer);
    return customer;
  }

  function createAuthLink(body: Record<string, unknown>): RazorpayInvoice {
    rejectExtraFields(body, AUTH_LINK_FIELDS);
    if (body.type !== "link") throw validationError("The type field is invalid.", "type");
    const amount = requireAmount(body.amount);
    requireInr(body.currency, true);
    const description = optionalString(body, "description", 2048);
    if (!description) throw validationError("The description field is required.", "description");
    if (!isObject(body.customer)) throw validationError("The customer field is required.", "customer");
    const registration = isObject(body.subscription_registration) ? body.subscription_registration : null;
    if (!registration) throw validationError("The subscription registration field is required.", "subscription_registration");
    const method = registration.method;
    if (method !== "upi" && method !== "card" && method !== "emandate" && method !== "nach") throw validationError("The selected method is invalid.", "method");
    if (method !== "upi" && method !== "card") throw validationError("Only upi and card mandates are modelled by this stand-in.", "method");
    const maxAmount = requireAmount(registration.max_amount, "max_amount");
    if (method === "upi" && maxAmount > 9_999_900) throw validationError("Max amount for UPI recurring payment cannot be greater than Rs. 99999.00", "max_amount");
    if (method === "card" && maxAmount > 100_000_000) throw validationError("max_amount exceeds the maximum amount allowed", "max_amount");
    if (typeof registration.frequency !== "string" || !MANDATE_FREQUENCIES.includes(registration.frequency)) throw validationError("The frequency field is invalid.", "frequency");
    if (amount < 100) throw validationError("The amount must be at least INR 1.00.", "amount");
    const callbackUrl = optionalString(body, "callback_url", 2048) ?? "";
    const callbackMethod = optionalString(body, "callback_method", 10) ?? "";
    if (callbackUrl && callbackMethod !== "get") throw validationError("The callback method field is required when callback url is present.", "callback_method");
    const customer = customerFor(body.customer);
    const created = now();
    const expireBy = typeof body.expire_by === "number" ? body.expire_by : null;
    if (expireBy !== null && expireBy < created + 15 * 60) throw validationError("expire_by should be at least 15 minutes after the current time", "expire_by");
    const order = createOrder({ amount, currency: "INR", receipt: optionalString(body, "receipt", 40) });
    let code = randomId(7);
    while (invoiceByCode.has(code) || linkByCode.has(code)) code = randomId(7);
    const invoice: RazorpayInvoice = {
      id: `inv_${randomId()}`,
      entity: "invoice",
      receipt: optionalString(body, "receipt", 40) ?? null,
      invoice_number: optionalString(body, "receipt", 40) ?? null,
      customer_id: customer.id,
      customer_details: { id: customer.id, name: customer.name, email: customer.email, contact: customer.contact, billing_address: null, shipping_address: null },
      order_id: order.id,
      line_items: [],
      payment_id: null,
      status: "issued",
      expire_by: expireBy,
      issued_at: created,
      paid_at: null,
      cancelled_at: null,
      expired_at: null,
      sms_status: body.sms_notify === false ? null : "pending",
      email_status: body.email_notify === false ? null : "pending",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      description,
      notes: notesOf(body.notes),
      short_url: `${origin}/m/${code}`,
      type: "link",
      created_at: created,
      callback_url: callbackUrl || null,
      callback_method: callbackMethod || null,
      subscription_registration: {
        method,
        max_amount: maxAmount,
        frequency: registration.frequency,
        expire_at: typeof registration.expire_at === "number" ? registration.expire_at : null,
      },
    };
    invoices.set(invoice.id, invoice);
    invoiceByCode.set(code, invoice.id);
    return invoice;
  }

  function refreshInvoice(invoice: RazorpayInvoice): RazorpayInvoice {
    if (invoice.status === "issued" && invoice.expire_by && now() >= invoice.expire_by) {
      invoice.status = "expired";
      invoice.expired_at = invoice.expire_by;
      recordEvent("invoice.expired", ["invoice"], { invoice: { entity: clone(invoice) } });
    }
    return invoice;
  }

  function findInvoice(id: string): RazorpayInvoice {
    const invoice = invoices.get(id);
    if (!invoice) throw unknownId(id, "inv");
    return refreshInvoice(invoice);
  }

  /** The shopper approving (or their bank rejecting) the mandate on the registration page. */
  function authorise(invoice: RazorpayInvoice, approve: boolean): { payment: RazorpayPayment; callbackUrl?: string } {
    if (refreshInvoice(invoice).status !== "issued") throw new Error(`registration link ${invoice.id} is ${invoice.status}`);
    const registration = invoice.subscription_registration;
    const order = findOrder(invoice.order_id);
    const method = registration.method;
    const token: RazorpayToken = {
      id: `token_${randomId()}`,
      entity: "token",
      token: randomId(14),
      bank: null,
      wallet: null,
      method,
      ...(method === "upi"
        ? { vpa: { username: "success", handle: "razorpay", name: null } }
        : { card: { last4: TEST_CARD.slice(-4), network: "MasterCard", type: "credit", flows: { recurring: true } } }),
      recurring: true,
      recurring_details: { status: approve ? "confirmed" : "rejected", failure_reason: approve ? null : "Rejected by bank" },
      auth_type: null,
      mrn: null,
      used_at: now(),
      created_at: now(),
      start_time: now(),
      expired_at: registration.expire_at ?? now() + 10 * 365 * 86400,
      max_amount: registration.max_amount,
      dcc_enabled: false,
    };
    tokens.set(token.id, token);
    tokenCustomer.set(token.id, invoice.customer_id);
    const paid = pay(order, { method, ...(method === "upi" ? { vpa: approve ? UPI_SUCCESS : UPI_FAILURE } : { cardNumber: approve ? TEST_CARD : "4000000000000002" }) });
    if ("declined" in paid) throw new Error(paid.declined.description);
    const payment = paid as RazorpayPayment;
    payment.token_id = token.id;
    payment.customer_id = invoice.customer_id;
    payment.invoice_id = invoice.id;
    if (!approve) {
      recordEvent("token.rejected", ["token"], { token: { entity: clone(token) } });
      return { payment };
    }
    recordEvent("token.confirmed", ["token"], { token: { entity: clone(token) } });
    invoice.status = "paid";
    invoice.payment_id = payment.id;
    invoice.paid_at = now();
    invoice.amount_paid = invoice.amount;
    invoice.amount_due = 0;
    recordEvent("invoice.paid", ["payment", "order", "invoice"], { payment: { entity: clone(payment) }, order: { entity: clone(order) }, invoice: { entity: clone(invoice) } });
    if (!invoice.callback_url) return { payment };
    // An invoice's callback (razorpay.com/docs/private/invoices-callback): id|receipt|status|payment_id, signed with the key secret.
    const signature = hmacHex(keySecret, `${invoice.id}|${invoice.receipt ?? ""}|${invoice.status}|${payment.id}`);
    const url = new URL(invoice.callback_url);
    url.searchParams.set("razorpay_payment_id", payment.id);
    url.searchParams.set("razorpay_invoice_id", invoice.id);
    url.searchParams.set("razorpay_invoice_status", invoice.status);
    url.searchParams.set("razorpay_invoice_receipt", invoice.receipt ?? "");
    url.searchParams.set("razorpay_signature", signature);
    return { payment, callbackUrl: url.toString() };
  }

  const tokenCustomer = new Map<string, string>();

  function findToken(customerId: string, tokenId: string): RazorpayToken {
    const token = tokens.get(tokenId);
    if (!token || tokenCustomer.get(tokenId) !== customerId) throw unknownId(tokenId, "token");
    return token;
  }

  /** POST /v1/payments/create/recurring: accepted at once, debited after the pre-debit notification. */
  function createRecurring(body: Record<string, unknown>): { razorpay_payment_id: string; razorpay_order_id: string } {
    rejectExtraFields(body, RECURRING_FIELDS);
    const amount = requireAmount(body.amount);
    requireInr(body.currency, true);
    if (body.recurring !== true && body.recurring !== "1" && body.recurring !== 1) throw validationError("The recurring field is invalid.", "recurring");
    if (typeof body.order_id !== "string") throw validationError("The order id field is required.", "order_id");
    if (typeof body.customer_id !== "string") throw validationError("The customer id field is required.", "customer_id");
    if (typeof body.token !== "string") throw validationError("The token field is required.", "token");
    const order = findOrder(body.order_id);
    if (order.amount !== amount) throw validationError("The amount must be equal to the order amount.", "amount");
    const token = findToken(body.customer_id, body.token);
    if (order.status === "paid" || [...payments.values()].some((p) => p.order_id === order.id && p.status !== "failed")) throw validationError(ORDER_ALREADY_PAID);
    if (token.recurring_details.status !== "confirmed")
      throw validationError(
        `The mandate is ${token.recurring_details.status === "initiated" || token.recurring_details.status === "rejected" ? "not active" : token.recurring_details.status}`,
      );
    if (token.expired_at <= now()) throw validationError("The token has expired", "token");
    if (amount > token.max_amount) throw validationError("Amount exceeds maximum amount allowed", "amount");
    const payment = {
      id: `pay_${randomId()}`,
      entity: "payment",
      amount,
      currency: "INR",
      status: "created",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: token.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: typeof body.description === "string" ? body.description : null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: token.method === "upi" ? UPI_SUCCESS : null,
      email: typeof body.email === "string" && body.email ? body.email : "void@razorpay.com",
      contact: contactOf(typeof body.contact === "string" ? body.contact : undefined),
      notes: notesOf(body.notes),
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: now(),
      token_id: token.id,
      customer_id: body.customer_id,
      recurring: true,
    } satisfies RazorpayPayment as RazorpayPayment;
    payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = "attempted";
    token.used_at = now();
    debits.set(payment.id, now() + DEBIT_AFTER_S);
    return { razorpay_payment_id: payment.id, razorpay_order_id: order.id };
  }

  /** Debits every recurring payment whose time has come (all of them with `all`): captured, or failed as the token's balance says. */
  function settleDebits(all = false): number {
    let settled = 0;
    for (const [paymentId, at] of debits) {
      if (!all && at > now()) continue;
      debits.delete(paymentId);
      const payment = payments.get(paymentId);
      if (!payment?.token_id || payment.status !== "created") continue;
      const order = findOrder(payment.order_id);
      const token = tokens.get(payment.token_id)!;
      const fails = debitOutcome.get(token.id) === "failure" || token.recurring_details.status !== "confirmed";
      settled++;
      if (fails) {
        const why =
          token.recurring_details.status === "confirmed"
            ? { description: "Payment failed due to insufficient funds in the customer's account.", reason: "insufficient_funds" }
            : { description: `The mandate is ${token.recurring_details.status}.`, reason: `mandate_${token.recurring_details.status}` };
        Object.assign(payment, {
          status: "failed",
          error_code: "BAD_REQUEST_ERROR",
          error_description: why.description,
          error_source: "customer",
          error_step: "payment_debit_request",
          error_reason: why.reason,
        });
        recordEvent("payment.failed", ["payment"], { payment: { entity: clone(payment) } });
        continue;
      }
      Object.assign(payment, { status: "captured", captured: true, acquirer_data: { rrn: String(100000000000 + Math.floor(Math.random() * 899999999999)) } });
      order.status = "paid";
      order.amount_paid = order.amount;
      order.amount_due = 0;
      recordEvent("payment.captured", ["payment"], { payment: { entity: clone(payment) } });
      recordEvent("order.paid", ["payment", "order"], { payment: { entity: clone(payment) }, order: { entity: clone(order) } });
    }
    return settled;
  }

  /** What the shopper's UPI app or bank does to a mandate: pause or cancel it (token.paused, token.cancelled). */
  function changeToken(tokenId: string, status: "paused" | "cancelled" | "confirmed"): RazorpayToken {
    const token = tokens.get(tokenId);
    if (!token) throw new Error(`no token ${tokenId}`);
    token.recurring_details.status = status;
    recordEvent(`token.${status}`, ["token"], { token: { entity: clone(token) } });
    return token;
  }

  function mandatePage(invoice: RazorpayInvoice, code: string): string {
    const registration = invoice.subscription_registration;
    const header = `<p class="note">${escapeHtml(businessName)} · Test Mode (Razorpay stand-in)</p><h1>${escapeHtml(invoice.description)}</h1>`;
    if (invoice.status !== "issued") return page("Autopay", `${header}<p role="status">This link is ${escapeHtml(invoice.status)}.</p>`);
    const form = (decision: string, label: string, cls = "") =>
      `<form method="post" action="/m/${encodeURIComponent(code)}/authorise"><input type="hidden" name="decision" value="${decision}"><button type="submit"${cls ? ` class="${cls}"` : ""}>${label}</button></form>`;
    return page(
      "Approve Autopay",
      `${header}<p class="amount">${rupees(invoice.amount)}</p>
<p>${registration.method === "upi" ? "UPI Autopay" : "Card mandate"}: up to ${rupees(registration.max_amount)} a debit, ${escapeHtml(registration.frequency.replace("_", " "))}.</p>
${form("approve", registration.method === "upi" ? "Approve in UPI app" : "Approve with card")}
${form("reject", "Decline", "secondary")}`,
    );
  }

  async function handleMandatePage(req: IncomingMessage, res: ServerResponse, code: string, authorising: boolean): Promise<void> {
    const invoiceId = invoiceByCode.get(code);
    const invoice = invoiceId ? refreshInvoice(invoices.get(invoiceId)!) : undefined;
    if (!invoice) return sendHtml(res, 404, page("Not found", "<h1>Link not found</h1>"));
    if (!authorising || invoice.status !== "issued") return sendHtml(res, 200, mandatePage(invoice, code));
    const form = new URLSearchParams(await readBody(req));
    const result = authorise(invoice, form.get("decision") === "approve");
    if (result.payment.status === "failed" && !result.callbackUrl) return sendHtml(res, 200, page("Not approved", `<h1>Autopay not approved</h1><p role="alert">Rejected by bank.</p>`));
    if (result.callbackUrl) {
      res.writeHead(303, { location: result.callbackUrl, "cache-control": "no-store" });
      return void res.end();
    }
    return sendHtml(res, 200, page("Approved", `<h1>Autopay approved</h1><p role="status">You can close this page.</p>`));
  }

  const collection = <T>(items: T[]) => ({ entity: "collection", count: items.length, items });

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string[]): Promise<void> {
    if (downStatus !== null) throw downError(downStatus);
    authenticate(req);
    const method = req.method ?? "GET";
    const [resource, id, sub, subId] = path;
    const body = method === "POST" || method === "PATCH" || method === "PUT" ? await readApiBody(req) : {};
    const send = (value: unknown) => sendJson(res, 200, value);

    if (resource === "orders") {
      if (method === "POST" && path.length === 1) return send(createOrder(body));
      if (method === "GET" && path.length === 2) return send(findOrder(id));
      if (method === "GET" && path.length === 3 && sub === "payments") {
        const order = findOrder(id);
        return send(collection([...payments.values()].filter((p) => p.order_id === order.id)));
      }
    }
    if (resource === "payment_links") {
      if (method === "POST" && path.length === 1) return send(createLink(body));
      if (method === "GET" && path.length === 2) return send(findLink(id));
      if (method === "POST" && path.length === 3 && sub === "cancel") return send(cancelLink(findLink(id)));
    }
    settleDebits();
    if (resource === "subscription_registration" && id === "auth_links" && method === "POST" && path.length === 2) return send(createAuthLink(body));
    if (resource === "invoices") {
      if (method === "GET" && path.length === 2) return send(findInvoice(id));
      if (method === "POST" && path.length === 3 && sub === "cancel") {
        const invoice = findInvoice(id);
        if (invoice.status !== "issued") throw validationError("Only an issued invoice can be cancelled");
        invoice.status = "cancelled";
        invoice.cancelled_at = now();
        return send(invoice);
      }
    }
    if (resource === "customers") {
      if (method === "POST" && path.length === 1) return send(customerFor(body));
      if (method === "GET" && path.length === 3 && sub === "tokens") {
        if (!customers.has(id)) throw unknownId(id, "cust");
        return send(collection([...tokens.values()].filter((t) => tokenCustomer.get(t.id) === id && t.method === "card")));
      }
      if (method === "GET" && path.length === 4 && sub === "tokens") return send(findToken(id, subId));
      if (method === "PUT" && path.length === 5 && sub === "tokens" && path[4] === "cancel") {
        const token = findToken(id, subId);
        if (token.recurring_details.status === "cancelled") throw validationError("The token is already cancelled");
        // Cancelled with the bank shortly after: token.cancelled follows.
        setImmediate(() => changeToken(token.id, "cancelled"));
        return send({ status: "cancellation_initiated" });
      }
      if (method === "DELETE" && path.length === 4 && sub === "tokens") {
        findToken(id, subId);
        tokens.delete(subId);
        return send({ deleted: true });
      }
    }
    if (resource === "payments" && id === "create" && sub === "recurring" && method === "POST" && path.length === 3) return send(createRecurring(body));
    if (resource === "payments") {
      if (method === "GET" && path.length === 2) return send(findPayment(id));
      if (method === "POST" && path.length === 3 && sub === "refund") {
        const key = req.headers["x-refund-idempotency"];
        return send(createRefund(findPayment(id), body, Array.isArray(key) ? key[0] : key));
      }
      if (method === "GET" && path.length === 3 && sub === "refunds") {
        const payment = findPayment(id);
        return send(collection([...refunds.values()].filter((r) => r.payment_id === payment.id)));
      }
      if (method === "GET" && path.length === 4 && sub === "refunds") {
        const payment = findPayment(id);
        const refund = refunds.get(subId);
        if (!refund || refund.payment_id !== payment.id) throw unknownId(subId, "rfnd");
        return send(refund);
      }
    }
    if (resource === "refunds" && method === "GET" && path.length === 2) {
      const refund = refunds.get(id);
      if (!refund) throw unknownId(id, "rfnd");
      return send(refund);
    }
    // api/refunds/create-normal.md lists this one as a 400.
    throw plainError(400, "The requested URL was not found on the server.");
  }

  // -------------------------------------------------------------------------------------------
  // The hosted payment-link page (works without JavaScript)

  function page(title: string, content: string): string {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1b2330;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
form{margin:.75rem 0}button{width:100%;padding:.75rem;font-size:1rem;border-radius:8px;border:1px solid #3366cc;background:#3366cc;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#b3261e;border-color:#b3261e}.note{color:#5b6575;font-size:.875rem}
[role=alert]{background:#fdecea;color:#8a1c13;padding:.75rem;border-radius:8px}
</style></head><body><main>${content}</main></body></html>`;
  }

  function linkPage(link: RazorpayPaymentLink, code: string, failure?: RazorpayPayment): string {
    const header = `<p class="note">${escapeHtml(businessName)} · Test Mode (Razorpay stand-in)</p>
<h1>${escapeHtml(link.description || "Payment request")}</h1>`;
    if (link.status !== "created") {
      const why = { paid: "This payment link has already been paid.", expired: "This payment link has expired.", cancelled: "This payment link has been cancelled." }[
        link.status as "paid" | "expired" | "cancelled"
      ];
      return page("Payment link", `${header}<p class="amount">${rupees(link.amount)}</p><p role="status">${why ?? "This payment link cannot take payments."}</p>`);
    }
    const action = `/i/${encodeURIComponent(code)}/pay`;
    const form = (fields: Record<string, string>, label: string, cls = "") =>
      `<form method="post" action="${action}">${Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join("")}<button type="submit"${cls ? ` class="${cls}"` : ""}>${label}</button></form>`;
    const failed = failure ? `<p role="alert">Payment failed: ${escapeHtml(failure.error_description ?? "")} You can try again.</p>` : "";
    return page(
      failure ? "Payment failed" : "Pay",
      `${header}<p class="amount">${rupees(link.amount)}</p>${failed}
${form({ method: "upi", vpa: UPI_SUCCESS }, "Pay with UPI")}
${form({ method: "card", card_number: TEST_CARD }, "Pay with Card")}
${form({ method: "upi", vpa: UPI_FAILURE }, "Fail payment", "secondary")}
<p class="note">UPI ${UPI_SUCCESS} · card 5104 0600 0000 0008 · ${UPI_FAILURE}</p>`,
    );
  }

  async function handleLinkPage(req: IncomingMessage, res: ServerResponse, code: string, paying: boolean): Promise<void> {
    const linkId = linkByCode.get(code);
    const link = linkId ? refreshLink(paymentLinks.get(linkId) as RazorpayPaymentLink) : undefined;
    if (!link) return sendHtml(res, 404, page("Not found", "<h1>Payment link not found</h1>"));
    if (!paying) return sendHtml(res, 200, linkPage(link, code));
    const form = new URLSearchParams(await readBody(req));
    const method = form.get("method") === "card" ? "card" : "upi";
    const result = payLinkWith(link, { method, vpa: form.get("vpa") ?? undefined, cardNumber: form.get("card_number") ?? undefined });
    if (!result) return sendHtml(res, 200, linkPage(link, code));
    if (result.payment.status === "failed") return sendHtml(res, 200, linkPage(link, code, result.payment)); // no redirect on failure
    if (result.callbackUrl) {
      res.writeHead(303, { location: result.callbackUrl, "cache-control": "no-store" });
      return void res.end();
    }
    return sendHtml(res, 200, page("Paid", `<h1>Payment successful</h1><p role="status">Payment ${escapeHtml(result.payment.id)} of ${rupees(result.payment.amount)} received.</p>`));
  }

  // -------------------------------------------------------------------------------------------
  // Standard Checkout: the script, the iframe it opens, and the iframe's pay endpoint

  function checkoutScript(): string {
    // Runs on the shop's page under a strict CSP: DOM and CSSOM only (no inline styles, no eval).
    return `/* Razorpay Standard Checkout stand-in (local tests only). */
(function () {
  "use strict";
  var ORIGIN = ${JSON.stringify(origin)};
  var EMBED = ORIGIN + "/checkout/embed";

  function postTo(url, fields) {
    // As Razorpay with redirect: a top-level form POST to callback_url.
    var form = document.createElement("form");
    form.method = "POST";
    form.action = url;
    form.style.display = "none";
    Object.keys(fields).forEach(function (name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = fields[name] == null ? "" : String(fields[name]);
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this._listeners = {};
    this._frame = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.open = function () {
    if (this._frame) return this;
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var modal = o.modal || {};
    var nonce = Math.random().toString(36).slice(2) + Date.now().toString(36);
    var params = new URLSearchParams({
      key: o.key || "",
      order_id: o.order_id || "",
      name: o.name || "",
      description: o.description || "",
      email: prefill.email || "",
      contact: prefill.contact || "",
      method: prefill.method || "",
      notes: JSON.stringify(o.notes || {}),
      escape: modal.escape === false ? "0" : "1",
      origin: window.location.origin,
      nonce: nonce
    });
    var frame = document.createElement("iframe");
    frame.src = EMBED + "?" + params.toString();
    frame.title = "Razorpay Checkout";
    frame.className = "razorpay-checkout-frame";
    var s = frame.style;
    s.position = "fixed";
    s.top = "0";
    s.left = "0";
    s.width = "100%";
    s.height = "100%";
    s.border = "0";
    s.margin = "0";
    s.padding = "0";
    s.zIndex = "2147483647";
    s.background = "transparent";
    this._frame = frame;
    this._overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    frame.addEventListener("load", function () { frame.focus(); });
    this._onMessage = function (event) {
      if (event.origin !== ORIGIN || !self._frame || event.source !== self._frame.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== "razorpay-standin" || data.nonce !== nonce) return;
      if (data.type === "payment.success") self._success(data.response);
      else if (data.type === "payment.failed") self._failure(data.error);
      else if (data.type === "dismiss") self._dismiss();
    };
    window.addEventListener("message", this._onMessage);
    if (o.timeout) this._timer = setTimeout(function () { self._dismiss(); }, Number(o.timeout) * 1000);
    document.body.appendChild(frame);
    return this;
  };

  Razorpay.prototype._teardown = function () {
    if (!this._frame) return;
    window.removeEventListener("message", this._onMessage);
    clearTimeout(this._timer);
    if (this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
    document.body.style.overflow = this._overflow || "";
  };

  Razorpay.prototype.close = function () {
    this._teardown();
  };

  Razorpay.prototype._success = function (response) {
    var o = this.options;
    this._teardown();
    // callback_url with redirect (or with no handler at all) POSTs the three fields there.
    if (o.callback_url && (o.redirect === true || typeof o.handler !== "function")) return postTo(o.callback_url, response);
    if (typeof o.handler === "function") o.handler(response);
  };

  Razorpay.prototype._failure = function (error) {
    var o = this.options;
    if (o.callback_url && o.redirect === true) {
      this._teardown();
      // error[metadata] is a JSON string, as Razorpay posts it.
      return postTo(o.callback_url, {
        "error[code]": error.code,
        "error[description]": error.description,
        "error[source]": error.source,
        "error[step]": error.step,
        "error[reason]": error.reason,
        "error[metadata]": JSON.stringify(error.metadata || {})
      });
    }
    // The modal stays open for a retry, as Razorpay's does.
    var list = this._listeners["payment.failed"] || [];
    for (var i = 0; i < list.length; i++) list[i]({ error: error });
  };

  Razorpay.prototype._dismiss = function () {
    var modal = this.options.modal || {};
    if (!this._frame) return;
    this._teardown();
    if (typeof modal.ondismiss === "function") modal.ondismiss();
  };

  window.Razorpay = Razorpay;
})();
`;
  }

  function embedPage(query: URLSearchParams): string {
    const key = query.get("key") ?? "";
    const orderId = query.get("order_id") ?? "";
    const parentOrigin = query.get("origin") ?? "";
    let problem = "";
    const order = orders.get(orderId);
    if (!safeEqual(key, keyId)) problem = "The api key provided is invalid";
    else if (!order) problem = "The id provided does not exist";
    else if (order.status === "paid") problem = ORDER_ALREADY_PAID;
    let validOrigin = false;
    try {
      validOrigin = new URL(parentOrigin).origin === parentOrigin;
    } catch {
      validOrigin = false;
    }
    if (!validOrigin) problem ||= "Checkout was opened without its page's origin";
    const name = query.get("name") || businessName;
    // Everything the script needs, as JSON that cannot close the <script> element.
    const config = JSON.stringify({
      key,
      order_id: orderId,
      email: query.get("email") ?? "",
      contact: query.get("contact") ?? "",
      notes: query.get("notes") ?? "{}",
      description: query.get("description") ?? "",
      origin: validOrigin ? parentOrigin : "",
      nonce: query.get("nonce") ?? "",
      escape: query.get("escape") !== "0",
    }).replace(/</g, "\\u003c");
    const body = problem
      ? `<p role="alert">${escapeHtml(problem)}</p>`
      : `<p class="amount">${rupees((order as RazorpayOrder).amount)}</p>
<p class="description">${escapeHtml(query.get("description") ?? "")}</p>
<p role="status" id="status"></p>
<div class="methods">
<button type="button" data-method="upi" data-outcome="success">Pay with UPI</button>
<button type="button" data-method="card" data-outcome="success">Pay with Card</button>
<button type="button" data-method="upi" data-outcome="failure" class="secondary">Fail payment</button>
</div>
<p class="note">Test Mode · UPI ${UPI_SUCCESS} · card 5104 0600 0000 0008</p>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay Checkout</title>
<style>
html,body{margin:0;height:100%;background:transparent;font-family:system-ui,sans-serif;color:#1b2330}
.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;padding:1rem}
.dialog{position:relative;background:#fff;border-radius:12px;padding:1.5rem;width:100%;max-width:24rem;box-shadow:0 8px 32px rgba(0,0,0,.3)}
h1{font-size:1.125rem;margin:0 2rem .25rem 0}.amount{font-size:1.75rem;font-weight:700;margin:.5rem 0}
.methods button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:8px;border:1px solid #3366cc;background:#3366cc;color:#fff;cursor:pointer}
.methods button.secondary{background:#fff;color:#b3261e;border-color:#b3261e}button:disabled{opacity:.6;cursor:wait}
.close{position:absolute;top:.75rem;right:.75rem;border:0;background:none;font-size:1.5rem;line-height:1;cursor:pointer;color:#5b6575}
.note{color:#5b6575;font-size:.8rem}[role=alert]{background:#fdecea;color:#8a1c13;padding:.75rem;border-radius:8px}
</style></head><body>
<div class="backdrop"><div class="dialog" role="dialog" aria-modal="true" aria-labelledby="merchant">
<button type="button" class="close" aria-label="Close">&times;</button>
<h1 id="merchant">${escapeHtml(name)}</h1>
${body}
</div></div>
<script type="application/json" id="config">${config}</script>
<script>
(function () {
  var config = JSON.parse(document.getElementById("config").textContent);
  var status = document.getElementById("status");
  var buttons = document.querySelectorAll(".methods button");
  function send(message) {
    if (!config.origin) return;
    message.source = "razorpay-standin";
    message.nonce = config.nonce;
    window.parent.postMessage(message, config.origin);
  }
  function dismiss() { send({ type: "dismiss" }); }
  document.querySelector(".close").addEventListener("click", dismiss);
  document.addEventListener("keydown", function (event) { if (event.key === "Escape" && config.escape) dismiss(); });
  function setBusy(busy) { for (var i = 0; i < buttons.length; i++) buttons[i].disabled = busy; }
  function pay(method, outcome) {
    setBusy(true);
    status.textContent = "Processing payment…";
    fetch("/checkout/pay", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: config.key, order_id: config.order_id, method: method, outcome: outcome, email: config.email, contact: config.contact, notes: config.notes, description: config.description })
    })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (data.razorpay_payment_id) {
          status.textContent = "Payment successful";
          send({ type: "payment.success", response: data });
        } else {
          setBusy(false);
          status.textContent = "Payment failed: " + data.error.description + " You can try again.";
          send({ type: "payment.failed", error: data.error });
        }
      })
      .catch(function () {
        setBusy(false);
        status.textContent = "Could not reach Razorpay. Try again.";
      });
  }
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", function (event) {
      var button = event.currentTarget;
      pay(button.getAttribute("data-method"), button.getAttribute("data-outcome"));
    });
  }
  var first = document.querySelector(".methods button") || document.querySelector(".close");
  if (first) first.focus();
})();
</script>
</body></html>`;
  }

  async function handleCheckoutPay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let input: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(await readBody(req));
      input = isObject(parsed) ? parsed : {};
    } catch {
      input = {};
    }
    if (typeof input.key !== "string" || !safeEqual(input.key, keyId)) throw plainError(401, "The api key provided is invalid");
    const order = findOrder(String(input.order_id ?? ""));
    let notes: Notes = [];
    try {
      notes = notesOf(JSON.parse(String(input.notes ?? "{}")));
    } catch {
      notes = [];
    }
    const how: PayOptions = { method: input.method === "card" ? "card" : "upi", outcome: input.outcome === "failure" ? "failure" : "success" };
    const result = checkoutResult(order, {
      ...instrumentFor(how),
      email: typeof input.email === "string" ? input.email : undefined,
      contact: typeof input.contact === "string" ? input.contact : undefined,
      notes: Array.isArray(notes) ? order.notes : notes,
      description: typeof input.description === "string" && input.description ? input.description : null,
    });
    // A declined payment is an answer, not a failed request: no console error in the shop's tests.
    sendJson(res, 200, result);
  }

  // -------------------------------------------------------------------------------------------
  // Control API for tests that cannot import this module (Playwright)

  function state() {
    return {
      orders: [...orders.values()],
      invoices: [...invoices.values()],
      tokens: [...tokens.values()],
      paymentLinks: [...paymentLinks.values()].map(refreshLink),
      payments: [...payments.values()],
      refunds: [...refunds.values()],
      events: events.map((e) => ({ id: e.id, event: e.event, delivered: e.delivered, held: e.held, statuses: e.statuses })),
    };
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, action: string): Promise<void> {
    if (req.method === "GET" && action === "state") return sendJson(res, 200, state());
    if (req.method !== "POST") return sendJson(res, 405, { error: "POST" });
    let input: Record<string, unknown> = {};
    try {
      const raw = await readBody(req);
      const parsed: unknown = raw.trim() ? JSON.parse(raw) : {};
      if (isObject(parsed)) input = parsed;
    } catch {
      return sendJson(res, 400, { error: "invalid JSON" });
    }
    try {
      switch (action) {
        case "down":
          standin.setDown(input.status === null || input.status === undefined ? null : Number(input.status));
          return sendJson(res, 200, { down: downStatus });
        case "webhooks":
          if ("url" in input) standin.setWebhookUrl(typeof input.url === "string" ? input.url : undefined);
          if (typeof input.hold === "boolean") standin.holdWebhooks(input.hold);
          return sendJson(res, 200, { hold: holding, url: webhookUrl ?? null });
        case "deliver": {
          const statuses = await standin.deliver(String(input.id), input.times === undefined ? 1 : Number(input.times), { parallel: input.parallel === true });
          return sendJson(res, 200, { statuses });
        }
        case "refunds":
          standin.setRefundOutcome(input.outcome === "failed" ? "failed" : "processed");
          return sendJson(res, 200, { outcome: refundOutcome });
        case "clock":
          standin.advanceClock(Number(input.advance ?? 0));
          return sendJson(res, 200, { now: now() });
        case "pay-link":
          return sendJson(res, 200, await standin.payLink(String(input.id), payOptionsOf(input)));
        case "pay-order":
          return sendJson(res, 200, await standin.payOrder(String(input.id), payOptionsOf(input)));
        case "authorise":
          return sendJson(res, 200, await standin.authorise(String(input.id), input.approve !== false));
        case "settle":
          return sendJson(res, 200, { settled: standin.settleDebits(input.all === true) });
        case "debit-outcome":
          standin.setDebitOutcome(String(input.token), input.outcome === "failure" ? "failure" : "success");
          return sendJson(res, 200, { ok: true });
        case "token":
          return sendJson(res, 200, standin.changeToken(String(input.id), input.status === "cancelled" ? "cancelled" : input.status === "confirmed" ? "confirmed" : "paused"));
        default:
          return sendJson(res, 404, { error: `unknown control ${action}` });
      }
    } catch (error) {
      return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  function payOptionsOf(input: Record<string, unknown>): PayOptions {
    return { method: input.method === "card" ? "card" : "upi", outcome: input.outcome === "failure" ? "failure" : "success" };
  }

  // -------------------------------------------------------------------------------------------
  // HTTP plumbing

  function sendJson(res: ServerResponse, status: number, value: unknown): void {
    const body = JSON.stringify(value);
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8", "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
    res.end(body);
  }

  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html), "cache-control": "no-store" });
    res.end(html);
  }

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > BODY_LIMIT) {
          reject(plainError(413, "The request body is too large"));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? "GET";

    if (method === "GET" && url.pathname === "/v1/checkout.js") {
      const script = checkoutScript();
      res.writeHead(200, {
        "content-type": "application/javascript; charset=utf-8",
        "content-length": Buffer.byteLength(script),
        "access-control-allow-origin": "*",
        "cross-origin-resource-policy": "cross-origin",
        "cache-control": "no-store",
      });
      return void res.end(script);
    }
    if (parts[0] === "v1") return handleApi(req, res, parts.slice(1));
    if (parts[0] === "i" && parts.length === 2 && method === "GET") return handleLinkPage(req, res, parts[1], false);
    if (parts[0] === "i" && parts.length === 3 && parts[2] === "pay" && method === "POST") return handleLinkPage(req, res, parts[1], true);
    if (parts[0] === "m" && parts.length === 2 && method === "GET") return handleMandatePage(req, res, parts[1], false);
    if (parts[0] === "m" && parts.length === 3 && parts[2] === "authorise" && method === "POST") return handleMandatePage(req, res, parts[1], true);
    if (url.pathname === "/checkout/embed" && method === "GET") return sendHtml(res, 200, embedPage(url.searchParams));
    if (url.pathname === "/checkout/pay" && method === "POST") return handleCheckoutPay(req, res);
    if (parts[0] === "__standin" && parts.length === 2) return handleControl(req, res, parts[1]);
    if (url.pathname === "/") return sendJson(res, 200, { razorpay_standin: true, apiBase: origin, checkoutJs: `${origin}/v1/checkout.js` });
    sendJson(res, 404, { error: "not found" });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof ApiError) return sendJson(res, error.status, error.body);
      console.error("razorpay stand-in:", error);
      sendJson(res, 500, downError(500).body);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("razorpay stand-in: no TCP address");
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  // -------------------------------------------------------------------------------------------
  // The object handed back

  const standin: RazorpayStandin = {
    origin,
    apiBase: origin,
    checkoutJs: `${origin}/v1/checkout.js`,
    orders,
    paymentLinks,
    payments,
    refunds,
    events,

    async close() {
      if (closed) return;
      closed = true;
      aborter.abort();
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },

    setWebhookUrl(url) {
      webhookUrl = url || undefined;
    },

    setDown(status) {
      if (status !== null && (!Number.isInteger(status) || status < 400 || status > 599)) throw new Error(`setDown: expected an HTTP error status or null, got ${status}`);
      downStatus = status;
    },

    holdWebhooks(on) {
      holding = on;
      if (on) return;
      for (const record of events) if (record.held) void track(deliverWithRetries(record));
    },

    setRefundOutcome(outcome) {
      refundOutcome = outcome;
    },

    advanceClock(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new Error("advanceClock: seconds must be a non-negative number");
      clockOffsetMs += seconds * 1000;
    },

    async deliver(eventId, times = 1, deliverOptions = {}) {
      const record = events.find((e) => e.id === eventId);
      if (!record) throw new Error(`no event ${eventId}`);
      if (!webhookUrl) throw new Error("no webhook URL set");
      record.held = false;
      if (deliverOptions.parallel) return track(Promise.all(Array.from({ length: times }, () => sendOnce(record))));
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) statuses.push(await track(sendOnce(record)));
      return statuses;
    },

    async payLink(linkId, how) {
      const link = findLink(linkId);
      const result = payLinkWith(link, instrumentFor(how));
      if (!result) throw new Error(`payment link ${linkId} is ${link.status} and takes no payment`);
      return { paymentId: result.payment.id, ...(result.callbackUrl ? { callbackUrl: result.callbackUrl } : {}) };
    },

    async payOrder(orderId, how) {
      return checkoutResult(findOrder(orderId), instrumentFor(how));
    },

    invoices,
    tokens,
    customers,

    async authorise(invoiceId, approve) {
      const result = authorise(findInvoice(invoiceId), approve);
      return { paymentId: result.payment.id, ...(result.callbackUrl ? { callbackUrl: result.callbackUrl } : {}) };
    },

    settleDebits: (all = false) => settleDebits(all),

    setDebitOutcome(tokenId, outcome) {
      debitOutcome.set(tokenId, outcome);
    },

    changeToken: (tokenId, status) => changeToken(tokenId, status),

    async idle() {
      // Deliveries start on setImmediate: let them register before looking.
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.size) {
        await Promise.allSettled([...pending]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
  return standin;
}

// ---------------------------------------------------------------------------------------------
// `node tests/standins/razorpay.ts`

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const missing = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"].filter((name) => !env[name]);
  if (missing.length) {
    console.error(`razorpay stand-in: set ${missing.join(", ")}`);
    process.exit(1);
  }
  const standin = await startRazorpayStandin({
    keyId: env.RAZORPAY_KEY_ID as string,
    keySecret: env.RAZORPAY_KEY_SECRET as string,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET as string,
    webhookUrl: env.RAZORPAY_STANDIN_WEBHOOK_URL || undefined,
    port: Number(env.RAZORPAY_STANDIN_PORT || 4194),
  });
  console.log(standin.origin);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
