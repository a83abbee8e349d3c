// What server.ts does around React Router for every request (issue 10 points 1, 6, 7, 10):
// the request id, the log line, the security headers, the host check, the 503 Shop and the
// message for a database that cannot be reached at start. server.ts takes it from the build
// (as `edge`, through app/entry.server.tsx), so there is one copy of each module.
import { metrics } from "./metrics/metrics.server.ts";
import { timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Env } from "./env.server.ts";
import { errorFields, log } from "./log.server.ts";
import type { RequestStats } from "./request-scope.server.ts";
import { startRequestSpan, traceFields, type RequestSpan } from "./telemetry/trace.server.ts";

export { configureLog, errorFields, log } from "./log.server.ts";
export { commonSecurityHeaders, RESOURCE_POLICY, WORKER_POLICY } from "./security/headers.server.ts";
export { withUnavailablePage } from "./unavailable.server.ts";
export { chooseKeptEncoding, keptEncodingsUnder } from "./precompressed.server.ts";
export { stylesheetCookieFor } from "./stylesheet.server.ts";
export { metrics, metricsText } from "./metrics/metrics.server.ts";
export { exposeShopMetrics } from "./metrics/shop-metrics.server.ts";

/** A load balancer's id is kept when it is a sane token; otherwise the request gets a new one. */
export function requestIdOf(header: string | undefined): string {
  return header && /^[A-Za-z0-9._:-]{8,128}$/.test(header) ? header : crypto.randomUUID();
}

/** One JSON line per request: what happened, to which route, how long it took (499: the client went away first). */
export function logRequest(r: { requestId: string; method: string; path: string; status: number; ms: number; route?: string | null; stats?: RequestStats; span?: RequestSpan | null }) {
  const route = metricRoute(r.route ?? null, r.path);
  const line = {
    ...(r.span && traceFields(r.span.span)),
    requestId: r.requestId,
    method: r.method,
    path: r.path,
    route: r.route ?? null,
    status: r.status,
    durationMs: Math.round(r.ms * 10) / 10,
    ...(r.stats && { queries: r.stats.queries, renderMs: r.stats.renderMs === null ? null : Math.round(r.stats.renderMs * 10) / 10 }),
  };
  if (r.status >= 500) log.error("request", line);
  else log.info("request", line);
  metrics.request(route, r.method, r.status, r.ms / 1000);
  r.span?.end(route, r.status);
}

/** Probes, the scraper, the build's files, photos and public/'s folders: untraced, they would bury the pages' traces. */
const UNTRACED = /^\/(?:healthz|readyz|metrics|favicon\.ico|sw\.js)$|^\/(?:assets|media|images|icons|videos)\//;

/**
 * A request's trace span when tracing is on (issue 47). Every page, form, data request (`.data`)
 * and file a route makes (a CSV, an invoice) has one; `trustCaller` (TRUST_PROXY is set) lets it
 * continue the caller's traceparent.
 */
export function requestSpan(method: string, path: string, headers: Record<string, string | string[] | undefined>, trustCaller: boolean): RequestSpan | null {
  return UNTRACED.test(path) ? null : startRequestSpan(method, headers, trustCaller);
}

/** The route a request is counted under: React Router's pattern, else what answered before it; never the raw path (unbounded). */
export function metricRoute(route: string | null, path: string): string {
  if (route) return route;
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return path;
  if (path.startsWith("/assets/") || path.startsWith("/media/") || namesAFile(path)) return "static";
  return "other";
}

/** Runs `fn` just before the response's headers are written, whoever writes them. */
export function beforeHeaders(res: ServerResponse, fn: () => void) {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!done) {
      done = true;
      fn();
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Whether a path could name a public file: its last segment has a dot (favicon.ico, sw.js); a page's never does. */
export function namesAFile(path: string): boolean {
  return path.slice(path.lastIndexOf("/") + 1).includes(".");
}

export const WRONG_HOST = "Misdirected request: this server does not answer for that host name. Set PUBLIC_ORIGIN or ALLOWED_HOSTS if it should.";

/** Whether a request's Host header names this shop (PUBLIC_ORIGIN's host, ALLOWED_HOSTS, or this machine without PUBLIC_ORIGIN). */
export function isAllowedHost(host: string | undefined, env: Pick<Env, "allowedHosts">): boolean {
  if (!host) return false;
  const name = host.toLowerCase();
  // A default port may be written out or left out, on either side.
  const bare = name.replace(/:(80|443)$/, "");
  return env.allowedHosts.has(name) || env.allowedHosts.has(bare) || env.allowedHosts.has(`${bare}:80`) || env.allowedHosts.has(`${bare}:443`);
}

/** What a deployer reads when the database cannot be opened at start: which host and port, and what to change. */
export function databaseStartupMessage(error: unknown, databaseUrl: string | undefined): string {
  const fields = errorFields(error);
  const reason = [fields.cause, fields.error].filter(Boolean).join(": ");
  if (!databaseUrl) return `Could not open the embedded database: ${reason}`;
  let where = "the server in DATABASE_URL";
  try {
    const url = new URL(databaseUrl);
    where = `PostgreSQL at ${url.hostname}:${url.port || "5432"} (database ${url.pathname.slice(1) || "(default)"}, user ${decodeURIComponent(url.username) || "(default)"})`;
  } catch {
    // The configuration check has already refused a URL that does not parse.
  }
  const text = `${fields.error ?? ""} ${fields.cause ?? ""} ${fields.code ?? ""} ${String((error as { cause?: { code?: string } })?.cause?.code ?? "")}`;
  const hint = /ECONNREFUSED/.test(text)
    ? "Nothing is listening there: start PostgreSQL, or correct the host and port in DATABASE_URL."
    : /ENOTFOUND|EAI_AGAIN/.test(text)
      ? "That host name does not resolve: correct the host in DATABASE_URL."
      : /ETIMEDOUT|timeout/i.test(text)
        ? "The server did not answer in time: check the host, the port and any firewall between this machine and the database."
        : /password authentication|28P01|28000/.test(text)
          ? "The database refused the user or password: correct them in DATABASE_URL."
          : /3D000|does not exist/.test(text)
            ? "That database does not exist: create it (createdb) or correct its name in DATABASE_URL."
            : "Check DATABASE_URL and that the database is running and reachable from this machine.";
  return `Could not open the database: ${where} could not be used (${reason}). ${hint}`;
}

/** Whether an Authorization header carries the bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
