// Search (Specification: Search, issue 13): what a shopper in Gurugram means, not whatever string is
// nearest. MiniSearch keeps the index (an inverted index over a radix tree, with prefix and
// fuzzy lookups); ranking is ours and in tiers: a word of the title first, then the category
// and subcategory, then the pack sizes, then the description. Every word of the query must be
// found (or one of its synonyms, app/domain/search-synonyms.ts); a typo is forgiven by word
// length (none up to 3 letters, one edit up to 7, two beyond; a three-letter word that finds
// nothing at all, one edit: 'ata' is atta, decision 032 amended) but only for a word the
// catalogue does not have, and never on its first letter; a word is completed as a prefix
// only when it is not itself a catalogue word ('dal' is dal, not dalia). Results far below
// the best are dropped: a description that mentions oil does not make rice an answer to
// 'oil'. Pure: the Shop builds the index from its catalogue snapshot.
import MiniSearch, { type SearchResult } from "minisearch";
import { STOPWORDS, SYNONYMS } from "./search-synonyms.ts";
import { isSearchable } from "./search-text.ts";

// The specification's suggestion constants (Specification: Search), from the fuse.js the original app
// used: six shown; at least three letters before a word is completed; a typo of at most 30%
// of the word's length and never more than two edits (allowedDistance keeps to both).
export const SUGGESTION_LIMIT = 6;
export const FUZZY_THRESHOLD = 0.3;
export const MIN_MATCH_LENGTH = 3;
export const MAX_EDIT_DISTANCE = 2;

export interface SearchEntry {
  id: number;
  title: string;
  description: string;
  /** The category path: "All / Grocers Pick / Dry Fruits". */
  category: string;
  /** Hindi (issue 27): the title, and the category's and subcategory's names, when the catalogue has them. */
  titleHi?: string;
  categoryHi?: string;
  descriptionHi?: string;
  /** The variants' attributes: "Net Weight 250 g", "Capacity 1 L". */
  attributes: readonly string[];
}

type Field = "head" | "title" | "category" | "attributes" | "description";
const FIELDS: Field[] = ["head", "title", "category", "attributes", "description"];
/**
 * Tiers far apart. The title's head word (what the product is: the 'Atta' of 'Chakki Atta',
 * the 'Biscuits' of 'Atta Biscuits') first; any other title word next, on a par with the
 * category; then pack sizes and the description.
 */
const FIELD_WEIGHT: Record<Field, number> = { head: 100, title: 45, category: 40, attributes: 12, description: 6 };
const QUALITY = { exact: 1, prefix: 0.75, fuzzy: 0.6 } as const;
/** Typos and completions are forgiven in names (title, category), not in descriptions. */
const LOOSE_FIELDS: ReadonlySet<Field> = new Set(["head", "title", "category"]);
/** A synonym's match counts a little less than the word typed. */
const SYNONYM_FACTOR = 0.9;
/**
 * For each word, matches under this share of the best match among the results are dropped:
 * 'salt' is the salts (and what is named after salt), not the sugars that share the category
 * 'Sugar & Salt'.
 */
const KEEP_SHARE = 0.42;
const CACHE_SIZE = 500;

export interface SearchIndex {
  search: MiniSearch<IndexedEntry>;
  /** Every word the catalogue has (normalised and stemmed). */
  vocabulary: ReadonlySet<string>;
  /** Recent queries and their ids, best first. */
  cache: Map<string, number[]>;
  /** Recent 'Did you mean' answers. */
  corrections: Map<string, string | null>;
}

interface IndexedEntry {
  id: number;
  head: string;
  title: string;
  category: string;
  attributes: string;
  description: string;
}

/**
 * Lower case, accents off, '&' as 'and', anything else not a letter or digit a space. Devanagari
 * stays (issue 27), without the spellings that vary for one word: the nukta (फ़/फ) and
 * chandrabindu written as anusvara (बादाँ/बादां); the joiners that only shape letters go.
 */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u093c\u200c\u200d]/g, "")
    .replace(/\u0901/g, "\u0902")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9\p{Script=Devanagari}]+/gu, " ")
    .trim();
}

