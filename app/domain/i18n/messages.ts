// Reads Lingui's compiled messages (decision 052): the server and the browser format with this
// same function, so a page hydrates to exactly what the server sent, and the browser carries no
// i18n runtime. What the shop's messages use, and no more (every byte is on every page): text,
// {name}, and plural with =N cases and '#'. The catalogue test runs every message of both
// catalogues through this and through Lingui's own i18n._, and refuses any other ICU form.
import { INTL_LOCALE, type Locale } from "./locale.ts";

export type CompiledMessage = string | CompiledToken[];
export type CompiledToken = string | [name: string] | [name: string, type: "plural", cases: Record<string, CompiledMessage>];
export type Catalogue = Record<string, CompiledMessage>;
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

/** One compiled message with its values, in a language. */
export function formatMessage(locale: Locale, message: CompiledMessage, values: MessageValues = {}): string {
  const run = (tokens: CompiledMessage | undefined, count: string | null): string => {
    if (tokens === undefined || typeof tokens === "string") return tokens ?? "";
    let out = "";
    for (const token of tokens) {
      if (typeof token === "string") out += token === "#" && count !== null ? count : token;
      else if (token.length === 1) out += values[token[0]] ?? "";
      else {
        const cases = token[2];
        const n = Number(values[token[0]]);
        let rules = plurals.get(locale);
        if (!rules) plurals.set(locale, (rules = new Intl.PluralRules(INTL_LOCALE[locale])));
        let grouping = numbers.get(locale);
        if (!grouping) numbers.set(locale, (grouping = new Intl.NumberFormat(INTL_LOCALE[locale])));
        out += run(Object.hasOwn(cases, String(n)) ? cases[String(n)] : (cases[rules.select(n)] ?? cases.other), grouping.format(n));
      }
    }
    return out;
  };
  return run(message, null);
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
  const compiled = Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
  if (compiled !== undefined) return formatMessage(locale, compiled, values);
  if (values === undefined && recognise) return recognise(formatMessage, locale, catalogue, id) ?? id;
  return say(id, values);
}
