import { waysIn } from "../server/ways-in.server.ts";
import { CategoriesToTry, SearchHelp } from "../components/listing/SearchHelp.tsx";
import { localeIn } from "../server/i18n.server.ts";
import { cardsIn, categoriesIn } from "../domain/i18n/catalogue.ts";
import { withoutLocale } from "../domain/i18n/locale.ts";
import { data, Link } from "react-router";
import { catalogueShouldRevalidate } from "../components/revalidate.ts";
import { Filters } from "../components/listing/Filters.tsx";
import { Pagination } from "../components/listing/Pagination.tsx";
import { Sidebar } from "../components/listing/Sidebar.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { listingHref, PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT } from "../domain/listing.ts";
import { parseListingQuery } from "../domain/listing-query.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf } from "../components/root-data.ts";
import { languageAlternates } from "../domain/i18n/locale.ts";
import { pathIn } from "../domain/i18n/locale.ts";
import { store } from "../domain/store-config.ts";
import { later } from "../components/later.tsx";
import type { Route } from "./+types/products";

// At the foot of the page: its code comes once the page has hydrated (a plain link until then).
const BackToTop = later(import.meta.env.SSR ? await import("../components/BackToTop.tsx") : () => import("../components/BackToTop.tsx"), "BackToTop");

// Serves both /products and /shopretail (Specification: Listing: the same listing).
export async function loader({ url, context }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const query = parseListingQuery(url.searchParams);
  const [categories, found] = await Promise.all([reads.catalog.categories(), reads.catalog.listing(query)]);
  const top = categories.find((c) => c.slug === found.filter.category) ?? null;
  const sub = top?.children.find((c) => c.slug === found.filter.sub) ?? null;
  // A category the catalogue does not have (a stale link, a typed URL) is said, with a 404
  // for search engines, and the page lists what there is instead (decision 027).
  const unknownCategory = (found.filter.category && !top) || (found.filter.sub && !sub) ? (top ? query.sub : (query.category ?? query.sub)) : null;
  const result = unknownCategory ? await reads.catalog.listing({ ...query, category: top?.slug ?? null, sub: null }) : found;
  // Named in the page's language (issue 27).
  const locale = localeIn(context);
  const named = categoriesIn(locale, categories);
  const namedTop = named.find((c) => c.slug === top?.slug);
  const body = {
    base: withoutLocale(url.pathname).startsWith("/shopretail") ? "/shopretail" : "/products",
    query: { ...query, page: result.page },
    result: { ...result, cards: cardsIn(locale, result.cards) },
    categories: named,
    heading: { category: namedTop?.name ?? null, sub: namedTop?.children.find((c) => c.slug === sub?.slug)?.name ?? null },
    unknownCategory,
  };
  return data(body, { status: unknownCategory ? 404 : 200 });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export const shouldRevalidate = catalogueShouldRevalidate;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { base, query, result, categories, heading, unknownCategory } = loaderData;
  const i18n = useI18n();
  const title = query.search
    ? i18n._("Results for “{search}”", { search: query.search })
    : (heading.sub ?? heading.category ?? (unknownCategory ? i18n._("All products") : i18n._("Shop")));
  const filtered = Boolean(
    query.search || result.filter.category || result.filter.sub || query.min !== PRICE_MIN_DEFAULT || query.max !== PRICE_MAX_DEFAULT || query.sort !== "relevance",
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={i18n._("Breadcrumb")} className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:underline">
              {i18n._("Home")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={base} className="hover:underline">
              {i18n._("Shop")}
            </Link>
          </li>
          {heading.category && (
            <>
              <li aria-hidden="true">›</li>
              <li>
                <Link to={listingHref({ category: result.filter.category }, base)} className="hover:underline">
                  {heading.category}
                </Link>
              </li>
            </>
          )}
        </ol>
        {filtered && (
          <Link to={base} className="ml-auto font-medium text-brand-700 hover:underline">
            {i18n._("Clear Filters")}
          </Link>
        )}
      </nav>
      <div className="mt-4 flex flex-col gap-6 md:flex-row">
        <Sidebar categories={categories} filter={result.filter} query={query} base={base} />
        <section className="min-w-0 flex-1" aria-labelledby="listing-title">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h1 id="listing-title" className="text-2xl font-semibold">
                {title}
              </h1>
              <p className="text-sm text-stone-600" role="status">
                {i18n._("{count, plural, one {# product} other {# products}}", { count: result.total })}
              </p>
              {query.search && result.help && <SearchHelp search={query.search} help={result.help} base={base} />}
              {unknownCategory && (
                <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {heading.category
                    ? i18n._("We have no category called “{name}”. Here is everything in {category}.", { name: unknownCategory, category: heading.category })
                    : i18n._("We have no category called “{name}”. Here is everything we sell.", { name: unknownCategory })}
                </p>
              )}
            </div>
            <Filters query={query} base={base} />
          </div>
          <div className="mt-4">
            {result.cards.length === 0 ? (
              <div className="space-y-4 rounded-lg bg-stone-50 px-4 py-12 text-center text-stone-700">
                <p>{i18n._("No products match your filter.")}</p>
                {query.search && result.help && <CategoriesToTry help={result.help} base={base} />}
              </div>
            ) : (
              <>
                {/* The cards' titles are h3s: the outline needs this level between them and the h1. */}
                <h2 className="sr-only">{i18n._("Products")}</h2>
                <ProductGrid cards={result.cards} eagerCount={4} withVariant label={i18n._("Products")} />
              </>
            )}
          </div>
          <Pagination query={query} page={result.page} pageCount={result.pageCount} base={base} />
          <BackToTop threshold={200} />
        </section>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  if (!loaderData) return [{ title: `${i18n._("Shop")} | ${store.name}` }];
  const { query, heading, base, unknownCategory } = loaderData;
  const origin = originOf(matches);
  const name = query.search
    ? i18n._("Search: {search}", { search: query.search })
    : (heading.sub ?? heading.category ?? (unknownCategory ? i18n._("All products") : i18n._("Shop all products")));
  // Each language's listing is its own canonical, and names the other (as pageMeta does).
  const path = listingHref({ ...query, search: query.search }, base === "/shopretail" ? "/products" : base);
  return [
    { title: `${name} | ${store.name}` },
    {
      name: "description",
      content: i18n._("{name} at {store}: groceries, gourmet food and gifts with delivery tomorrow in Gurugram. Prices include GST.", { name, store: store.name }),
    },
    { tagName: "link", rel: "canonical", href: origin + pathIn(i18n.locale, path) },
    ...languageAlternates(origin, path),
    ...(query.search || unknownCategory ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};
