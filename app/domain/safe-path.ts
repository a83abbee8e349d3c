// The one safe-redirect helper: a redirect target from a form or a query string is used
// only when its final, normalised form is a same-origin relative path, else the fallback.
import { safeRedirect } from "remix-utils/safe-redirect";
import { withoutLocale } from "./i18n/locale.ts";

const PROBE_ORIGIN = "http://haat.invalid";

export function safePath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" becomes "//evil") and treat
  // a backslash as a slash: refuse both outright before the usual checks.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const checked = safeRedirect(to, "");
  if (!checked) return fallback;
  try {
    const url = new URL(checked, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    // Normalising can itself make a path another site's ("/.//evil" and "/%2e//evil" become
    // "//evil"): the form that is sent is the one checked.
    const final = url.pathname + url.search + url.hash;
    if (!final.startsWith("/") || final.startsWith("//") || new URL(final, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
    return final;
  } catch {
    return fallback;
  }
}

/** The sign-in page that comes back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  return `/signin?return_to=${encodeURIComponent(safePath(returnTo, "/post-auth"))}`;
}

/** Pages nobody is sent back to after signing up: the sign-in pages themselves. */
const SIGN_IN_PAGES = /^\/(signin|signup|forgot-password|post-auth|signout)(\/|$)/;

/**
 * Where signing up comes back to (issue 41): the link's return_to when it named one; else the
 * page the shopper came from, read from the Referer when it is one of this shop's `origins` (from
 * a sign-in page, the return_to that page carried), without its language prefix; else the home
 * page. Not /post-auth: with no item waiting, that ends on an empty cart.
 */
export function signUpReturnTo(returnTo: string | null, referer: string | null, origins: readonly string[]): string {
  if (returnTo !== null) return safePath(returnTo, "/");
  let from: URL;
  try {
    from = new URL(referer ?? "");
  } catch {
    return "/";
  }
  if (!origins.includes(from.origin)) return "/";
  const path = withoutLocale(from.pathname);
  if (SIGN_IN_PAGES.test(path)) return safePath(from.searchParams.get("return_to"), "/");
  return safePath(path + from.search, "/");
}
