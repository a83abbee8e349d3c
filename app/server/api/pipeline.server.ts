// The JSON API's one pipeline (issue 17, decision 042): every call of the table in
// calls.server.ts goes through `answerCall`. It reads the envelope (`{ params }`, or JSON-RPC
// 2.0's), finds the customer by the bearer token (never by a cookie, so a cross-site post can
// act for nobody), checks `clerk_id` against them, counts the call's rate limit, parses the
// params with the call's zod schema, and answers in the one shape the specifications' callers
// read: `{ jsonrpc, id, result }`, or on failure an HTTP status with `success: false` and
// `error` (also inside `result`, where the wishlist's callers look for it).
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { API_MESSAGES, apiEnvelope } from "../../domain/api.ts";
import { answerFor } from "../../domain/form-reply.ts";
import { FORM_BODY_LIMIT, jsonInBounds } from "../../domain/body-limits.ts";
import { installFieldMessages } from "../../domain/field-messages.ts";

// A schema without a message of its own says one of the shop's, never zod's English (issue 41 item 8).
installFieldMessages();
import { clerkEnabled, clerkServer } from "../auth/clerk.server.ts";
import { clientAddressOf, shopOf } from "../context.server.ts";
import { appEnv } from "../env.server.ts";
import { errorFields, log } from "../log.server.ts";
import { hitLimit, type RateLimitName } from "../security/rate-limits.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";
import { readsOf, bindUseCases, type Reads, type UseCases } from "../use-cases/index.server.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../unavailable.server.ts";

export interface CallArgs<P, C = Customer> {
  params: P;
  /** The customer of the bearer token (always set for `auth: "bearer"`). */
  customer: C;
  /** What the call may read; it writes through `useCases` alone (decision 068). */
  reads: Reads;
  useCases: UseCases;
  /** `{id}` of the call's path. */
  path: Record<string, string>;
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export interface ApiCall<S extends z.ZodType = z.ZodType> {
  summary: string;
  /** "bearer": a valid token is required; "optional": read when sent; "none": never read. */
  auth: "bearer" | "optional" | "none";
  params: S;
  /** The result's shape, for the OpenAPI document. */
  result?: z.ZodType;
  /** Counted per client address before the call runs; `message` is the 429's. */
  limit?: { name: RateLimitName; message: string };
  run(args: CallArgs<z.output<S>, Customer | null>): Promise<unknown>;
}

/** Declares a call; the customer is non-null in `run` when the call needs a token. */
export function call<S extends z.ZodType>(c: Omit<ApiCall<S>, "run" | "auth"> & { auth: "bearer"; run(args: CallArgs<z.output<S>>): Promise<unknown> }): ApiCall<S>;
export function call<S extends z.ZodType>(c: ApiCall<S> & { auth: "optional" | "none" }): ApiCall<S>;
export function call<S extends z.ZodType>(c: ApiCall<S>): ApiCall<S> {
  // answerCall refuses a "bearer" call without a customer before `run`.
  return c;
}

/** A refusal with its HTTP status (401, 403, 429…), said as the error. */
export class ApiRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Id = string | number | null;

function answer(status: number, body: unknown, extra?: HeadersInit): Response {
  const headers = new Headers(extra);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}

export function failure(status: number, message: string, id: Id = null, extra?: HeadersInit): Response {
  return answer(status, { jsonrpc: "2.0", id, success: false, error: message, result: { success: false, error: message } }, extra);
}

/** CORS: the request's origin when API_CORS_ORIGINS allows it; browsers without it cannot read the answer. */
export function corsHeaders(request: Request): Headers {
  const headers = new Headers({ Vary: "Origin" });
  const origin = request.headers.get("origin");
  if (origin && appEnv().API_CORS_ORIGINS?.includes(origin)) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
    headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    headers.set("Access-Control-Max-Age", "600");
  }
  return headers;
}

/** The preflight's answer: 204 with the allowance, or without it for an origin not on the list. */
export function preflight(request: Request): Response {
  return new Response(null, { status: 204, headers: corsHeaders(request) });
}

function bearerOf(request: Request): string | null {
  const m = /^Bearer\s+(\S{1,4096})\s*$/i.exec(request.headers.get("authorization") ?? "");
  return m ? m[1]! : null;
}

