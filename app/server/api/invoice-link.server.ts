// The invoice link the API gives (Specification: Transaction calls: invoice_url, opened in a new tab): the app
// has a bearer token, the browser tab it opens has no cookie, so the link carries its own
// proof. An HMAC of the order, its customer and an expiry, keyed by the cookie secret.
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieSecret } from "../security/secret.server.ts";
import { appEnv } from "../env.server.ts";

export const INVOICE_LINK_LIFETIME_MS = 10 * 60 * 1000;

function mac(orderId: number, customerId: number, expires: number): string {
  return createHmac("sha256", `invoice-link:${cookieSecret(appEnv())}`)
    .update(`${orderId}.${customerId}.${expires}`)
    .digest("base64url");
}

/** `/orders/{id}/invoice?key=…` (or one of its documents: `credit-notes/{note}`), good for INVOICE_LINK_LIFETIME_MS. */
export function invoiceLink(orderId: number, customerId: number, now = Date.now(), document = "invoice"): string {
  const expires = now + INVOICE_LINK_LIFETIME_MS;
  return `/orders/${orderId}/${document}?key=${customerId}.${expires}.${mac(orderId, customerId, expires)}`;
}

/** The customer id a link's key was made for, when it is this order's, genuine and not expired; else null. */
export function invoiceKeyCustomer(orderId: number, key: string | null, now = Date.now()): number | null {
  const m = /^(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(key ?? "");
  if (!m) return null;
  const [customerId, expires] = [Number(m[1]), Number(m[2])];
  if (expires < now) return null;
  const want = Buffer.from(mac(orderId, customerId, expires));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && timingSafeEqual(want, got) ? customerId : null;
}
