// The listing's query parameters (Specification: Listing): search, category, sub, sort, price range
// and page; constants and URL building the browser needs too. Parsing, with zod, is in
// listing-query.ts so zod stays on the server.
export const PAGE_SIZE = 24;
export const PRICE_MIN_DEFAULT = 0;
export const PRICE_MAX_DEFAULT = 4000;
export const SEARCH_MAX_LENGTH = 100;
export const SORTS = ["relevance", "price-asc", "price-desc", "newest"] as const;
export type Sort = (typeof SORTS)[number];
/** The sort options' names, translated where shown (components/listing/Filters.tsx). */
export const SORT_LABELS: Record<Sort, string> = {
  relevance: /*i18n*/ "Relevance",
  "price-asc": /*i18n*/ "Price: low to high",
  "price-desc": /*i18n*/ "Price: high to low",
  newest: /*i18n*/ "Newest",
};

export interface ListingQuery {
  search: string | null;
  category: string | null;
  sub: string | null;
  sort: Sort;
  /** Whole rupees. */
  min: number;
  max: number;
  page: number;
}

/** The listing URL for a query, leaving out every parameter at its default. */
export function listingHref(query: Partial<ListingQuery>, base = "/products"): string {
  const p = new URLSearchParams();
  if (query.search) p.set("search", query.search);
  if (query.category) p.set("category", query.category);
  if (query.sub) p.set("sub", query.sub);
  if (query.sort && query.sort !== "relevance") p.set("sort", query.sort);
  if (query.min != null && query.min !== PRICE_MIN_DEFAULT) p.set("min", String(query.min));
  if (query.max != null && query.max !== PRICE_MAX_DEFAULT) p.set("max", String(query.max));
  if (query.page && query.page > 1) p.set("page", String(query.page));
  const s = p.toString();
  return s ? `${base}?${s}` : base;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Page numbers to link to: first, last, and two either side of the current one. */
export function pageWindow(current: number, count: number): (number | "gap")[] {
  const pages = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  });
  return out;
}
