// The one safe-redirect helper: a redirect target from a form or a query string is used
// only when it is a same-origin relative path, else the fallback.
import { safeRedirect } from "remix-utils/safe-redirect";

const PROBE_ORIGIN = "http://haat.invalid";

export function safePath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" becomes "//evil") and treat
  // a backslash as a slash: refuse both outright before the usual checks.
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const checked = safeRedirect(to, "");
  if (!checked) return fallback;
  try {
    const url = new URL(checked, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page that comes back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  return `/signin?return_to=${encodeURIComponent(safePath(returnTo, "/post-auth"))}`;
}
