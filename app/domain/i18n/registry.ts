// Each language's compiled messages, and the I18n that says things with them (decision 052).
// English has none (every English message is its own id, plurals read from it); the server
// registers Hindi at start, the browser before it hydrates a Hindi page.
import { INTL_LOCALE, type Locale } from "./locale.ts";
import { translate, type Catalogue, type I18n, type Recognise } from "./messages.ts";

const catalogues: Partial<Record<Locale, Catalogue>> = {};
const recognisers: Partial<Record<Locale, Recognise>> = {};
const made = new Map<Locale, I18n>();

/** A language's messages, and how it reads English said with values (app/domain/i18n/recognise.ts). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue, recognise?: Recognise): void {
  catalogues[locale] = catalogue;
  if (recognise) recognisers[locale] = recognise;
  made.delete(locale);
}

// The pages use a handful of date formats: one formatter each, per locale.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    if (dateFormats.size > 100) dateFormats.clear();
    dateFormats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALE[locale], options)));
  }
  return format;
}

export function i18nFor(locale: Locale): I18n {
  let i18n = made.get(locale);
  if (i18n) return i18n;
  const catalogue = catalogues[locale] ?? {};
  const recognise = recognisers[locale];
  i18n = {
    locale,
    _: (id, values) => translate(locale, catalogue, id, values, recognise),
    // Making a formatter costs far more than using one (Review Order says nine slots' days).
    date: (value, options) => dateFormat(locale, options).format(new Date(value)),
  };
  made.set(locale, i18n);
  return i18n;
}
