// The one safe-redirect helper: a redirect target from a form or a query string is used
// only when its final, normalised form is a same-origin relative path, else the fallback.
import { safeRedirect } from "remix-utils/safe-redirect";

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
