// How the words of a spoken or typed item name a product (issue 41 item 14), for voice ordering's
// confidence (app/domain/voice-order.ts, confidenceOf): whether every word names it outright, by
// the shop's own search index, and which words of its name were left unsaid. Pure.
import { namesExactly, parseQuery, wordsOf, type SearchIndex } from "./search.ts";
import { STOPWORDS } from "./search-synonyms.ts";
import type { NameMatch } from "./voice-order.ts";

/** Numbers and units in a name ('W240', '8 mm') say nothing about what it is. */
const NOT_A_NAME = /^(\d+(\.\d+)?|mm|cm|in|g|kg|ml|l)$/;

export function nameMatch(index: SearchIndex, name: string, product: { id: number; title: string }): NameMatch {
  const said = new Set(parseQuery(name.slice(0, 200), index.vocabulary).groups.flatMap((g) => g.alternatives.flat()));
  const unsaid = [...new Set(wordsOf(product.title))].filter((w) => !said.has(w) && !STOPWORDS.has(w) && !NOT_A_NAME.test(w));
  // What it is: one of its head words (the 'Atta' of 'Chakki Atta', not of 'Atta Biscuits').
  const kind = [...said].some((w) => index.search.search(w, { fields: ["head"], prefix: false, fuzzy: false }).some((r) => r.id === product.id));
  return { named: namesExactly(index, name, product.id), kind, unsaid };
}
