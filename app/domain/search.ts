// Browsing §5: fuzzy search on title, description and category (threshold 0.3, minimum
// match length 3), plus titles with a word within edit distance 2 of the query,
// de-duplicated by id. Pure: the Shop builds the index from its catalogue snapshot.
import Fuse from "fuse.js";
import { isSearchable } from "./search-text.ts";

export const SUGGESTION_LIMIT = 6;
export const FUZZY_THRESHOLD = 0.3;
export const MIN_MATCH_LENGTH = 3;
export const MAX_EDIT_DISTANCE = 2;

export interface SearchEntry {
  id: number;
  title: string;
  description: string;
  category: string;
}

const FUSE_OPTIONS = {
  // A title match ranks above a description or category match ('basm' should suggest
  // basmati before Farm Basket).
  keys: [
    { name: "title", weight: 3 },
    { name: "description", weight: 1 },
    { name: "category", weight: 1 },
  ],
  threshold: FUZZY_THRESHOLD,
  minMatchCharLength: MIN_MATCH_LENGTH,
  // Matches count wherever they are in the text, not only near its start.
  ignoreLocation: true,
  includeScore: true,
};
const CACHE_SIZE = 500;

export interface SearchIndex {
  fuse: Fuse<SearchEntry>;
  /** Each distinct lower-cased title word and the ids of the products whose title has it. */
  words: Map<string, number[]>;
  /** Recent queries and their ids, best first: a fuzzy search of 10,000 products costs tens of milliseconds. */
  cache: Map<string, number[]>;
}

export function createSearchIndex(entries: readonly SearchEntry[]): SearchIndex {
  const words = new Map<string, number[]>();
  for (const e of entries) {
    for (const w of new Set(wordsOf(e.title))) {
      const ids = words.get(w);
      if (ids) ids.push(e.id);
      else words.set(w, [e.id]);
    }
  }
  return { fuse: new Fuse([...entries], FUSE_OPTIONS), words, cache: new Map() };
}

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * Edit-distance allowance for a query word. Two edits on a three-letter word match
 * almost anything ("dal" would find "oil" and "tea"), so short words get fewer.
 */
export function allowedDistance(word: string): number {
  if (word.length >= 5) return MAX_EDIT_DISTANCE;
  if (word.length === 4) return 1;
  return 0;
}

/** Product ids matching the query, best first, each once. */
export function searchIds(index: SearchIndex, query: string, limit = Infinity): number[] {
  if (!isSearchable(query)) return [];
  const q = query.trim().toLowerCase();
  let ids = index.cache.get(q);
  if (!ids) {
    ids = rankedIds(index, q);
    if (index.cache.size >= CACHE_SIZE) index.cache.delete(index.cache.keys().next().value!);
    index.cache.set(q, ids);
  }
  return limit < ids.length ? ids.slice(0, limit) : ids;
}

function rankedIds(index: SearchIndex, q: string): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  const push = (id: number) => {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  };
  for (const r of index.fuse.search(q)) push(r.item.id);

  const queryWords = wordsOf(q).filter((w) => w.length >= MIN_MATCH_LENGTH);
  if (queryWords.length === 0) return out;
  // Every query word must be close to some word of the title.
  let matches: Set<number> | null = null;
  for (const qw of queryWords) {
    const max = allowedDistance(qw);
    const found = new Set<number>();
    for (const [word, wordIds] of index.words) {
      if (Math.abs(word.length - qw.length) > max) continue;
      if (editDistance(qw, word, max) <= max) for (const id of wordIds) found.add(id);
    }
    matches = matches === null ? found : intersect(matches, found);
    if (matches.size === 0) break;
  }
  for (const id of matches ?? []) push(id);
  return out;
}

function intersect(a: Set<number>, b: Set<number>): Set<number> {
  return new Set([...a].filter((id) => b.has(id)));
}

/** Levenshtein distance, giving up early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}
