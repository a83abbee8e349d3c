import { Form, Link } from "react-router";
import type { ListingResult } from "../../domain/catalog.ts";
import { listingHref } from "../../domain/listing.ts";
import { useI18n } from "../i18n.tsx";

/**
 * A search's results page helps (issue 13 point 3): the query stays in a box to change it,
 * and 'Did you mean …' when a close spelling finds more.
 */
export function SearchHelp({ search, help, base }: { search: string; help: NonNullable<ListingResult["help"]>; base: string }) {
  const i18n = useI18n();
  return (
    <div className="mt-3 space-y-2">
      <Form method="get" action={base} role="search" aria-label={i18n._("Change your search")} className="flex max-w-md gap-2">
        <label htmlFor="search-again" className="sr-only">
          {i18n._("Search again")}
        </label>
        <input id="search-again" type="search" name="search" defaultValue={search} maxLength={100} className="min-w-0 flex-1 rounded-md border border-stone-300 px-3 py-1.5 text-sm" />
        <button type="submit" className="rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          {i18n._("Search again")}
        </button>
      </Form>
      {help.didYouMean && (
        <p className="text-sm">
          {/* The suggestion is a link: the question's words around it, "Did you mean" and its "?". */}
          {i18n._("Did you mean")}{" "}
          <Link to={listingHref({ search: help.didYouMean }, base)} className="font-semibold text-brand-700 underline">
            {help.didYouMean}
          </Link>
          ?
        </p>
      )}
    </div>
  );
}

/** When a search found nothing: after the specification's 'No products match your filter.', the nearest categories (or every one) to go on from. */
export function CategoriesToTry({ help, base }: { help: NonNullable<ListingResult["help"]>; base: string }) {
  const i18n = useI18n();
  if (help.categories.length === 0) return null;
  return (
    <nav aria-label={i18n._("Categories to try")} className="text-sm">
      <p>{i18n._("Try one of these:")}</p>
      <ul className="mt-2 flex flex-wrap justify-center gap-2">
        {help.categories.map((c) => (
          <li key={`${c.category}/${c.sub ?? ""}`}>
            <Link
              to={listingHref({ category: c.category, sub: c.sub }, base)}
              className="inline-block rounded-full border border-stone-300 bg-surface px-3 py-1 font-medium hover:border-brand-700"
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
