// Reads Lingui's compiled messages (decision 052): the server and the browser format with this
// same function, so a page hydrates to exactly what the server sent, and the browser carries no
// i18n runtime. Supported: text, {name}, plural (with =N and offset), selectordinal, select and
// '#'. A unit test runs every catalogue entry through this and through Lingui's own i18n._.
import { INTL_LOCALE, type Locale } from "./locale.ts";

export type CompiledMessage = string | CompiledToken[];
export type CompiledToken = string | [name: string] | [name: string, type: "plural" | "selectordinal" | "select", cases: Record<string, CompiledMessage | number>];
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

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<Locale, Intl.NumberFormat>();

function pluralRules(locale: Locale, ordinal: boolean): Intl.PluralRules {
  const key = `${locale}${ordinal}`;
  let r = rules.get(key);
  if (!r) rules.set(key, (r = new Intl.PluralRules(INTL_LOCALE[locale], { type: ordinal ? "ordinal" : "cardinal" })));
  return r;
}

function formatNumber(locale: Locale, n: number): string {
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(INTL_LOCALE[locale])));
  return f.format(n);
}

/** One compiled message with its values, in a language. */
export function formatMessage(locale: Locale, message: CompiledMessage, values: MessageValues = {}): string {
  const run = (tokens: CompiledMessage | number | undefined, count: string | null): string => {
    if (tokens === undefined) return "";
    if (typeof tokens !== "object") return String(tokens);
    let out = "";
    for (const token of tokens) {
      if (typeof token === "string") out += token === "#" && count !== null ? count : token;
      else if (token.length === 1) out += values[token[0]] ?? "";
      else {
        const [name, type, cases] = token;
        const value = values[name];
        if (type === "select") out += run(Object.hasOwn(cases, String(value)) ? cases[String(value)] : cases.other, null);
        else {
          const n = Number(value);
          const offset = typeof cases.offset === "number" ? cases.offset : 0;
          const exact = Object.hasOwn(cases, String(n)) ? cases[String(n)] : undefined;
          const chosen = exact ?? cases[pluralRules(locale, type === "selectordinal").select(n - offset)] ?? cases.other;
          out += run(chosen, formatNumber(locale, n - offset));
        }
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

interface Template {
  pattern: RegExp;
  names: string[];
  id: string;
  /** How long its own words are, without the placeholders. */
  literal: number;
}
const templatesOf = new WeakMap<Catalogue, Template[]>();

/** The catalogue's messages with {name} placeholders and nothing else, as patterns of their English text. */
function templates(catalogue: Catalogue): Template[] {
  let found = templatesOf.get(catalogue);
  if (found) return found;
  found = [];
  for (const id of Object.keys(catalogue)) {
    // Only {name} placeholders, with some text of their own to be recognised by.
    if (!/\{\w+\}/.test(id) || /\{\w+,/.test(id) || id.replace(/\{\w+\}/g, "").trim().length < 4) continue;
    const names: string[] = [];
    const source = id
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "([\\s\\S]+?)";
      })
      .join("");
    found.push({ pattern: new RegExp(`^${source}$`), names, id, literal: id.replace(/\{\w+\}/g, "").length });
  }
  // The most specific (longest) first, so "Order #{id} is ready." wins over "{what}".
  found.sort((a, b) => b.id.length - a.id.length);
  templatesOf.set(catalogue, found);
  return found;
}

/**
 * The translation of a message (its id is its English text) in a catalogue. Handed English text
 * that was said with values, the message it was said from, with those values. Anything else (a
 * product's name, a message from the ERP) is shown as it came.
 */
export function translate(locale: Locale, catalogue: Catalogue, id: string, values?: MessageValues): string {
  const compiled = Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
  if (compiled !== undefined) return formatMessage(locale, compiled, values);
  if (values === undefined && locale !== "en") return recognise(locale, catalogue, id) ?? translateParts(locale, catalogue, id) ?? id;
  return say(id, values);
}

/** The message English text was said from, in the language; null when it is none. */
function recognise(locale: Locale, catalogue: Catalogue, text: string): string | null {
  const compiled = Object.hasOwn(catalogue, text) ? catalogue[text] : undefined;
  if (compiled !== undefined) return formatMessage(locale, compiled);
  for (const template of templates(catalogue)) {
    // The message's own words must be most of the text: 'Order #{id}' is not 'Order #12 is packed.'.
    if (template.literal < text.length / 2) continue;
    const match = template.pattern.exec(text);
    if (match) return formatMessage(locale, catalogue[template.id]!, Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]])));
  }
  return null;
}

/**
 * Messages said one after another ('The items are in your cart. Basmati Rice: Only 3 item(s)
 * available in stock'): each sentence translated on its own, and a product's 'name: message'
 * keeps its name. Null when no part is a message.
 */
function translateParts(locale: Locale, catalogue: Catalogue, text: string): string | null {
  const sentences = text.split(/(?<=[.!?])\s+(?=\S)/);
  const one = (part: string): string => {
    const whole = recognise(locale, catalogue, part);
    if (whole !== null) return whole;
    const labelled = /^([^:]{1,120}): (.+)$/s.exec(part);
    const rest = labelled ? recognise(locale, catalogue, labelled[2]!) : null;
    return rest === null ? part : `${labelled![1]}: ${rest}`;
  };
  if (sentences.length === 1) {
    const labelled = one(text);
    return labelled === text ? null : labelled;
  }
  const translated = sentences.map(one);
  return translated.some((t, i) => t !== sentences[i]) ? translated.join(" ") : null;
}
