// Speaking the specifications' calls to the brand's ERP (issue 17, decision 043): JSON POSTs
// with a `{params}` envelope, answers unwrapped from `result`, a timeout on every call,
// retries of idempotent reads, and a circuit breaker so a down ERP costs a request no more
// than a moment. Failures become ShopErrors with the ERP's own words (the rule of Specification: Browsing failure messages:
// the body's error, else its message, else 'HTTP {status}'); an ERP that cannot be reached
// is 'Something went wrong' ("unavailable"), never a stack trace on a page.
import { outsideTransaction } from "../../db/transaction-scope.server.ts";
import { errorFields, log } from "../../log.server.ts";
import { ShopError } from "../port.server.ts";
import { outsideCall } from "../../telemetry/trace.server.ts";

export const ERP_DOWN = "Something went wrong";

export interface ErpOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Tries of an idempotent read after the first (default 2). */
  retries?: number;
  /** Consecutive failures that open the breaker (default 5), and how long it stays open. */
  breakerThreshold?: number;
  breakerOpenMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A refusal of the bearer token (401): the caller refreshes it and tries once more. */
export class ErpUnauthorized extends Error {}

export interface ErpCallOptions {
  token?: string | null;
  /** A read that changes nothing: retried on a network failure, a timeout, a 5xx or an answer that is not JSON. */
  idempotent?: boolean;
}

export interface ErpClient {
  readonly baseUrl: string;
  call<T = Record<string, unknown>>(path: string, params?: Record<string, unknown>, options?: ErpCallOptions): Promise<T>;
  /** Whether the breaker is open (the ERP failed just now, repeatedly). */
  readonly open: boolean;
}

const STATUS_CODES: Record<number, ShopError["code"]> = { 400: "invalid", 403: "invalid", 404: "not_found", 409: "conflict", 413: "invalid", 422: "invalid" };

/** Specification: Browsing failure messages: the body's error field, else its message, else 'HTTP {status}'. */
export function errorMessageOf(status: number, body: unknown): string {
  const b = body as { error?: unknown; message?: unknown; result?: { error?: unknown } } | null;
  const candidates = [b?.error, b?.result?.error, b?.message];
  for (const c of candidates) {
    if (typeof c === "string" && c.trim()) return c.trim().slice(0, 300);
    if (c && typeof c === "object" && typeof (c as { message?: unknown }).message === "string") return (c as { message: string }).message.slice(0, 300);
  }
  return `HTTP ${status}`;
}

class Transient extends Error {}

/**
 * A product image as the ERP names it, as a browser can load it (Specification: Transaction calls, voice call
 * 4): an absolute URL stays; a path is on the ERP's origin; none is the ERP's own
 * `/web/image` of the variant at 128 px.
 */
export function erpImage(baseUrl: string, src: string | null | undefined, variantId: number | null): string | null {
  if (src && /^https?:\/\//.test(src)) return src;
  if (src && src.startsWith("/")) return `${baseUrl}${src}`;
  return variantId ? `${baseUrl}/web/image?model=product.product&id=${variantId}&field=image_128` : null;
}

export function createErpClient(options: ErpOptions): ErpClient {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const retries = options.retries ?? 2;
  const threshold = options.breakerThreshold ?? 5;
  const openMs = options.breakerOpenMs ?? 10_000;
  let failures = 0;
  let openUntil = 0;

  // Each try a span (issue 47), named by the path with its numbers taken out.
  const once = (path: string, params: Record<string, unknown>, token: string | null | undefined) =>
    outsideCall("erp", path.split("?")[0]!.replace(/\d+/g, "{n}"), () => onceUntraced(path, params, token));

  async function onceUntraced(path: string, params: Record<string, unknown>, token: string | null | undefined): Promise<unknown> {
    outsideTransaction("The ERP");
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", ...(token && { Authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ jsonrpc: "2.0", method: "call", params }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new Transient((error as Error).message);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The time ran out, or the connection broke, in the middle of the answer.
      throw new Transient((error as Error).message);
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (response.status >= 500) throw new Transient(`HTTP ${response.status}`);
    // The ERP is up and says "not so fast" (its own limits): its words, never counted as an outage.
    if (response.status === 429) throw new ShopError("conflict", errorMessageOf(429, body));
    if (response.status === 401) throw new ErpUnauthorized(errorMessageOf(401, body));
    if (!response.ok) throw new ShopError(STATUS_CODES[response.status] ?? "invalid", errorMessageOf(response.status, body));
    // A 200 that is not a JSON object (a proxy's page, an empty body) is no answer at all.
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new Transient(`HTTP ${response.status}: not a JSON object`);
    const result = "result" in body ? (body as { result: unknown }).result : body;
    // JSON-RPC puts a refusal in `error` with a 200.
    if ("error" in body && !("result" in body)) throw new ShopError("invalid", errorMessageOf(200, body));
    if (result && typeof result === "object" && (result as { success?: unknown }).success === false) throw new ShopError("invalid", errorMessageOf(200, result));
    if (result === null || result === undefined || typeof result !== "object") throw new Transient(`HTTP ${response.status}: no result`);
    return result;
  }

  return {
    baseUrl: options.baseUrl,
    get open() {
      return now() < openUntil;
    },
    async call<T>(path: string, params: Record<string, unknown> = {}, callOptions: ErpCallOptions = {}): Promise<T> {
      if (now() < openUntil) throw new ShopError("unavailable", ERP_DOWN);
      const tries = callOptions.idempotent ? 1 + retries : 1;
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await once(path, params, callOptions.token);
          failures = 0;
          return result as T;
        } catch (error) {
          if (!(error instanceof Transient)) {
            // The ERP answered: it is up, whatever it said.
            failures = 0;
            throw error;
          }
          if (attempt < tries) {
            await new Promise((r) => setTimeout(r, 100 * 3 ** (attempt - 1)));
            continue;
          }
          failures++;
          if (failures >= threshold) {
            openUntil = now() + openMs;
            log.warn("erp unreachable: breaker open", { path, failures, openMs });
          } else log.warn("erp call failed", { path, ...errorFields(error) });
          throw new ShopError("unavailable", ERP_DOWN);
        }
      }
    },
  };
}
