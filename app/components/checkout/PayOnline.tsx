// Paying by UPI or card on Review Order (issue 12). Without JavaScript, Confirm Order and
// 'Pay now' post to the server, which redirects to Razorpay's hosted payment link. With
// JavaScript the same forms ask for Standard Checkout's options instead and open its modal;
// checkout.js is loaded only here, only then. A browser that blocks the modal falls back to
// the payment link. Razorpay's answer goes to the server as a form post, to be verified there.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useFetcher, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { FormReply } from "../../domain/form-reply.ts";
import { formatRupees } from "../../domain/money.ts";
import { minutesLeft, PAYMENT_MESSAGES, type CheckoutOptions, type Instrument } from "../../domain/payment.ts";
import { reviewOrder, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { methodText, place, withElements } from "../orders/order-text.tsx";

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const CALLBACK_ACTION = "/payments/razorpay/callback";

function loadScript(src: string): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error("checkout.js defined no Razorpay"));
    };
    script.onerror = () => reject(new Error("checkout.js did not load"));
    document.head.appendChild(script);
  });
}

/** Posts Razorpay's three fields to the server as a document navigation, as Razorpay's own redirect would. */
function postToCallback(fields: Record<string, string>) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = CALLBACK_ACTION;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * A form that starts paying (Confirm Order, or 'Pay now'): a plain post without JavaScript
 * (to the payment link), and the modal with it.
 */
export function PayForm({
  intent,
  fields,
  children,
  className,
  disabled,
}: {
  intent: "place" | "pay";
  fields: Record<string, string | number>;
  children?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const fetcher = useFetcher<FormReply>({ key: `pay-${intent}` });
  // A refusal the server did not toast (Confirm Order offline: not placed) is said here.
  useRefusalToast(fetcher);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);
  const opened = useRef<string | null>(null);
  const started = fetcher.data?.ok ? (fetcher.data.data as { checkout?: CheckoutOptions; order?: number } | null) : null;
  const checkout = started?.checkout ?? null;
  const orderId = started?.order ?? 0;

  useEffect(() => {
    if (!checkout || opened.current === checkout.orderId) return;
    opened.current = checkout.orderId;
    let done = false;
    loadScript(checkout.script).then(
      (Razorpay) => {
        const rzp = new Razorpay({
          key: checkout.key,
          order_id: checkout.orderId,
          amount: checkout.amount,
          currency: checkout.currency,
          name: checkout.name,
          description: checkout.description,
          prefill: checkout.prefill,
          timeout: checkout.timeout,
          handler(response: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) {
            done = true;
            postToCallback({
              razorpay_payment_id: response.razorpay_payment_id,
              razorpay_order_id: response.razorpay_order_id,
              razorpay_signature: response.razorpay_signature,
            });
          },
          modal: {
            ondismiss() {
              if (done) return;
              opened.current = null;
              // Closing the modal gives up this payment: the hold ends and the cart is as it was.
              submit({ intent: "cancel-payment", order: String(orderId) }, { method: "post", action: reviewOrder.action });
            },
          },
        });
        rzp.on("payment.failed", (response) => setProblem(response.error?.description ?? PAYMENT_MESSAGES.wentWrong));
        rzp.open();
      },
      () => {
        // The modal cannot open here (blocked, or offline): Razorpay's hosted page instead.
        opened.current = null;
        submit({ intent: "pay", order: String(orderId), via: "link" }, { method: "post", action: reviewOrder.action });
      },
    );
  }, [checkout, orderId, submit]);

  const busy = fetcher.state !== "idle";
  const i18n = useI18n();
  return (
    <>
      <fetcher.Form method="post" action={reviewOrder.action} className={className}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="via" value={hydrated ? "modal" : "link"} />
        {children}
        <button
          type="submit"
          disabled={disabled || busy}
          className="mt-4 w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? i18n._("Placing Order...") : intent === "place" ? i18n._("Confirm Order") : i18n._("Pay now")}
        </button>
      </fetcher.Form>
      {/* Razorpay's own words as they come; ours in the page's language. */}
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {i18n._(problem)}
        </p>
      )}
    </>
  );
}

/** An order waiting for its payment: pay now (again), or give up. */
export function PendingPayment({
  pending,
  now,
}: {
  pending: { orderId: number; amountPaise: number; instrument: Instrument | null; expiresAt: string; lastFailure: string | null };
  now: string;
}) {
  const left = minutesLeft(new Date(pending.expiresAt), new Date(now));
  const i18n = useI18n();
  // No number yet: an order takes its number when it is paid for (decision 065).
  const values = { amount: place("amount") };
  const waiting = pending.instrument
    ? i18n._("Your order is waiting for your payment of {amount} by {method}.", { ...values, method: methodText(i18n, pending.instrument) })
    : i18n._("Your order is waiting for your payment of {amount}.", values);
  return (
    <section aria-labelledby="pending-title" className="mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h1 id="pending-title" className="text-xl font-semibold">
        {i18n._("Complete your payment")}
      </h1>
      <p className="mt-2 text-stone-800">
        {withElements(waiting, { amount: <strong>{formatRupees(pending.amountPaise)}</strong> })}{" "}
        {i18n._("{count, plural, one {Its items are kept for you for # more minute.} other {Its items are kept for you for # more minutes.}}", { count: left })}
      </p>
      <p className="mt-2 text-sm text-stone-700">{i18n._(PAYMENT_MESSAGES.stillWaiting)}</p>
      {pending.lastFailure && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {i18n._("Last attempt: {reason}", { reason: i18n._(pending.lastFailure) })}
        </p>
      )}
      <PayForm intent="pay" fields={{ [reviewOrder.field("pay", "order")]: pending.orderId }} />
      <Form method="post" action={reviewOrder.action} className="mt-3">
        <input type="hidden" {...reviewOrder.intent("cancel-payment")} />
        <input type="hidden" name={reviewOrder.field("cancel-payment", "order")} value={pending.orderId} />
        <button type="submit" className="w-full rounded-md border border-stone-400 px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100">
          {i18n._("Cancel payment")}
        </button>
      </Form>
    </section>
  );
}
