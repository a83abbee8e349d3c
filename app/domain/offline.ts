// What the service worker keeps for a shop that works offline (issue 26, decision 049), as
// rules on URLs and times, with no browser API, so they are unit-tested here and the worker
// (app/sw/sw.ts) only wires them to Serwist.
import { LOCALES, localeOfPath, pathIn, withoutLocale } from "./i18n/locale.ts";
import type { I18n } from "./i18n/messages.ts";
import { i18nFor } from "./i18n/registry.ts";

/** The caches the worker keeps. Named here so the page (sign-out) and the worker agree. */
export const CACHES = {
  /** Catalogue pages and their `.data` loads, as last seen: network first. */
  pages: "haat-pages",
  /** Pictures of the catalogue. */
  images: "haat-images",
  /** Hashed scripts and styles: a name is its content, kept until the next version's worker. */
  assets: "haat-assets",
  /** The shop's own offline page, fetched signed out at install. */
  offline: "haat-offline",
} as const;

export const OFFLINE_PATH = "/offline";

/** The offline page in the language of the page that could not be brought (issue 27). */
export function offlinePathFor(pathname: string): string {
  return pathIn(localeOfPath(pathname), OFFLINE_PATH);
}

/** Every language's offline page: the worker keeps each at install. */
export const OFFLINE_PATHS = LOCALES.map((locale) => pathIn(locale, OFFLINE_PATH));

/** A path as the rules below read it: without its language prefix (/hi's pages are the same pages). */
function bare(pathname: string): string {
  return pathname === "/hi.data" ? "/_.data" : withoutLocale(pathname);
}
/** How long the network has before a kept copy answers instead. */
export const NETWORK_TIMEOUT_SECONDS = 3;
/** How many pages and pictures are kept, and for how long (the oldest go first). */
export const KEPT_PAGES = { maxEntries: 80, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;
export const KEPT_IMAGES = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
/** The header a kept page's copy carries: when it was kept (ISO time). */
export const KEPT_AT_HEADER = "x-haat-kept-at";

/** The catalogue's pages: the same for everyone but the header, kept to open offline. */
const CATALOGUE = [
  /^\/$/,
  /^\/_\.data$/,
  /^\/(products|shopretail)(\.data)?$/,
  /^\/product\/[^/]+(\.data)?$/,
  /^\/blog(\/[^/]+)?(\.data)?$/,
  /^\/(aboutus|contact|testimonial|landingpage|marketplace|artisanalcafe|streetfoodgully)(\.data)?$/,
  /^\/(PrivacyPolicy|termsandconditions|cancellationandrefundpolicy|shippinganddelivery)(\.data)?$/,
  // React Router's lazy route discovery: which routes a link leads to (no personal data).
  /^\/__manifest$/,
];

export type PageKind = "catalogue" | "other";

/** Whether a GET of this same-origin path is a catalogue page (kept) or anything else (never kept: personal pages, staff, the API). */
export function pageKind(pathname: string): PageKind {
  const path = bare(pathname);
  return CATALOGUE.some((re) => re.test(path)) ? "catalogue" : "other";
}

/** Pictures worth keeping: the catalogue's drawings and photos. */
export function isCatalogueImage(pathname: string): boolean {
  return /^\/(images|media)\//.test(pathname);
}

/**
 * What the server says on every answer that changes who is signed in at this browser: a session
 * started, ended or found stale (the session middleware, the one place that sees every session
 * cookie an answer sets). The worker then drops the kept pages (their header shows the last
 * person's name and cart) and the changes still queued (they were that person's).
 */
export const SIGNED_IN_CHANGED_HEADER = "Haat-Signed-In-Changed";

/**
 * The routes that sign someone in or out (issue 41 item 4), in one list: the session middleware
 * warns of an answer that changes who is signed in from a route not on it, and the worker reads
 * it only for an answer whose headers it cannot see (a navigation's redirect is opaque to it).
 */
export const SIGNS_IN_OR_OUT = ["/signin", "/signup", "/signout", "/post-auth", "/signin/mobile", "/myaccount/mobile", "/verify-email", "/auth/clerk", "/myaccount/privacy"] as const;

/** The route a path of a sign-in or sign-out names, or null (`/hi/signin/mobile.data` is `/signin/mobile`). */
export function signsInOrOut(pathname: string): boolean {
  const route =
    bare(pathname)
      .replace(/\.data$/, "")
      .replace(/\/$/, "") || "/";
  return (SIGNS_IN_OR_OUT as readonly string[]).includes(route);
}

/** Whether an answer changed who is signed in: it says so, or, unreadable, it answered a sign-in or sign-out route. */
export function changesWhoIsSignedIn(pathname: string, answer: { headers: Headers; type: string }): boolean {
  if (answer.headers.get(SIGNED_IN_CHANGED_HEADER)) return true;
  return answer.type === "opaqueredirect" && signsInOrOut(pathname);
}

/** The line above a kept copy of a page, in the page's language (`i18n`; English by default). */
export function keptLine(keptAt: Date, now: Date = new Date(), i18n: I18n = i18nFor("en")): string {
  const time = i18n.date(keptAt, { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });
  const dayOf = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(d);
  const sameDay = dayOf(keptAt) === dayOf(now);
  const day = sameDay ? i18n._("today") : i18n.date(keptAt, { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });
  return i18n._("Offline: showing the page as you last saw it ({day}, {time}).", { day, time });
}

export const OFFLINE_MESSAGES = {
  title: /*i18n*/ "You are offline",
  intro: /*i18n*/ "Haat cannot reach the internet just now, and this page was not kept on your phone.",
  stillWorks: /*i18n*/ "Pages you have opened before still open, as you last saw them.",
  tryAgain: /*i18n*/ "Try again",
  update: /*i18n*/ "A new version of Haat is ready.",
  reload: /*i18n*/ "Reload",
} as const;

/**
 * Whether an error is a fetch that got no answer (offline, or the answer lost), by the words
 * each browser uses: Chrome 'Failed to fetch', Firefox 'NetworkError when attempting to fetch
 * resource.', Safari 'Load failed'. Any other TypeError is a fault, not the network.
 */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network connection was lost/i.test(error.message);
}
