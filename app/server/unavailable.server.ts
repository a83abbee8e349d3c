// A database that cannot be reached fails the request, never the process (docs/ARCHITECTURE.md,
// Security rules; issue 10 point 1). The Shop the routes get is wrapped once at start:
// a connection error from any of its calls becomes a 503 "please try again" page, and
// the pool replaces the dead connection on the next call.
import { data } from "react-router";
import { errorFields, log } from "./log.server.ts";
import type { Shop } from "./shop/port.server.ts";

// PostgreSQL's connection and shutdown classes (08, 57P01-57P03, 53300 too many connections),
// Node's socket errors, and node-postgres's own words for a dropped or unusable connection.
const PG_CODES = /^(08\d{3}|57P0[1-3]|53300)$/;
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const PG_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/** Whether `error` (or what it wraps: Drizzle wraps the driver's error as its cause) is a lost or refused connection. */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (PG_CODES.test(code) || NODE_CODES.has(code))) return true;
    if (PG_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export const UNAVAILABLE_MESSAGE = "The shop cannot reach its database just now. Please try again in a moment.";
/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

const answered = new WeakSet<object>();

/** The answer for a request whose database call found no connection: the error boundary shows it. */
function unavailable(error: unknown): never {
  log.warn("database unreachable: answered 503", errorFields(error));
  const answer = data(UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable", headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
  answered.add(answer);
  throw answer;
}

/** Whether a failure is the database out of reach (the guarded Shop's 503, or the driver's own error): answered 503, to retry, never 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (typeof error === "object" && error !== null && answered.has(error)) || isConnectionError(error);
}

function guard<T extends object>(target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          try {
            const result = value.apply(obj, args);
            return result instanceof Promise ? result.catch((error: unknown) => (isConnectionError(error) ? unavailable(error) : Promise.reject(error))) : result;
          } catch (error) {
            if (isConnectionError(error)) unavailable(error);
            throw error;
          }
        };
      }
      return value;
    },
  });
}

/** The Shop with every port's calls guarded; `healthy` and `close` answer as they are. */
export function withUnavailablePage(shop: Shop): Shop {
  const guarded = { ...shop } as Shop;
  for (const key of Object.keys(shop) as (keyof Shop)[]) {
    const port = shop[key];
    if (port && typeof port === "object") (guarded as unknown as Record<string, unknown>)[key] = guard(port);
  }
  return guarded;
}
