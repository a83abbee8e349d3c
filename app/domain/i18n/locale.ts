// The shop's two languages (issue 27, decision 052). English is the default and lives at the
// root; Hindi lives under /hi, served by the same routes with React Router's basename set to
// /hi, so every link, form and redirect of a Hindi page stays in Hindi without naming it.

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's path prefix: React Router's basename for its pages. */
export const BASENAME: Record<Locale, string> = { en: "/", hi: "/hi" };
/**
 * `<html lang>`, hreflang, and what `Intl` formats with: Indian digit grouping, Latin digits in
 * both (decision 052).
 */
export const HTML_LANG: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };
export const INTL_LOCALE = HTML_LANG;
/** The switch's labels, each in its own script. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: "English", hi: "हिन्दी" };
/** The shopper's choice, kept a year. */
export const LOCALE_COOKIE = "haat_lang";

/** The class of the scripts that carry a page's own messages (server/message-slice.server.ts), read before it hydrates. */
export const MESSAGE_SLICE_CLASS = "haat-messages";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language a path is in: /hi and below are Hindi, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/hi" || pathname.startsWith("/hi/") ? "hi" : "en";
}

/** The language of a page from its router's basename ("/hi" on Hindi pages). */
export function localeOfBasename(basename: string | undefined | null): Locale {
  return localeOfPath(basename ?? "/");
}

/** A path without its language prefix: what the routes see. */
export function withoutLocale(path: string): string {
  if (localeOfPath(path.split(/[?#]/)[0]!) === "en") return path;
  const rest = path.slice(3);
  // `/hi//evil.example` must not become `//evil.example`, another site's address (issue 41 item 3).
  return rest.startsWith("/") ? rest.replace(/^[/\\]+/, "/") : `/${rest}`;
}

/** The same page in another language: `/products?q=dal` in Hindi is `/hi/products?q=dal`. */
export function pathIn(locale: Locale, path: string): string {
  const bare = withoutLocale(path);
  if (locale === "en") return bare;
  return bare === "/" ? BASENAME[locale] : bare.startsWith("/?") || bare.startsWith("/#") ? `${BASENAME[locale]}${bare.slice(1)}` : `${BASENAME[locale]}${bare}`;
}

/**
 * The language an Accept-Language header prefers between ours, or null when it names neither.
 * Only Hindi ranked above English counts as asking for Hindi.
 */
export function localeOfAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number.parseFloat(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? "1");
    if (!(q > 0)) continue;
    const primary = tag.split("-")[0];
    if (!isLocale(primary)) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/** hreflang links to the page in each language, and English as the default (a page's `meta`). */
export function languageAlternates(origin: string, path: string) {
  return [
    ...LOCALES.map((locale) => ({ tagName: "link", rel: "alternate", hrefLang: HTML_LANG[locale], href: origin + pathIn(locale, path) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: origin + pathIn("en", path) },
  ];
}
