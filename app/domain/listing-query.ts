// Parsing the listing's query string. It never fails: anything unreadable falls back to
// its default, so a hand-edited URL gives a sensible page rather than an error.
import { z } from "zod";
import { PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, SEARCH_MAX_LENGTH, SORTS, type ListingQuery } from "./listing.ts";

const text = z
  .string()
  .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim())
  .transform((s) => (s.length > 0 ? s : null))
  .catch(null);
const rupees = (fallback: number) => z.coerce.number().int().min(0).max(10_000_000).catch(fallback);

const schema = z.object({
  search: text.optional().transform((v) => v ?? null),
  category: text.optional().transform((v) => v ?? null),
  sub: text.optional().transform((v) => v ?? null),
  sort: z.enum(SORTS).catch("relevance").default("relevance"),
  min: rupees(PRICE_MIN_DEFAULT).default(PRICE_MIN_DEFAULT),
  max: rupees(PRICE_MAX_DEFAULT).default(PRICE_MAX_DEFAULT),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const raw: Record<string, string> = {};
  for (const key of ["search", "category", "sub", "sort", "min", "max", "page"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const q = schema.parse(raw);
  // A range typed the wrong way round is still the shopper's range.
  const [min, max] = q.min <= q.max ? [q.min, q.max] : [q.max, q.min];
  return { ...q, min, max };
}
