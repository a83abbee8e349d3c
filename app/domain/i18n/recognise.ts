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
    if (match) return format(locale, catalogue[template.id]!, Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]])));
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
