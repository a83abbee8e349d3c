// Every state-changing request must come from Haat's own pages (docs/ARCHITECTURE.md, Security
// rules). Browsers send Sec-Fetch-Site and Origin with every POST; a request with
// neither is not a browser's, and cannot carry a shopper's cookies across sites.
import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestFacts {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

export function isCrossSiteWrite(r: RequestFacts): boolean {
  if (SAFE_METHODS.has(r.method.toUpperCase())) return false;
  // Sec-Fetch-Site, where the browser sends it, is the browser's own verdict; Origin can be
  // "null" for a same-origin form on a page with a strict referrer policy.
  if (r.secFetchSite) return r.secFetchSite !== "same-origin" && r.secFetchSite !== "none";
  if (r.origin !== undefined) {
    if (r.origin === "null") return true;
    try {
      return new URL(r.origin).host !== r.host;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Paths a payment provider posts to from its own site. Each verifies the provider's
 * signature instead and matches the post to an order by the ids Haat stored, never by the
 * session (docs/ARCHITECTURE.md, Security rules; app/server/payments/returns.server.ts). Exact pathnames.
 */
export const SAME_ORIGIN_EXEMPT_PATHS: ReadonlySet<string> = new Set<string>(["/payments/razorpay/callback", "/webhooks/razorpay", "/orders/audio"]);

/**
 * The JSON API (issue 17) and the voice order call: they read no cookie, only a bearer token,
 * so a post from another site can act for nobody; browsers on the allowed origins
 * (API_CORS_ORIGINS) may call them.
 */
function isJsonCall(pathname: string): boolean {
  return pathname.startsWith("/api/");
}

export const CROSS_SITE_REFUSAL = "Forbidden: this form must be sent from the shop's own pages.";

/** The rule both guards apply: a cross-site write, unless its path is exempt. */
export function refusesCrossSiteWrite(r: RequestFacts, pathname: string, exempt: ReadonlySet<string> = SAME_ORIGIN_EXEMPT_PATHS): boolean {
  return isCrossSiteWrite(r) && !exempt.has(pathname) && !isJsonCall(pathname);
}

/** The facts isCrossSiteWrite needs, read from a Fetch API request. */
export function requestFacts(request: Request): RequestFacts {
  const header = (name: string) => request.headers.get(name) ?? undefined;
  return { method: request.method, host: header("host") ?? new URL(request.url).host, origin: header("origin"), secFetchSite: header("sec-fetch-site") };
}

/** 403 for a state-changing request sent from another site. */
export function crossSiteRefusal(): Response {
  return new Response(CROSS_SITE_REFUSAL, { status: 403, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * First in app/root.tsx's middleware: a cross-site POST is refused before any other
 * middleware, loader or action runs (nothing reads the session or the Shop for it), under
 * whatever server runs the build. server.ts keeps an Express guard with the same rule.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (refusesCrossSiteWrite(requestFacts(request), new URL(request.url).pathname)) return crossSiteRefusal();
  return next();
};
