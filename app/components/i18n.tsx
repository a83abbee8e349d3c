// The page's language for every component (issue 27, decision 052). `i18n._("Add to Cart")`
// is how a component says a message: Lingui's extractor finds these calls (the object must be
// named `i18n`), the English text is the id, and the Hindi catalogue gives its translation.
// English pages carry only the English messages that are more than their text (plurals); the
// Hindi catalogue comes to the browser only on Hindi pages (entry.client.tsx).
import { createContext, useContext } from "react";
import { ENGLISH_PLURALS } from "../locales/en.ts";
import { INTL_LOCALE, type Locale } from "../domain/i18n/locale.ts";
import { translate, type Catalogue, type MessageValues } from "../domain/i18n/messages.ts";

export interface I18n {
  readonly locale: Locale;
  /** A message by its English text, in the page's language. */
  _(id: string, values?: MessageValues): string;
  /** Dates and times in the page's language (Hindi month and day names on Hindi pages). */
  date(value: Date | string | number, options: Intl.DateTimeFormatOptions): string;
}

const catalogues: Partial<Record<Locale, Catalogue>> = { en: ENGLISH_PLURALS };

/** Hands a language's compiled messages to the page (the server at start, the browser before hydrating). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
  made.delete(locale);
}

export function hasCatalogue(locale: Locale): boolean {
  return catalogues[locale] !== undefined;
}

const made = new Map<Locale, I18n>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function i18nFor(locale: Locale): I18n {
  let i18n = made.get(locale);
  if (i18n) return i18n;
  const catalogue = catalogues[locale] ?? {};
  i18n = {
    locale,
    _: (id, values) => translate(locale, catalogue, id, values),
    date(value, options) {
      const key = `${locale}${JSON.stringify(options)}`;
      let f = dateFormats.get(key);
      if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], options)));
      return f.format(value instanceof Date ? value : new Date(value));
    },
  };
  made.set(locale, i18n);
  return i18n;
}

const I18nContext = createContext<Locale>("en");

export function I18nProvider({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return <I18nContext value={locale}>{children}</I18nContext>;
}

/** The page's language and its messages. */
export function useI18n(): I18n {
  return i18nFor(useContext(I18nContext));
}
