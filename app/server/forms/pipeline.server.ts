// The one action pipeline (issue 9). A form declares its intents once: name, zod fields,
// what it does and its toast. `defineForm` turns the declaration into the route's action:
// it reads the post, finds the customer (or sends a signed-out shopper to sign in, saving
// what they tapped), parses with zod, runs the intent, and answers in one shape, mapping
// each ShopError code to one kind of answer (app/domain/form-reply.ts). Components get
// the intents' names and fields as types only (app/components/forms.ts), never zod.
import { i18nOf } from "../i18n.server.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { withoutLocale } from "../../domain/i18n/locale.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { answerFor, UNDERSTOOD_NOT, type FormReply, type Refusal, type ShopErrorCode, type Toast } from "../../domain/form-reply.ts";
import { safePath, signInPath } from "../../domain/safe-path.ts";
import { cookies } from "../auth/cookies.server.ts";
import { POST_KEY_FIELD, postKeyOf } from "../../domain/offline-queue.ts";
import { once } from "../idempotency.server.ts";
import { customerOf } from "../auth/session.server.ts";
import { shopOf } from "../context.server.ts";
import { isSpam } from "../security/honeypot.server.ts";
import { ShopError, type Customer } from "../shop/port.server.ts";
import { bindUseCases, readsOf, type Reads, type UseCases } from "../use-cases/index.server.ts";
import { discardUploads, readForm, UnreadableForm } from "./read-form.server.ts";
import { flashReply } from "./reply-flash.server.ts";
import { installFieldMessages } from "../../domain/field-messages.ts";

// A schema without a message of its own says one of the shop's, never zod's English (issue 41 item 8).
installFieldMessages();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod object of form fields
type Fields = z.ZodObject<any>;

export interface RunArgs<V, C> {
  value: V;
  customer: C;
  /** What the form may read; it writes through `useCases` alone (decision 068). */
  reads: Reads;
  useCases: UseCases;
  form: FormData;
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
  /** Where the post came from (a safe `redirectTo`, else the form's page). */
  back: string;
}

export interface Outcome<D = unknown> {
  toast?: Toast | null;
  /** Where a plain post goes next; unset: back where it came from. */
  to?: string;
  /** Whether a fetcher follows `to` as well (default: yes, when `to` leads elsewhere). */
  navigate?: boolean;
  /** Answer on this page with data, even for a plain post (a step of a multi-step form). */
  stay?: boolean;
  data?: D;
  headers?: HeadersInit;
}