/** Who the token is (and the id `clerk_id` must equal), or null when none was sent; ApiRefusal 401 when it is not valid. */
async function authenticate(shop: Shop, token: string | null): Promise<{ customer: Customer; subject: string } | null> {
  if (!token) return null;
  if (clerkEnabled()) {
    const env = appEnv();
    const { verifyToken, createClerkClient } = await clerkServer();
    // Networkless with CLERK_JWT_KEY: the session JWT's signature and times are checked here.
    const claims = await verifyToken(token, { jwtKey: env.CLERK_JWT_KEY, secretKey: env.CLERK_SECRET_KEY }).catch(() => null);
    if (!claims?.sub) throw new ApiRefusal(401, API_MESSAGES.badToken);
    const sessionId = typeof claims.sid === "string" ? claims.sid : null;
    let customer = await shop.accounts.clerkCustomer(claims.sub, sessionId);
    if (!customer) {
      // First call of a Clerk user Haat has not seen: linked as /auth/clerk links them, once.
      const user = await createClerkClient({ secretKey: env.CLERK_SECRET_KEY, apiUrl: env.CLERK_API_URL })
        .users.getUser(claims.sub)
        .catch((error: unknown) => {
          log.warn("clerk unreachable: a new user's e-mail could not be read", errorFields(error));
          throw new ShopError("unavailable", API_MESSAGES.error);
        });
      const primary = user.emailAddresses.find((e) => e.id === user.primaryEmailAddressId);
      const email = primary?.verification?.status === "verified" ? primary.emailAddress : null;
      const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username || "";
      // Without a verified e-mail the use case refuses ("invalid"): the one table answers it.
      customer = await bindUseCases(shop).clerkSignIn.linkClerkUser({ clerkUserId: user.id, email, name, sessionId });
    }
    return { customer, subject: claims.sub };
  }
  const customer = await shop.tokens.resume(token);
  if (!customer) throw new ApiRefusal(401, API_MESSAGES.badToken);
  return { customer, subject: String(customer.id) };
}

/** application/json, with or without parameters (charset=utf-8). */
function declaresJson(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > FORM_BODY_LIMIT) throw new ApiRefusal(413, API_MESSAGES.tooLarge);
  const text = await request.text();
  if (text.length > FORM_BODY_LIMIT) throw new ApiRefusal(413, API_MESSAGES.tooLarge);
  // Some calls are sent with an empty body (Specification: Transaction calls: cancel).
  if (!text.trim()) return {};
  // A body is JSON only when it says so: a page on another site can post text/plain or a form
  // without asking (a CORS 'simple' request), but not application/json (issue 25).
  if (!declaresJson(request)) throw new ApiRefusal(415, API_MESSAGES.jsonOnly);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiRefusal(400, API_MESSAGES.notJson);
  }
  // The forms' bound on names, lists and nesting holds for a JSON body too (issue 41 item 1).
  if (!jsonInBounds(body)) throw new ApiRefusal(400, API_MESSAGES.outOfBounds);
  return body;
}

/** Runs one call for one request: every answer, success or failure, is JSON. */
export async function answerCall(c: ApiCall, path: Record<string, string>, request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const cors = corsHeaders(request);
  let id: Id = null;
  try {
    const body = await readBody(request);
    const envelope = apiEnvelope.safeParse(body);
    if (!envelope.success || typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiRefusal(400, API_MESSAGES.notAnObject);
    id = envelope.data.id ?? null;
    const shop = shopOf(context);
    const who = c.auth === "none" ? null : await authenticate(shop, bearerOf(request));
    if (c.auth === "bearer" && !who) throw new ApiRefusal(401, API_MESSAGES.signIn);
    const raw = envelope.data.params ?? {};
    // clerk_id names who the app thinks is signed in: it must be the token's customer. A call
    // that reads no token (the catalogue, the newsletter) acts for nobody, so it is not asked.
    if (who && raw.clerk_id !== undefined && raw.clerk_id !== null && raw.clerk_id !== "" && String(raw.clerk_id) !== who.subject) throw new ApiRefusal(403, API_MESSAGES.notYours);
    const parsed = c.params.safeParse(raw);
    if (!parsed.success) throw new ApiRefusal(400, parsed.error.issues[0]?.message ?? API_MESSAGES.notAnObject);
    if (c.limit && !(await hitLimit(shop, c.limit.name, clientAddressOf(context))).allowed) throw new ApiRefusal(429, c.limit.message);
    const result = await c.run({ params: parsed.data, customer: who?.customer ?? null, reads: readsOf(shop), useCases: bindUseCases(shop), path, request, context });
    return answer(200, { jsonrpc: "2.0", id, result }, cors);
  } catch (error) {
    if (error instanceof ApiRefusal) {
      const extra = new Headers(cors);
      if (error.status === 401) extra.set("WWW-Authenticate", 'Bearer error="invalid_token"');
      return failure(error.status, error.message, id, extra);
    }
    if (error instanceof ShopError) return failure(answerFor(error.code).status, error.message, id, cors);
    if (isDatabaseUnavailable(error)) {
      // As the pages do: a lost database is 'try again shortly', not a fault.
      const extra = new Headers(cors);
      extra.set("Retry-After", String(RETRY_AFTER_SECONDS));
      return failure(503, UNAVAILABLE_MESSAGE, id, extra);
    }
    log.error("api call failed", { path: new URL(request.url).pathname, ...errorFields(error) });
    return failure(500, API_MESSAGES.error, id, cors);
  }
}
