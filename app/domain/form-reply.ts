// How every form post answers (docs/ARCHITECTURE.md, Progressive enhancement rule 1): one reply
// shape for every form, and one table from a Shop failure to the kind of answer. Pure:
// the server's action pipeline (app/server/forms/) and the browser's forms both read it.
import type { SubmissionResult } from "@conform-to/react";

export type ToastType = "success" | "error" | "info" | "warning";
export type Toast = {
  message: string;
  type: ToastType;
};

/**
 * What an action answers when it does not redirect. `result` is Conform's: the fields as
 * they were typed (passwords hidden) and the errors by field, so a refused form keeps
 * what the shopper typed with and without JavaScript.
 */
export type FormReply<D = unknown> =
  | { ok: true; intent: string; message: string | null; data: D }
  | {
      ok: false;
      intent: string | null;
      /** The message to show: the first error. */
      error: string;
      /** True when the answer also set a toast, so the page must not raise a second one. */
      toasted: boolean;
      result: SubmissionResult<string[]>;
    };

export type Refusal = Extract<FormReply, { ok: false }>;

export type ShopErrorCode = "not_found" | "invalid" | "conflict" | "unavailable" | "too_many";

export type Answer = { kind: "refuse"; status: 400 | 404 | 429 } | { kind: "toast"; status: 409 | 503 };

/**
 * A Shop failure, by its code: bad input is refused on the same page with a 400; what is
 * not there (or not the shopper's) is a 404 on the same page; a conflict (stock, a coupon
 * that no longer applies, an order already cancelled) and a part that is down are news
 * for the shopper: a toast on the page they were on. Anything else is not a ShopError
 * and goes to the error boundary. Too many attempts (a rate limit) is refused on the form
 * with a 429. `status` is also what the JSON API and Razorpay's webhook answer: this is the
 * one table (issue 24).
 */
export const SHOP_ERROR_ANSWERS: Readonly<Record<ShopErrorCode, Answer>> = {
  invalid: { kind: "refuse", status: 400 },
  not_found: { kind: "refuse", status: 404 },
  conflict: { kind: "toast", status: 409 },
  unavailable: { kind: "toast", status: 503 },
  too_many: { kind: "refuse", status: 429 },
};

export function answerFor(code: ShopErrorCode): Answer {
  return SHOP_ERROR_ANSWERS[code];
}

/** The refusal in an action's answer, if it is one (fetcher data or a route's actionData). */
export function refusalOf(reply: unknown): Refusal | null {
  if (typeof reply !== "object" || reply === null) return null;
  const r = reply as Partial<Refusal>;
  return r.ok === false && typeof r.error === "string" ? (r as Refusal) : null;
}

/** The value a refused form had in `name`, to put back in a field that Conform does not manage. */
export function typedValue(reply: unknown, name: string): string | undefined {
  const value = refusalOf(reply)?.result.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

export const UNDERSTOOD_NOT = "That request could not be understood.";