/** A plural's singular, roughly and the same way for the catalogue and the query: almonds, cashews, tomatoes, dishes. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (/(ches|shes|xes)$/.test(word) || (word.endsWith("oes") && word.length >= 7)) return word.slice(0, -2);
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

/** The words of a text as the index keeps them. */
export function wordsOf(text: string): string[] {
  return normalize(text)
    .split(" ")
    .filter((w) => w.length > 0)
    .map(stem);
}

const BRAND_OR_UNIT = /^(\d+(\.\d+)?|mm|cm|in|g|kg|ml|l)$/;

/**
 * A title's head words: the last word (what the product is), and the last word of a
 * parenthesis (another name for it: 'Besan (Gram Flour)').
 */
export function headWords(title: string): string[] {
  const outside = title.replace(/\([^)]*\)/g, " ");
  const inside = [...title.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!);
  return [outside, ...inside].flatMap((part) => {
    const words = wordsOf(part).filter((w) => !BRAND_OR_UNIT.test(w) && !STOPWORDS.has(w));
    return words.length ? [words[words.length - 1]!] : [];
  });
}

// ---------- sizes: '1 kg rice', 'atta 5kg', '500 ml' ----------

const UNIT: Record<string, { unit: "g" | "ml"; factor: number }> = {
  g: { unit: "g", factor: 1 },
  gm: { unit: "g", factor: 1 },
  gms: { unit: "g", factor: 1 },
  gram: { unit: "g", factor: 1 },
  grams: { unit: "g", factor: 1 },
  kg: { unit: "g", factor: 1000 },
  kgs: { unit: "g", factor: 1000 },
  kilo: { unit: "g", factor: 1000 },
  kilos: { unit: "g", factor: 1000 },
  ml: { unit: "ml", factor: 1 },
  l: { unit: "ml", factor: 1000 },
  ltr: { unit: "ml", factor: 1000 },
  litre: { unit: "ml", factor: 1000 },
  liter: { unit: "ml", factor: 1000 },
  litres: { unit: "ml", factor: 1000 },
  liters: { unit: "ml", factor: 1000 },
};
const SIZE = /(\d+(?:\.\d+)?)\s*(kgs?|kilos?|gms?|grams?|g|ml|ltr|litres?|liters?|l)\b/g;

/** The sizes a text names, as index words: "1 kg" → "size1000g", "500 ml" → "size500ml". */
export function sizeWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(SIZE)) {
    const unit = UNIT[m[2]!]!;
    out.push(`size${Math.round(Number(m[1]) * unit.factor)}${unit.unit}`);
  }
  return out;
}

// ---------- the index ----------

export function createSearchIndex(entries: readonly SearchEntry[]): SearchIndex {
  const search = new MiniSearch<IndexedEntry>({
    fields: FIELDS,
    tokenize: (text) => normalize(text).split(" "),
    processTerm: (term) => (term && !STOPWORDS.has(term) ? stem(term) : null),
  });
  const vocabulary = new Set<string>();
  const docs = entries.map((e) => {
    const attributes = [...e.attributes, ...e.attributes.flatMap(sizeWords)].join(" ");
    // The root ('All') names no category a shopper means.
    const category = e.category.replace(/^All\s*\/\s*/, "");
    // Hindi names beside the English ones (issue 27): 'चावल' finds what 'rice' finds.
    const doc = {
      id: e.id,
      head: [...headWords(e.title), ...headWords(e.titleHi ?? "")].join(" "),
      title: e.titleHi ? `${e.title} ${e.titleHi}` : e.title,
      category: e.categoryHi ? `${category} ${e.categoryHi}` : category,
      attributes,
      description: e.descriptionHi ? `${e.description} ${e.descriptionHi}` : e.description,
    };
    for (const f of FIELDS) for (const w of wordsOf(doc[f])) if (!STOPWORDS.has(w)) vocabulary.add(w);
    return doc;
  });
  search.addAll(docs);
  return { search, vocabulary, cache: new Map(), corrections: new Map() };
}

/**
 * Edit-distance allowance for a query word (issue 13): none up to 3 letters ('dal' would
 * find 'oil' and 'tea'), one up to 7, two beyond.
 */
export function allowedDistance(word: string): number {
  if (word.length <= 3) return 0;
  if (word.length <= 7) return 1;
  return MAX_EDIT_DISTANCE;
}

