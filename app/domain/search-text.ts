// Search helpers the browser needs too; kept apart from search.ts so the search index stays on the server.

/** Blank or whitespace-only input does not search. */
export function isSearchable(query: string | null | undefined): query is string {
  return typeof query === "string" && query.trim().length > 0;
}

/** Splits a title around the first case-insensitive occurrence of the typed text, for bolding. */
export function highlight(title: string, typed: string): { before: string; match: string; after: string } {
  const q = typed.trim().toLowerCase();
  const at = q ? title.toLowerCase().indexOf(q) : -1;
  if (at < 0) return { before: title, match: "", after: "" };
  return { before: title.slice(0, at), match: title.slice(at, at + q.length), after: title.slice(at + q.length) };
}
