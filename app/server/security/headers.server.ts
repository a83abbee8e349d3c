// The security headers of every response (docs/ARCHITECTURE.md, Security rules; issue 10 point 6).
// Pages get a Content-Security-Policy with a nonce made for that response: React Router's
// inline scripts carry it (ServerRouter passes it to Scripts, Links and ScrollRestoration),
// and nothing else inline may run. Everything that is not a page gets a policy that allows
// nothing. Origins a later feature needs (the payment provider's script and frame) come from
// the CSP_* variables, never from loosening the policy here.
import { randomBytes } from "node:crypto";
import { mapConfig, tileOrigin } from "../geo/geocoder.server.ts";
import { imageStoreFor } from "../images/store.server.ts";
import type { Env } from "../env.server.ts";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Clerk's hosted sign-in loads its script from its Frontend API (named in the publishable key). */
function clerkSources(env: Env): { script: string[]; connect: string[]; img: string[]; frame: string[] } | null {
  if (env.AUTH_PROVIDER !== "clerk" || !env.CLERK_PUBLISHABLE_KEY) return null;
  let host: string;
  try {
    host = Buffer.from(env.CLERK_PUBLISHABLE_KEY.replace(/^pk_(test|live)_/, ""), "base64")
      .toString("utf8")
      .replace(/\$$/, "");
    if (!/^[a-z0-9.-]+(:\d+)?$/i.test(host)) return null;
  } catch {
    return null;
  }
  const fapi = `https://${host}`;
  const turnstile = "https://challenges.cloudflare.com";
  return { script: [fapi, turnstile], connect: [fapi], img: ["https://img.clerk.com"], frame: [turnstile] };
}

/**
 * Razorpay, when its keys are set: Standard Checkout's script, the frame it opens from the
 * API's origin, and where a payment link's redirect lands (Chrome applies form-action to a
 * form's redirects). Razorpay's own hosts are added for the real service; a stand-in
 * (RAZORPAY_API_BASE, RAZORPAY_CHECKOUT_JS) adds its own origins instead.
 */
function razorpaySources(env: Env): { script: string[]; connect: string[]; img: string[]; frame: string[]; form: string[] } | null {
  if (!env.razorpay) return null;
  const api = env.razorpay.apiBase;
  const checkout = new URL(env.razorpay.checkoutJs).origin;
  const real = api === "https://api.razorpay.com" ? ["https://*.razorpay.com", "https://rzp.io"] : [];
  const unique = (...sources: string[]) => [...new Set(sources)];
  return {
    script: unique(checkout, ...real.slice(0, 1)),
    connect: unique(api, checkout, ...real.slice(0, 1)),
    img: unique(checkout, ...real.slice(0, 1)),
    frame: unique(api, checkout, ...real.slice(0, 1)),
    form: unique(api, checkout, ...real),
  };
}

/** The policy of an HTML page rendered with `nonce`. */
export function pagePolicy(nonce: string, env: Env): string {
  const clerk = clerkSources(env);
  const razorpay = razorpaySources(env);
  // The address map's tiles (issue 15), only when the map is set up.
  const map = mapConfig(env);
  const mapTiles = map ? [tileOrigin(map.tiles)] : undefined;
  // Product photos read from a bucket or a CDN (IMAGE_STORE_URL, IMAGE_PUBLIC_URL; decision 041).
  const media = imageStoreFor(env).origin;
  // With SHOP_BACKEND=erp product images are the ERP's (decision 043).
  const erp = env.SHOP_BACKEND === "erp" && env.ERP_URL ? [new URL(env.ERP_URL).origin] : undefined;
  const list = (...sources: (string[] | undefined)[]) => sources.flatMap((s) => s ?? []).join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${list(clerk?.script, razorpay?.script, env.CSP_SCRIPT_SRC)}`,
    // React writes style attributes (a toast's duration); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${list(clerk?.img, razorpay?.img, env.CSP_IMG_SRC, mapTiles, media ? [media] : undefined, erp)}`,
    "font-src 'self'",
    `connect-src 'self' ${list(clerk?.connect, razorpay?.connect, env.CSP_CONNECT_SRC)}`,
    `frame-src ${list(clerk?.frame, razorpay?.frame, env.CSP_FRAME_SRC) || "'none'"}`,
    "worker-src 'self' blob:",
    `media-src 'self' blob: ${list(env.CSP_MEDIA_SRC)}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${list(razorpay?.form, env.CSP_FORM_ACTION)}`,
    "frame-ancestors 'none'",
  ];
  return directives.map((d) => d.trim()).join("; ");
}

/** The policy of everything else (files, JSON, plain-text answers): nothing may load, nobody may frame it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The service worker's script: it fetches the shop's own pages, scripts and pictures, and nothing else. */
export const WORKER_POLICY = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Geolocation (the address picker) and the microphone (voice ordering) for the shop itself; the rest off (passkeys keep their default, the shop itself). */
export const PERMISSIONS_POLICY = [
  "geolocation=(self)",
  "microphone=(self)",
  "camera=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "hid=()",
  "midi=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "display-capture=()",
  "screen-wake-lock=()",
  "browsing-topics=()",
].join(", ");

/**
 * The headers every response carries, whatever answers it. `overHttps`: the request came over
 * HTTPS, directly or through a proxy TRUST_PROXY trusts to say so (X-Forwarded-Proto).
 */
export function commonSecurityHeaders(env: Env, overHttps: boolean): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["X-Frame-Options", "DENY"],
  ];
  // Secure cookies mean the shop is meant to be reached over HTTPS: browsers then keep to it.
  // Sent only over HTTPS (RFC 6797 §7.2): over plain HTTP a browser must ignore it anyway.
  if (env.cookieSecure && overHttps) headers.push(["Strict-Transport-Security", "max-age=31536000"]);
  return headers;
}