/** A query word and what else it may mean: each alternative is one or more words, all needed. */
interface WordGroup {
  typed: string;
  alternatives: string[][];
}

export interface ParsedQuery {
  groups: WordGroup[];
  sizes: string[];
  /** 'oil and ghee', 'flour & atta': a shelf's name, either word will do. */
  either: boolean;
}

/** The index's words for a synonym's phrase ('gram flour' → gram, flour). */
function phraseWords(phrase: string): string[] {
  return wordsOf(phrase).filter((w) => !STOPWORDS.has(w));
}

function addAlternative(alternatives: string[][], words: string[]) {
  if (words.length && !alternatives.some((a) => a.join(" ") === words.join(" "))) alternatives.push(words);
}

/**
 * A run-together word ('teacups', 'chanadal') as the two catalogue words it is made of, or
 * null. Only when the word itself is not one the catalogue (or the synonym table) knows.
 */
function splitCompound(word: string, vocabulary: ReadonlySet<string> | null): string[] | null {
  if (!vocabulary || word.length < 6) return null;
  for (let i = 3; i <= word.length - 3; i++) {
    const a = stem(word.slice(0, i));
    const b = stem(word.slice(i));
    if ((vocabulary.has(a) || SYNONYMS[a]) && (vocabulary.has(b) || SYNONYMS[b])) return [a, b];
  }
  return null;
}

export function parseQuery(query: string, vocabulary: ReadonlySet<string> | null = null): ParsedQuery {
  const sizes = sizeWords(query);
  const either = /\s(and|&)\s/i.test(` ${query.replace(SIZE, " ")} `.replace(/&/g, " & "));
  const raws = normalize(query.replace(SIZE, " "))
    .split(" ")
    .filter((w) => w && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  const groups: WordGroup[] = [];
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i]!;
    // Two words that mean one thing ('kali mirch', 'dal makhani') are one group.
    const pair = i + 1 < raws.length ? `${raw} ${raws[i + 1]}` : null;
    if (pair && SYNONYMS[pair]) {
      const alternatives = [wordsOf(pair)];
      for (const phrase of SYNONYMS[pair]) addAlternative(alternatives, phraseWords(phrase));
      groups.push({ typed: pair, alternatives });
      i++;
      continue;
    }
    const word = stem(raw);
    const alternatives = [[word]];
    for (const key of new Set([raw, word])) for (const phrase of SYNONYMS[key] ?? []) addAlternative(alternatives, phraseWords(phrase));
    if (alternatives.length === 1 && vocabulary && !vocabulary.has(word)) {
      const parts = splitCompound(raw, vocabulary);
      if (parts) addAlternative(alternatives, parts);
    }
    groups.push({ typed: word, alternatives });
  }
  return { groups, sizes, either: either && groups.length > 1 };
}

/** How well one catalogue word answers one query word, or 0. */
function quality(queryWord: string, docWord: string, prefixOk: boolean, fuzzyOk: boolean): number {
  if (docWord === queryWord) return QUALITY.exact;
  if (prefixOk && docWord.startsWith(queryWord)) return QUALITY.prefix;
  // A typo keeps its first letter ('fish' is not 'dish'), and a four-letter one its last too
  // ('shoe' is not 'shot'; 'rise' is 'rice').
  if (fuzzyOk && docWord[0] === queryWord[0] && (queryWord.length > 4 || docWord.at(-1) === queryWord.at(-1))) return QUALITY.fuzzy;
  return 0;
}

/**
 * A three-letter word no product has, as typed or completed ('ata'), may be one letter off a word
 * of a name ('atta'): tried only then, keeping its first and last letters (quality below).
 */
export const SHORT_TYPO_DISTANCE = 1;

/** Each document's best score for one query word (exact, completed or misspelt), by field. */
function wordScores(index: SearchIndex, word: string, completing: boolean): Map<number, number> {
  // A word the catalogue or the synonym table knows is taken as typed.
  const known = index.vocabulary.has(word) || word in SYNONYMS;
  const prefixOk = word.length >= MIN_MATCH_LENGTH && (!known || completing);
  const scores = scoresFor(index, word, prefixOk, known ? 0 : allowedDistance(word));
  if (scores.size === 0 && !known && word.length === MIN_MATCH_LENGTH) return scoresFor(index, word, prefixOk, SHORT_TYPO_DISTANCE);
  return scores;
}

