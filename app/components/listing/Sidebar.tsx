import { Link } from "react-router";
import type { CategoryNode } from "../../domain/catalog.ts";
import { listingHref, type ListingQuery } from "../../domain/listing.ts";
import { useI18n } from "../i18n.tsx";

/**
 * Categories; once a category with subcategories is chosen, its subcategories with
 * 'All' and 'Clear' entries (Specification: Listing). Links keep the search, sort and price range.
 */
export function Sidebar({
  categories,
  filter,
  query,
  base,
}: {
  categories: CategoryNode[];
  filter: { category: string | null; sub: string | null };
  query: ListingQuery;
  base: string;
}) {
  const i18n = useI18n();
  const keep = { search: query.search, sort: query.sort, min: query.min, max: query.max };
  const chosen = categories.find((c) => c.slug === filter.category);
  const item = (label: string, to: string, current: boolean) => (
    <li key={label} className="shrink-0 md:shrink">
      <Link
        to={to}
        aria-current={current ? "page" : undefined}
        className={`block whitespace-nowrap rounded px-3 py-1.5 text-sm md:whitespace-normal ${current ? "bg-brand-50 font-semibold text-brand-800" : "hover:bg-stone-100"}`}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <aside className="md:w-56 md:shrink-0" aria-labelledby="sidebar-title">
      <h2 id="sidebar-title" className="px-3 text-sm font-semibold uppercase tracking-wide text-stone-600">
        {chosen && chosen.children.length > 0 ? chosen.name : i18n._("Categories")}
      </h2>
      {/* On a phone one row of chips that scrolls sideways; beside the listing, a column. */}
      <ul
        aria-label={chosen && chosen.children.length > 0 ? i18n._("{category} subcategories", { category: chosen.name }) : i18n._("Categories")}
        className="mt-2 flex gap-1 overflow-x-auto pb-1 md:block md:space-y-0.5 md:pb-0"
      >
        {chosen && chosen.children.length > 0 ? (
          <>
            {item(i18n._("All"), listingHref({ ...keep, category: chosen.slug }, base), !filter.sub)}
            {chosen.children.map((ch) => item(ch.name, listingHref({ ...keep, category: chosen.slug, sub: ch.slug }, base), filter.sub === ch.slug))}
            {item(i18n._("Clear"), listingHref({ ...keep }, base), false)}
          </>
        ) : (
          categories.filter((c) => c.status === "active").map((c) => item(c.name, listingHref({ ...keep, category: c.slug }, base), filter.category === c.slug))
        )}
      </ul>
    </aside>
  );
}