/** A refusal an intent decides on itself (a rate limit, wrong credentials): shown on the form. */
export class Refused extends Error {
  readonly status: number;
  readonly field: string | null;
  constructor(message: string, status = 400, field: string | null = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

interface IntentOptions<V> {
  /** Signed out and the intent needs a customer: what to do instead (default: sign in, then back). */
  signedOut?(args: { value: V; form: FormData; back: string }): Outcome | Promise<Outcome>;
  /** Fields never echoed back (passwords, codes). */
  hide?: string[];
  /** The form-level message of a failed parse, when one message should say it all ('Please fill: …'); the customer, when signed in (what they must fill may be theirs). */
  summary?(form: FormData, customer: Customer | null): string | null;
  /** How a ShopError reads to the shopper when it should not be shown as it is, in the page's language. */
  describe?(error: ShopError, i18n: I18n): string;
  /** Shop failures this intent shows on one of its fields instead (a taken e-mail on sign-up: 409 on `email`). */
  onField?: Partial<Record<ShopErrorCode, string>>;
  /** Shop failures this intent says as a toast on another page, where its button is (too many confirmation mails: on My Account). */
  toastOn?: Partial<Record<ShopErrorCode, string>>;
}

export interface IntentSpec<S extends Fields = Fields, C = unknown> extends IntentOptions<z.output<S>> {
  fields: S;
  signedIn: boolean;
  run(args: RunArgs<z.output<S>, C>): Promise<Outcome>;
}

/** An intent only a signed-in customer may send. */
export function intent<S extends Fields>(fields: S, run: (args: RunArgs<z.output<S>, Customer>) => Promise<Outcome>, options: IntentOptions<z.output<S>> = {}): IntentSpec<S, Customer> {
  return { ...options, fields, run, signedIn: true };
}

/** An intent anyone may send (sign-in, contact, newsletter). */
export function openIntent<S extends Fields>(
  fields: S,
  run: (args: RunArgs<z.output<S>, Customer | null>) => Promise<Outcome>,
  options: IntentOptions<z.output<S>> = {},
): IntentSpec<S, Customer | null> {
  return { ...options, fields, run, signedIn: false };
}

export interface FormSpec<I extends Record<string, IntentSpec<Fields, never>>> {
  /** The route that owns the form; the browser posts here. */
  action: string;
  intents: I;
  /** Where to go back to without a `redirectTo` (default: the page posted to). */
  back?: string;
  /** Sent with fetchers: a success answers with data, not a redirect, unless it leads elsewhere. */
  fetcher?: boolean;
  /** Says its answers on the form itself (with JavaScript): no toast beside them. */
  inline?: boolean;
  /** Has the honeypot fields (remix-utils); a bot's post is refused with this message. */
  honeypot?: string;
  /** The message for an intent no declaration has. */
  unknownIntent?: string;
  /** The toast for a signed-out shopper sent to sign in. */
  signInToast?: Toast;
  /**
   * A form that lives in the layout (the footer's newsletter) and has no page of its own:
   * a refused plain post goes back to the page it came from with the reason and what was typed.
   */
  answersBack?: boolean;
  /**
   * A form that takes an upload (a multipart body): what must hold before a byte of it is read
   * (a rate limit, room in a queue), so a refused upload costs nothing (issue 25 item 7). Throws
   * Refused, or returns what to let go of once the body is read.
   */
  beforeUpload?: (args: { useCases: UseCases; context: Readonly<RouterContextProvider> }) => Promise<() => void>;
  /**
   * Its posts may come more than once (a change queued offline and replayed, issue 26): a
   * signed-in post carrying a key (POST_KEY_FIELD) makes its change once, and a repeat gets the
   * first one's outcome (server/idempotency.server.ts); the key is tied to the form's action and the
   * intent, so the same key sent for another is refused. Its outcomes must be plain data (no headers).
   */
  keyed?: boolean;
}

export interface Form<A extends string, I extends Record<string, IntentSpec<Fields, never>>> {
  readonly action: A;
  readonly intents: I;
  /** The route action: `export const action = myForm.run;` */
  run(args: { request: Request; context: Readonly<RouterContextProvider>; url: URL }): Promise<Response | ReturnType<typeof data<FormReply>> | FormReply>;
}

function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").trim().toLowerCase().startsWith("multipart/");
}

/** True for React Router's own fetch (`/path.data`), false for a browser's document POST. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

export function defineForm<const A extends string, const I extends Record<string, IntentSpec<Fields, never>>>(spec: FormSpec<I> & { action: A }): Form<A, I> {
  const names = Object.keys(spec.intents);
  const intentSchema = z.object({ intent: z.enum(names as [string, ...string[]], { error: spec.unknownIntent ?? UNDERSTOOD_NOT }) });

  async function run({ request, context, url }: { request: Request; context: Readonly<RouterContextProvider>; url: URL }) {
    // Nothing of the post can be echoed back: the page answers with the reason alone.
    const unread = (message: string, status: number) => data(refusal(null, message, { status: "error", error: { "": [message] } }), { status });
    let admitted: (() => void) | null = null;
    if (spec.beforeUpload && isMultipart(request)) {
      try {
        admitted = await spec.beforeUpload({ useCases: bindUseCases(shopOf(context)), context });
      } catch (error) {
        if (error instanceof Refused) return unread(error.message, error.status);
        throw error;
      }
    }
    let form: FormData;
    try {
      form = await readForm(request);
    } catch (error) {
      if (!(error instanceof UnreadableForm)) throw error;
      return unread(error.message, error.status);
    } finally {
      admitted?.();
    }
    try {
      return await answerPost(request, context, url, form);
    } finally {
      // An upload's files on disk are the post's alone: gone once it is answered.
      await discardUploads(form);
    }
  }

  async function answerPost(request: Request, context: Readonly<RouterContextProvider>, url: URL, form: FormData) {
    const isData = isDataRequest(request);
    // The page's own path without its language prefix: the router adds it to the redirect (issue 27).
    const back = safePath(form.get("redirectTo"), spec.back ?? withoutLocale(url.pathname));

    const refuse = async (reply: FormReply, status: number) => {
      if (spec.answersBack && !isData) {
        // Only the declared fields go back in the cookie: the rest of the post is not the form's.
        const declared = reply.intent ? (spec.intents[reply.intent] as unknown as IntentSpec | undefined) : undefined;
        const fields = declared ? Object.keys(declared.fields.shape) : [];
        return redirect(back, { status: 303, headers: [["Set-Cookie", await flashReply(action.action, reply, fields)]] });
      }
      return data(reply, { status });
    };

    if (spec.honeypot && (await isSpam(form))) {
      return refuse(refusal(null, spec.honeypot, parseWithZod(form, { schema: z.object({}) }).reply({ formErrors: [spec.honeypot] })), 400);
    }

    // A form with one intent may be posted without naming it.
    if (names.length === 1 && !form.has("intent")) form.set("intent", names[0]!);
    const named = parseWithZod(form, { schema: intentSchema });
    if (named.status !== "success") return refuse(refusal(null, spec.unknownIntent ?? UNDERSTOOD_NOT, named.reply()), 400);
    const name = named.value.intent;
    const declared = spec.intents[name] as unknown as IntentSpec<Fields, Customer | null>;

    const submission = parseWithZod(form, { schema: declared.fields.safeExtend({ intent: z.literal(name) }) });
    if (submission.status !== "success") {
      const summary = declared.summary?.(form, customerOf(context)) ?? null;
      const reply = submission.reply({ hideFields: declared.hide, ...(summary ? { formErrors: [summary] } : {}) });
      return refuse(refusal(name, summary ?? firstError(reply.error), reply), 400);
    }
    const value = submission.value as z.output<Fields>;

    const customer = customerOf(context);
    let outcome: Outcome;
    if (declared.signedIn && !customer) {
      outcome = declared.signedOut ? await declared.signedOut({ value, form, back }) : { to: signInPath(back), toast: spec.signInToast ?? null };
    } else {
      try {
        const shop = shopOf(context);
        const change = () => declared.run({ value, customer, reads: readsOf(shop), useCases: bindUseCases(shop), form, request, context, url, back });
        const key = spec.keyed && customer ? postKeyOf(form.get(POST_KEY_FIELD)) : null;
        outcome = customer && key ? await once(shop, customer, key, `${spec.action} ${name}`, change) : await change();
      } catch (error) {
        if (error instanceof Refused) {
          const reply = submission.reply({ hideFields: declared.hide, ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }) });
          return refuse(refusal(name, error.message, reply), error.status);
        }
        // Not a ShopError: a fault of ours or of a part that is down; the error boundary says so.
        if (!(error instanceof ShopError)) throw error;
        const message = declared.describe?.(error, i18nOf(request)) ?? error.message;
        const toward = declared.toastOn?.[error.code];
        if (toward) return refusedToward(toward, error, message);
        const field = declared.onField?.[error.code];
        if (field) return refuse(refusal(name, message, submission.reply({ hideFields: declared.hide, fieldErrors: { [field]: [message] } })), answerFor(error.code).status);
        const answer = answerFor(error.code);
        if (answer.kind === "refuse") return refuse(refusal(name, message, submission.reply({ hideFields: declared.hide, formErrors: [message] })), answer.status);
        if (isData && spec.fetcher)
          return cookies().toast.dataWithToast({ ...refusal(name, message, submission.reply({ hideFields: declared.hide })), toasted: true }, refusalToast(message));
        return refusedToward(back, error, message);
      }
    }
    return answer(request, name, back, outcome);
  }

  function answer(request: Request, name: string, back: string, outcome: Outcome) {
    const to = outcome.to ?? back;
    const leaves = to !== back && outcome.navigate !== false;
    const reply: FormReply = { ok: true, intent: name, message: outcome.toast?.message ?? null, data: outcome.data ?? null };
    const init = { headers: outcome.headers };
    if (outcome.stay || (isDataRequest(request) && spec.fetcher && !leaves)) {
      return outcome.toast && !spec.inline ? cookies().toast.dataWithToast(reply, outcome.toast, init) : data(reply, init);
    }
    if (outcome.toast) return cookies().toast.redirectWithToast(to, outcome.toast, { status: 303, ...init });
    return redirect(to, { status: 303, ...init });
  }

  const action: Form<A, I> = { action: spec.action, intents: spec.intents, run };
  return action;
}

/** A refusal's toast: the shop's words, as an error. */
function refusalToast(message: string): Toast {
  return { type: "error", message };
}

/**
 * A ShopError where there is no form to refuse on (a browser back from Razorpay, the step after
 * sign-in) or whose code is news rather than bad input: the shopper is sent on to `to` with the
 * shop's words in a toast. The one table (SHOP_ERROR_ANSWERS) decides the rest.
 */
export function refusedToward(to: string, error: ShopError, message = error.message, headers?: HeadersInit): Promise<Response> {
  return cookies().toast.redirectWithToast(to, refusalToast(message), { status: 303, headers });
}

/**
 * A way in with no form to refuse on that does one thing and answers (a GET handing over a file,
 * the step back from a sign-in service): a ShopError sends the shopper on to `to` with the shop's
 * words; anything else is a fault, for the error boundary, unless `otherwise` answers it.
 */
export async function sentOnWhenRefused(
  to: string,
  work: () => Promise<Response>,
  options: { headers?: HeadersInit; otherwise?: (error: unknown) => Response | Promise<Response> } = {},
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShopError) return refusedToward(to, error, error.message, options.headers);
    // A way in that must answer whatever happens (a browser back from a payment) says so itself.
    if (options.otherwise) return options.otherwise(error);
    throw error;
  }
}

function refusal(intent: string | null, error: string, result: Refusal["result"]): FormReply {
  return { ok: false, intent, error, toasted: false, result };
}

function firstError(errors: Record<string, string[] | null> | undefined): string {
  for (const list of Object.values(errors ?? {})) if (list?.[0]) return list[0];
  return UNDERSTOOD_NOT;
}

/** The declaration's intents, as the browser may name them (types only reach the browser). */
export type IntentsOf<F> = F extends Form<string, infer I> ? I : never;
export type ActionOf<F> = F extends Form<infer A, Record<string, IntentSpec<Fields, never>>> ? A : never;