function scoresFor(index: SearchIndex, word: string, prefixOk: boolean, distance: number): Map<number, number> {
  const results: SearchResult[] = index.search.search(word, { prefix: prefixOk, fuzzy: distance || false, combineWith: "OR" });
  const scores = new Map<number, number>();
  for (const r of results) {
    let best = 0;
    for (const [docWord, fields] of Object.entries(r.match)) {
      const q = quality(word, docWord, prefixOk, distance > 0);
      if (!q) continue;
      for (const f of fields as Field[]) if (q === QUALITY.exact || LOOSE_FIELDS.has(f)) best = Math.max(best, FIELD_WEIGHT[f] * q);
    }
    if (best > 0) scores.set(r.id as number, best);
  }
  return scores;
}

/** One word group's score for each product: its best alternative (the word typed, or a synonym). */
function groupScores(index: SearchIndex, group: WordGroup, completing: boolean): Map<number, number> {
  const scores = new Map<number, number>();
  group.alternatives.forEach((words, a) => {
    const factor = a === 0 ? 1 : SYNONYM_FACTOR;
    // A phrase needs every word; it counts as its weakest.
    const [first, ...rest] = words.map((w) => wordScores(index, w, completing));
    for (const [id, v] of first ?? []) {
      const weakest = Math.min(v, ...rest.map((s) => s.get(id) ?? 0));
      if (weakest > 0) scores.set(id, Math.max(scores.get(id) ?? 0, weakest * factor));
    }
  });
  return scores;
}

