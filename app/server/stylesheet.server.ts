// The stylesheet for a repeat visitor (issue 43): a first visit has it in the page (no request
// stands before the first paint on a slow phone), and asks for the file once the page has loaded
// (a prefetch, components/stylesheet.tsx). The file's answer carries a cookie naming it; a page
// asked with that cookie links the file, which the browser has, instead of carrying its 42 kB.
// A new build names a new file, so an old cookie no longer matches and the page carries it again.
import path from "node:path";
import appCss from "../app.css?url";
import { cookieName, plainCookie, plainCookieHeader } from "./auth/cookies.server.ts";

export const STYLESHEET_COOKIE = "haat_css";
const STYLESHEET_NAME = path.posix.basename(appCss);
/** As long as the file is cached (a year, immutable). */
const STYLESHEET_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Whether the browser said it has this build's stylesheet file. */
export function hasStylesheet(request: Request): boolean {
  return plainCookie(request, STYLESHEET_COOKIE) === STYLESHEET_NAME;
}

/** The Set-Cookie for an answer that sends the stylesheet file at `urlPath`; null for any other path. */
export function stylesheetCookieFor(urlPath: string): string | null {
  return urlPath === appCss ? plainCookieHeader(STYLESHEET_COOKIE, STYLESHEET_NAME, STYLESHEET_COOKIE_MAX_AGE) : null;
}

/** The Cookie header a page rendered for this request may depend on: the stylesheet's, when the browser has it; else none. */
export function stylesheetCookieOf(request: Request): string | null {
  return hasStylesheet(request) ? `${cookieName(STYLESHEET_COOKIE)}=${STYLESHEET_NAME}` : null;
}

/** Whether a request's cookies are the stylesheet's alone: its page is everyone's, in the linked form. */
export function onlyStylesheetCookie(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  return cookie !== null && cookie.trim() === stylesheetCookieOf(request);
}
