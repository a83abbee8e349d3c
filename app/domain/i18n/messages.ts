// Formats the shop's ICU messages (decision 052): the server and the browser format with this
// same function, so a page hydrates to exactly what the server sent, and the browser carries no
// i18n runtime. What the shop's messages use, and no more (every byte is on every page): text,
// {name}, and plural with =N cases and '#'. Lingui checks every message when `npm run i18n`
// compiles the catalogues; the catalogue test runs every message of both languages through this
// and through Lingui's own i18n._, and refuses any other ICU form.
import { INTL_LOCALE, type Locale } from "./locale.ts";

/** A language's messages: the English text (the id) to the language's ICU message. */
export type Catalogue = Record<string, string>;
export type MessageValues = Record<string, string | number | null | undefined>;

/** What says things in a language: pages (useI18n), the server (i18nOf) and the mails it composes. */
export interface I18n {
  readonly locale: Locale;
  /** A message by its English text, in the language. */
  _(id: string, values?: MessageValues): string;
  /** Dates and times in the language (Hindi month and day names in Hindi). */
  date(value: Date | string | number, options: Intl.DateTimeFormatOptions): string;
}

const plurals = new Map<Locale, Intl.PluralRules>();
const numbers = new Map<Locale, Intl.NumberFormat>();

/** Which case of a plural a number takes ('=0' first), and the number as '#' shows it. */
function pluralOf(locale: Locale, n: number): { exact: string; category: string; shown: string } {
  let rules = plurals.get(locale);
  if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(INTL_LOCALE[locale])));
  let grouping = numbers.get(locale);
  if (!grouping) numbers.set(locale, (grouping = new Intl.NumberFormat(INTL_LOCALE[locale])));
  return { exact: String(n), category: rules.select(n), shown: grouping.format(n) };
}

/** One message with its values, in a language: `{count, plural, =0 {…} one {# item} other {# items}}` with {name}s. */
export function formatMessage(locale: Locale, text: string, values: MessageValues = {}): string {
  let at = 0;
  const read = (count: string | null): string => {
    let out = "";
    while (at < text.length && text[at] !== "}") {
      const c = text[at++]!;
      if (c !== "{") {
        out += c === "#" && count !== null ? count : c;
        continue;
      }
      const head = /^\s*(\w+)\s*(,\s*plural\s*,)?\s*/.exec(text.slice(at))!;
      at += head[0].length;
      if (!head[2]) {
        at++;
        out += values[head[1]!] ?? "";
        continue;
      }
      const { exact, category, shown } = pluralOf(locale, Number(values[head[1]!]));
      const cases: Record<string, string> = {};
      while (at < text.length && text[at] !== "}") {
        const key = /^\s*=?(\w+)\s*\{/.exec(text.slice(at))!;
        at += key[0].length;
        cases[key[0].includes("=") ? `=${key[1]}` : key[1]!] = read(shown);
        at++;
        at += /^\s*/.exec(text.slice(at))![0].length;
      }
      at++;
      out += cases[`=${exact}`] ?? cases[category] ?? cases.other ?? "";
    }
    return out;
  };
  return read(null);
}

/**
 * {name} placeholders only: how an English message reads when its id is its text. The domain
 * says its messages with values this way (`say("Welcome, {name}!", { name })`), and the page
 * translates the English text it is handed by finding the message it was said from (below).
 */
export function say(text: string, values?: MessageValues): string {
  if (!values || !text.includes("{")) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name] ?? "") : whole));
}

/**
 * How a language reads English it is handed that is not one of its message ids (English said with
 * values, messages said one after another): app/domain/i18n/recognise.ts, which only the
 * server and Hindi pages load (English pages never need it).
 */
export type Recognise = (format: typeof formatMessage, locale: Locale, catalogue: Catalogue, text: string) => string | null;

/**
 * The translation of a message (its id is its English text) in a catalogue. Handed English text
 * that was said with values, the message it was said from, with those values, when the language
 * can recognise it. Anything else (a product's name, a message from the ERP) is shown as it came.
 */
export function translate(locale: Locale, catalogue: Catalogue, id: string, values?: MessageValues, recognise?: Recognise): string {
  const message = Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
  if (message !== undefined) return formatMessage(locale, message, values);
  if (values === undefined && recognise) return recognise(formatMessage, locale, catalogue, id) ?? id;
  // English: the message is its own text; a plain one is filled in without reading it through.
  return values && /\{\w+\s*,\s*plural\s*,/.test(id) ? formatMessage(locale, id, values) : say(id, values);
}