/** Product ids for a query, best first: every word (or a synonym of it) found; each product once. */
function rankedIds(index: SearchIndex, query: string, completing: boolean): number[] {
  const { groups, sizes, either } = parseQuery(query, index.vocabulary);
  if (groups.length === 0) return [];
  // Only the word being typed (the last) is completed in suggestions.
  const perGroup = groups.map((g, i) => groupScores(index, g, completing && i === groups.length - 1));
  let survivors = either ? [...new Set(perGroup.flatMap((g) => [...g.keys()]))] : [...perGroup[0]!.keys()].filter((id) => perGroup.every((g) => g.has(id)));
  // A long query may carry a word no product has ('filter coffee powder'): all but one will do.
  if (survivors.length === 0 && groups.length >= 3) {
    const counts = new Map<number, number>();
    for (const g of perGroup) for (const id of g.keys()) counts.set(id, (counts.get(id) ?? 0) + 1);
    survivors = [...counts].filter(([, n]) => n >= groups.length - 1).map(([id]) => id);
  }
  if (survivors.length === 0) return [];
  const total = new Map<number, number>(survivors.map((id) => [id, 0]));
  for (const g of perGroup) {
    const strongestAnywhere = Math.max(0, ...g.values());
    for (const id of survivors) {
      const v = g.get(id) ?? 0;
      if (!total.has(id)) continue;
      // A word some product has in its title is not answered by a description that mentions
      // it ('rice oil' is not a rice whose description says oil).
      if (v > 0 && v <= FIELD_WEIGHT.description && strongestAnywhere >= FIELD_WEIGHT.title && !either) total.delete(id);
      else total.set(id, total.get(id)! + v);
    }
  }
  // Weak matches give way to strong ones.
  const best = Math.max(0, ...total.values());
  let scored = [...total].filter(([, v]) => v >= best * KEEP_SHARE);
  // A size asked for ('5 kg sugar') keeps the products sold in it, when there are any.
  if (sizes.length) {
    const sized = new Set(sizes.flatMap((s) => index.search.search(s, { fields: ["attributes"] }).map((r) => r.id as number)));
    if (scored.some(([id]) => sized.has(id))) scored = scored.filter(([id]) => sized.has(id));
  }
  return scored.sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

/**
 * Whether `query` names product `id` outright: each of its words (or a synonym of one) is a word
 * of the product's name or category as typed, not a completion, a misspelling or a word of its
 * description. Voice ordering ticks only such matches; the rest it asks about (issue 25).
 */
export function namesExactly(index: SearchIndex, query: string, id: number): boolean {
  const { groups } = parseQuery(query.slice(0, 200), index.vocabulary);
  const named = (word: string) => index.search.search(word, { fields: ["head", "title", "category"], prefix: false, fuzzy: false }).some((r) => r.id === id);
  return groups.length > 0 && groups.every((g) => g.alternatives.some((words) => words.length > 0 && words.every(named)));
}

/** Product ids matching the query, best first, each once. `completing`: the shopper is still typing (suggestions). */
export function searchIds(index: SearchIndex, query: string, limit = Infinity, completing = false): number[] {
  if (!isSearchable(query)) return [];
  const q = normalize(query.slice(0, 200));
  const key = `${completing ? "+" : "="}${q}`;
  let ids = index.cache.get(key);
  if (!ids) {
    ids = rankedIds(index, query.slice(0, 200), completing);
    if (index.cache.size >= CACHE_SIZE) index.cache.delete(index.cache.keys().next().value!);
    index.cache.set(key, ids);
  }
  return limit < ids.length ? ids.slice(0, limit) : ids;
}

// ---------- help on the results page: 'Did you mean …' and the nearest categories ----------

/** Levenshtein distance, giving up early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The catalogue word nearest to `word` (two edits at most, same first letter), or null. */
function nearestWord(index: SearchIndex, word: string): string | null {
  let best: { w: string; d: number } | null = null;
  for (const r of index.search.search(word, { fuzzy: MAX_EDIT_DISTANCE })) {
    for (const docWord of Object.keys(r.match)) {
      if (docWord[0] !== word[0] || docWord.length < MIN_MATCH_LENGTH || /\d/.test(docWord)) continue;
      const d = editDistance(word, docWord, MAX_EDIT_DISTANCE);
      if (d <= MAX_EDIT_DISTANCE && (!best || d < best.d)) best = { w: docWord, d };
    }
  }
  return best?.w ?? null;
}

/**
 * 'Did you mean …' (issue 13 point 3): the query with each word the catalogue does not know
 * spelt as its nearest catalogue word, when that finds more than the query as typed.
 */
export function didYouMean(index: SearchIndex, query: string): string | null {
  const key = normalize(query.slice(0, 200));
  if (index.corrections.has(key)) return index.corrections.get(key)!;
  const answer = correction(index, query);
  if (index.corrections.size >= CACHE_SIZE) index.corrections.delete(index.corrections.keys().next().value!);
  index.corrections.set(key, answer);
  return answer;
}

function correction(index: SearchIndex, query: string): string | null {
  const words = normalize(query.slice(0, 200)).split(" ").filter(Boolean);
  let changed = false;
  const corrected = words.map((raw) => {
    const word = stem(raw);
    if (STOPWORDS.has(raw) || /\d/.test(raw) || raw.length <= 3 || index.vocabulary.has(word) || raw in SYNONYMS || word in SYNONYMS) return raw;
    const near = nearestWord(index, raw);
    if (!near || near === word) return raw;
    changed = true;
    return near;
  });
  if (!changed) return null;
  const suggestion = corrected.join(" ");
  return searchIds(index, suggestion).length > searchIds(index, query).length ? suggestion : null;
}

export interface CategoryHit {
  name: string;
  category: string;
  sub: string | null;
}

/**
 * The categories nearest to a query that found nothing: those whose name shares a word with
 * it (allowing a typo), else every top-level category, so the page always offers a way on.
 */
export function nearestCategories(tree: readonly { name: string; slug: string; status?: string; children: readonly { name: string; slug: string }[] }[], query: string): CategoryHit[] {
  const words = parseQuery(query)
    .groups.flatMap((g) => g.alternatives.flat())
    .filter((w) => w.length >= MIN_MATCH_LENGTH);
  const near = (name: string) => wordsOf(name).some((n) => words.some((w) => n === w || (n[0] === w[0] && editDistance(n, w, allowedDistance(w)) <= allowedDistance(w))));
  const hits: CategoryHit[] = [];
  for (const top of tree) {
    if (top.status === "coming_soon") continue;
    if (near(top.name)) hits.push({ name: top.name, category: top.slug, sub: null });
    for (const child of top.children) if (near(child.name)) hits.push({ name: child.name, category: top.slug, sub: child.slug });
  }
  if (hits.length) return hits.slice(0, 6);
  return tree.filter((t) => t.status !== "coming_soon").map((t) => ({ name: t.name, category: t.slug, sub: null }));
}
