// The request's language (issue 27, decision 052): Hindi under /hi, English elsewhere. The
// server holds both catalogues; a shopper's choice is a plain cookie (and their account's
// language, which sign-in copies into it).
import { recogniseEnglish } from "../domain/i18n/recognise.ts";
import { createContext, redirectDocument, type MiddlewareFunction, type RouterContextProvider, type ServerBuild } from "react-router";
import { i18nFor, registerCatalogue } from "../domain/i18n/registry.ts";
import type { I18n } from "../domain/i18n/messages.ts";
import { BASENAME, isLocale, localeOfAcceptLanguage, localeOfPath, LOCALE_COOKIE, pathIn, withoutLocale, type Locale } from "../domain/i18n/locale.ts";
import type { Catalogue } from "../domain/i18n/messages.ts";
import hindi from "../locales/hi.json" with { type: "json" };
import { plainCookie, plainCookieHeader } from "./auth/cookies.server.ts";
import { signedInOf } from "./auth/session.server.ts";
import { waysIn } from "./ways-in.server.ts";
import { notingCatalogue, registerSlicedCatalogue } from "./message-slice.server.ts";
import type { Customer } from "./shop/port.server.ts";

// The server notes which messages each page's render looks up, and the page carries those
// (server/message-slice.server.ts).
registerCatalogue("hi", notingCatalogue(hindi as unknown as Catalogue), recogniseEnglish);
registerSlicedCatalogue("hi", hindi as unknown as Catalogue);

/** Where a Hindi page's script fetches the same messages (a fingerprinted asset). */
export { default as HINDI_CATALOGUE_URL } from "../locales/hi.json?url&no-inline";
/** The Hindi page's reader (vite.config.ts, hindiReader): its chunk's URL in the browser's build, for the page to preload. */
export { default as HINDI_READER_URL } from "virtual:hindi-reader";

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

export function localeOf(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** The request's language, for server code that has the context and not the request (set by the root middleware). */
export const localeContext = createContext<Locale>("en");

export function localeIn(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** The request's messages: what actions, mails and toasts say things with. */
export function i18nOf(request: Request): I18n {
  return i18nFor(localeOf(request));
}

/** The language the shopper chose (the switch, or their account at sign-in), if any. */
export function chosenLocale(request: Request): Locale | null {
  const value = plainCookie(request, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

export function localeCookie(locale: Locale): string {
  return plainCookieHeader(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
}

/** The switch: the cookie that keeps the choice, and the signed-in customer's account keeps it too. */
export async function keepLanguage(context: Readonly<RouterContextProvider>, locale: Locale): Promise<string> {
  const signedIn = signedInOf(context);
  if (signedIn) await waysIn(context).useCases.account.setLanguage(signedIn.customer, locale);
  return localeCookie(locale);
}

/** At sign-in: the language the account chose, for this browser too (none when it never chose). */
export function accountLanguageCookies(customer: Customer): [string, string][] {
  return customer.language ? [["Set-Cookie", localeCookie(customer.language)]] : [];
}

/** Paths that are pages a shopper reads: not files, feeds, the API or the staff's side. */
function isShopperPage(pathname: string): boolean {
  return !/^\/(api|webhooks|payments|staff|assets|images|media|auth|language|lite|post-auth|signout|reviews)(\/|$)|\.(txt|xml|webmanifest|csv|pdf|mp3)$/.test(pathname);
}

/**
 * Root middleware: an English page asked for by a shopper who chose Hindi is sent to its Hindi
 * address; so is a first visit (no cookie at all) from a browser that prefers Hindi to English,
 * once, with the cookie that remembers it. A Hindi address is always answered in Hindi: it is
 * what was linked to, and its header's switch is one tap away.
 */
export const languageMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(localeContext, localeOf(request));
  if (request.method !== "GET") return next();
  const url = new URL(request.url);
  if (localeOfPath(url.pathname) !== "en") return next();
  // As React Router reads a data request's path ('/_.data' is the home page's).
  const page = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  if (!isShopperPage(page)) return next();
  const chosen = chosenLocale(request);
  if (chosen === "hi") throw redirectDocument(pathIn("hi", page + searchWithoutData(url)), { status: 303, headers: { "Cache-Control": "no-store" } });
  if (!chosen && !request.headers.has("Cookie") && localeOfAcceptLanguage(request.headers.get("Accept-Language")) === "hi") {
    throw redirectDocument(pathIn("hi", page + searchWithoutData(url)), { status: 303, headers: { "Set-Cookie": localeCookie("hi"), "Cache-Control": "no-store" } });
  }
  return next();
};

/**
 * The staff's side is English (decision 052): its Hindi address is its English one. After the
 * staff's guard (routes/staff.tsx), so to anyone else a Hindi /staff address is a 404 like the rest.
 */
export const staffInEnglish: MiddlewareFunction<Response> = ({ request }, next) => {
  const url = new URL(request.url);
  if (request.method === "GET" && localeOfPath(url.pathname) === "hi") throw redirectDocument(withoutLocale(url.pathname.replace(/\.data$/, "")) + searchWithoutData(url), 303);
  return next();
};

function searchWithoutData(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return search ? `?${search}` : "";
}

const hindiBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The build that serves a path: the app itself, or for /hi the same app with basename /hi. */
export function languageBuilds(build: ServerBuild, pathname: string): ServerBuild {
  if (localeOfPath(pathname) === "en") return build;
  let hindi = hindiBuilds.get(build);
  if (!hindi) hindiBuilds.set(build, (hindi = { ...build, basename: BASENAME.hi }));
  return hindi;
}
