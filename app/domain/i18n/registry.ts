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
  generation++;
  for (const listener of listeners) listener();
}

// A Hindi page hydrates with the messages it carries, then registers the whole catalogue (issue
// 43): the page says again what it says (components/i18n.tsx), for what it first showed once
// hydrated (the search box's suggestions, a toast) may use messages beyond those it carried.
let generation = 0;
const listeners = new Set<() => void>();
/** How many times messages were registered: what the page's messages last changed with. */
export function catalogueGeneration(): number {
  return generation;
}
/** Calls `listener` whenever a language's messages are registered; gives back how to stop. */
export function onCatalogueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The pages use a handful of date formats: one formatter each, per locale.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    if (dateFormats.size > 100) dateFormats.clear();
    dateFormats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALE[locale], dateOptionsIn(locale, options))));
  }
  return format;
}

// dateStyle and timeStyle as their parts, so a time can take its period of the day.
const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  full: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  long: { day: "numeric", month: "long", year: "numeric" },
  medium: { day: "numeric", month: "short", year: "numeric" },
  short: { day: "numeric", month: "numeric", year: "2-digit" },
};

/**
 * How a language tells the time (issue 41 item 12, decision 067). hi-IN's own 12-hour clock says
 * '11:16 pm', in Latin letters. A Hindi reader says the part of the day: 'रात 11:16', 'सुबह 7:05',
 * 'दोपहर 1:16', 'शाम 5:30', which `dayPeriod` gives (and which cannot go with timeStyle, so a Hindi
 * time style is said as its parts). English keeps en-IN's '11:16 pm'. A format that chose its
 * clock (hourCycle, hour12) is left as it is.
 */
export function dateOptionsIn(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  if (locale !== "hi" || options.hourCycle || options.hour12 !== undefined || options.dayPeriod) return options;
  const { dateStyle, timeStyle, ...rest } = options;
  const timed = timeStyle
    ? { ...rest, ...(dateStyle ? DATE_STYLES[dateStyle] : {}), hour: "numeric" as const, minute: "2-digit" as const, ...(timeStyle === "short" ? {} : { second: "2-digit" as const }) }
    : options;
  return timed.hour ? { ...timed, dayPeriod: "short" } : options;
}

export function i18nFor(locale: Locale): I18n {
  let i18n = made.get(locale);
  if (i18n) return i18n;
  // The messages as registered when a message is said, not when the I18n was made: a Hindi page
  // hydrates with the messages it carries, then registers the whole catalogue (issue 43), and
  // what it says after that is said with them. The I18n stays the same object, so nothing
  // renders again for it: a re-render reaching a part of the page still waiting for its code
  // (Review Order's address form) would replace the server's form, and what was typed in it.
  i18n = {
    locale,
    _: (id, values) => translate(locale, catalogues[locale] ?? {}, id, values, recognisers[locale]),
    // Making a formatter costs far more than using one (Review Order says nine slots' days).
    date: (value, options) => dateFormat(locale, options).format(new Date(value)),
  };
  made.set(locale, i18n);
  return i18n;
}
