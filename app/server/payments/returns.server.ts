// Where Razorpay sends the shopper back, and its webhook (issue 12). Both are matched to an
// order by the provider ids Haat stored, never by the session: a cross-site POST (Standard
// Checkout with redirect: true) carries no SameSite=Lax cookie. These are the only routes
// exempt from the same-origin check (security/same-origin.server.ts); each verifies
// Razorpay's signature instead.
import { redirect, type RouterContextProvider } from "react-router";
import { answerFor } from "../../domain/form-reply.ts";
import { PAYMENT_MESSAGES } from "../../domain/payment.ts";
import { pathIn } from "../../domain/i18n/locale.ts";
import { cookies } from "../auth/cookies.server.ts";
import { waysIn } from "../ways-in.server.ts";
import { refusedToward, sentOnWhenRefused } from "../forms/pipeline.server.ts";
import { discardUploads, readForm, UnreadableForm } from "../forms/read-form.server.ts";
import { errorFields, log } from "../log.server.ts";
import { ShopError, type PaymentOutcome } from "../shop/port.server.ts";

/** Where a return goes: the payment's success page, or the cart with the reason it is not an order. */
function afterReturn(outcome: PaymentOutcome): Promise<Response> | Response {
  if (outcome.kind === "refunding") return cookies().toast.redirectWithToast("/addtocart", { type: "warning", message: PAYMENT_MESSAGES.late }, { status: 303 });
  return redirect(`/paymentsuccess?order=${outcome.orderId}`, 303);
}

/**
 * A shopper's browser coming back can only be sent on, to `to`: whatever a ShopError's code, its
 * words go in a toast there; anything else is logged and said as having gone wrong.
 */
function sentOn(to: string, work: () => Promise<Response>): Promise<Response> {
  return sentOnWhenRefused(to, work, {
    otherwise: (error) => {
      log.error("payment return failed", { to, ...errorFields(error) });
      return cookies().toast.redirectWithToast(to, { type: "error", message: PAYMENT_MESSAGES.wentWrong }, { status: 303 });
    },
  });
}

/** Verification cannot even begin (a field missing): said on Review Order. */
const unverified = () => refusedToward("/revieworder", new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed));

const text = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value.slice(0, 200) : "");

/** The Razorpay order a failed attempt was for: error[metadata] is a JSON string ({"payment_id", "order_id"}). */
function failedOrderOf(form: FormData): string {
  const metadata = form.get("error[metadata]");
  if (typeof metadata === "string" && metadata.length < 1000) {
    try {
      const parsed = JSON.parse(metadata) as { order_id?: unknown };
      if (typeof parsed.order_id === "string") return parsed.order_id.slice(0, 60);
    } catch {
      // Not JSON: fall through to the bracketed form some integrations send.
    }
  }
  return text(form.get("error[metadata][order_id]"));
}

/** GET: a payment link's callback (callback_method "get"), on success only. */
export async function linkReturn(context: Readonly<RouterContextProvider>, url: URL): Promise<Response> {
  const q = url.searchParams;
  const fields = {
    paymentId: text(q.get("razorpay_payment_id")),
    linkId: text(q.get("razorpay_payment_link_id")),
    referenceId: text(q.get("razorpay_payment_link_reference_id")),
    status: text(q.get("razorpay_payment_link_status")),
    signature: text(q.get("razorpay_signature")),
  };
  if (!fields.linkId || !fields.paymentId) return unverified();
  return sentOn("/revieworder", async () => afterReturn(await waysIn(context).useCases.confirmPayment.confirmLink(fields)));
}

/** GET: a mandate's registration link returning (decision 078), as an invoice's callback: on to the subscriptions page, said what came of it. */
export async function autopayReturn(context: Readonly<RouterContextProvider>, url: URL): Promise<Response> {
  const q = url.searchParams;
  const fields = {
    invoiceId: text(q.get("razorpay_invoice_id")),
    receipt: text(q.get("razorpay_invoice_receipt")),
    status: text(q.get("razorpay_invoice_status")),
    paymentId: text(q.get("razorpay_payment_id")),
    signature: text(q.get("razorpay_signature")),
  };
  if (!fields.invoiceId || !fields.paymentId) return refusedToward(SUBSCRIPTIONS_PAGE, new ShopError("invalid", PAYMENT_MESSAGES.verificationFailed));
  return sentOn(SUBSCRIPTIONS_PAGE, async () => {
    const done = await waysIn(context).useCases.subscriptions.autopayReturned(fields);
    return cookies().toast.redirectWithToast(pathIn(done.language, SUBSCRIPTIONS_PAGE), { type: done.approved ? "success" : "info", message: done.message }, { status: 303 });
  });
}

const SUBSCRIPTIONS_PAGE = "/myaccount/subscriptions";

/** POST: Standard Checkout's three fields (from the page's handler, or Razorpay's callback_url), or its error. */
export async function checkoutReturn(context: Readonly<RouterContextProvider>, request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof UnreadableForm) return unverified();
    throw error;
  }
  // Razorpay posts three fields: whatever else a post carried is not kept.
  await discardUploads(form);
  const useCases = waysIn(context).useCases;
  const failedOrder = failedOrderOf(form);
  if (failedOrder) {
    // A failed attempt: the order still waits, and Review Order offers to try again or cancel.
    // The post is unsigned (any site can send one): it is said in the shop's own words, never
    // the post's, and one for no order Haat made changes nothing and says nothing (issue 25).
    const noted = await useCases.confirmPayment.noteFailedPayment({ orderId: failedOrder, reason: PAYMENT_MESSAGES.wentWrong });
    if (noted === null) return redirect("/revieworder", 303);
    return cookies().toast.redirectWithToast("/revieworder", { type: "error", message: PAYMENT_MESSAGES.wentWrong }, { status: 303 });
  }
  const fields = { orderId: text(form.get("razorpay_order_id")), paymentId: text(form.get("razorpay_payment_id")), signature: text(form.get("razorpay_signature")) };
  if (!fields.orderId || !fields.paymentId) return unverified();
  return sentOn("/revieworder", async () => afterReturn(await useCases.confirmPayment.confirmCheckout(fields)));
}

const WEBHOOK_MAX_BYTES = 256 * 1024;

/** POST /webhooks/razorpay: the raw body, verified before it is parsed. Any non-2xx makes Razorpay deliver again. */
export async function razorpayWebhook(context: Readonly<RouterContextProvider>, request: Request): Promise<Response> {
  const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  const raw = await request.text();
  if (raw.length > WEBHOOK_MAX_BYTES) return json(413, { error: "Too large" });
  try {
    const result = await waysIn(context).useCases.confirmPayment.confirmByWebhook(raw, request.headers.get("x-razorpay-signature"), request.headers.get("x-razorpay-event-id"));
    return json(200, { status: result.status });
  } catch (error) {
    // Any answer but a 2xx makes Razorpay deliver it again: the one table says which.
    if (error instanceof ShopError) return json(answerFor(error.code).status, { error: error.message });
    log.error("webhook failed; Razorpay will deliver it again", errorFields(error));
    return json(500, { error: "Try again" });
  }
}
