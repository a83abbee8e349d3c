// Reading English a page is handed back into the message it was said from (decision 052): the
// domain says a message with values as English text (`say("Welcome, {name}!", { name })`), and
// a Hindi page translates that text by finding the message by its words. Only the server and
// Hindi pages load this: an English page shows English as it is. It imports nothing (types
// aside), so a Hindi page's script can fetch it on its own: the formatter comes as an argument.
import type { Catalogue, MessageValues, Recognise } from "./messages.ts";
import type { Locale } from "./locale.ts";

type Format = (locale: Locale, message: string, values?: MessageValues) => string;

interface Template {
  pattern: RegExp;
  names: string[];
  id: string;
  /** The English form it reads: the id, or one case of its plural. */
  text: string;
  /** How long its own words are, without the placeholders. */
  literal: number;
  /** A plural's count, read as a number; and the count an '=N' case fixes. */
  counted: string | null;
  fixed: MessageValues;
}
const templatesOf = new WeakMap<Catalogue, Template[]>();

/**
 * A message's English forms: the id itself, or for a plural message ("{count, plural, one {# try
 * left.} other {# tries left.}}") each case in its place, '#' as the count's placeholder (an '=N'
 * case with the count fixed), so English said with a count is recognised as it is said.
 */
function formsOf(id: string): { text: string; counted: string | null; fixed: MessageValues }[] {
  const head = /\{(\w+)\s*,\s*plural\s*,/.exec(id);
  if (!head) return [{ text: id, counted: null, fixed: {} }];
  const name = head[1]!;
  const cases: { key: string; body: string }[] = [];
  let at = head.index + head[0].length;
  for (let key = /^\s*(=?\w+)\s*\{/.exec(id.slice(at)); key; key = /^\s*(=?\w+)\s*\{/.exec(id.slice(at))) {
    at += key[0].length;
    const start = at;
    for (let depth = 1; at < id.length && depth > 0; at++) depth += id[at] === "{" ? 1 : id[at] === "}" ? -1 : 0;
    cases.push({ key: key[1]!, body: id.slice(start, at - 1) });
  }
  const end = id.indexOf("}", at);
  if (end < 0) return [];
  const [before, after] = [id.slice(0, head.index), id.slice(end + 1)];
  return cases.map(({ key, body }) =>
    key.startsWith("=")
      ? { text: before + body.replaceAll("#", key.slice(1)) + after, counted: null, fixed: { [name]: Number(key.slice(1)) } }
      : { text: before + body.replaceAll("#", `{${name}}`) + after, counted: name, fixed: {} },
  );
}

/** The catalogue's messages with {name} placeholders (and plurals, case by case), as patterns of their English text. */
function templates(catalogue: Catalogue): Template[] {
  let found = templatesOf.get(catalogue);
  if (found) return found;
  found = [];
  for (const id of Object.keys(catalogue)) {
    for (const { text, counted, fixed } of formsOf(id)) {
      // Only {name} placeholders (a plain message is found by its id), with some text of their own to be recognised by.
      if ((!/\{\w+\}/.test(text) && id === text) || /\{\w+\s*,/.test(text) || text.replace(/\{\w+\}/g, "").trim().length < 4) continue;
      const names: string[] = [];
      const source = text
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          // A count is a number as English writes it: 2, 1,000.
          return name === counted ? "(\\d[\\d,]*)" : "([\\s\\S]+?)";
        })
        .join("");
      found.push({ pattern: new RegExp(`^${source}$`), names, id, text, literal: text.replace(/\{\w+\}/g, "").length, counted, fixed });
    }
  }
  // The most specific (longest) first, so "Order #{id} is ready." wins over "{what}".
  found.sort((a, b) => b.text.length - a.text.length);
  templatesOf.set(catalogue, found);
  return found;
}

/** The message English text was said from, or messages said one after another, in the language; null when it is none. */
export const recogniseEnglish: Recognise = (format, locale, catalogue, text) => recognise(format, locale, catalogue, text) ?? translateParts(format, locale, catalogue, text);

/** The message English text was said from, in the language; null when it is none. */
function recognise(format: Format, locale: Locale, catalogue: Catalogue, text: string): string | null {
  const compiled = Object.hasOwn(catalogue, text) ? catalogue[text] : undefined;
  if (compiled !== undefined) return format(locale, compiled);
  for (const template of templates(catalogue)) {
    // The message's own words must be most of the text: 'Order #{id}' is not 'Order #12 is packed.'.
    if (template.literal < text.length / 2) continue;
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, name === template.counted ? Number(match[i + 1]!.replaceAll(",", "")) : match[i + 1]]));
    return format(locale, catalogue[template.id]!, { ...template.fixed, ...values });
  }
  return null;
}

/**
 * Messages said one after another ('The items are in your cart. Basmati Rice: Only 3 item(s)
 * available in stock'): each sentence translated on its own, and a product's 'name: message'
 * keeps its name. Null when no part is a message.
 */
function translateParts(format: Format, locale: Locale, catalogue: Catalogue, text: string): string | null {
  const sentences = text.split(/(?<=[.!?])\s+(?=\S)/);
  const one = (part: string): string => {
    const whole = recognise(format, locale, catalogue, part);
    if (whole !== null) return whole;
    const labelled = /^([^:]{1,120}): (.+)$/s.exec(part);
    const rest = labelled ? recognise(format, locale, catalogue, labelled[2]!) : null;
    return rest === null ? part : `${labelled![1]}: ${rest}`;
  };
  if (sentences.length === 1) {
    const labelled = one(text);
    return labelled === text ? null : labelled;
  }
  const translated = sentences.map(one);
  return translated.some((t, i) => t !== sentences[i]) ? translated.join(" ") : null;
}
