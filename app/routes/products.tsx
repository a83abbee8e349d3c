import { CategoriesToTry, SearchHelp } from "../components/listing/SearchHelp.tsx";
import { data, Link } from "react-router";
import { count } from "../domain/plural.ts";
import { catalogueShouldRevalidate } from "../components/revalidate.ts";
import { BackToTop } from "../components/BackToTop.tsx";
import { Filters } from "../components/listing/Filters.tsx";
import { Pagination } from "../components/listing/Pagination.tsx";
import { Sidebar } from "../components/listing/Sidebar.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { listingHref } from "../domain/listing.ts";
import { parseListingQuery } from "../domain/listing-query.ts";
import { shopOf } from "../server/context.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { originOf } from "../components/viewer.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/products";

// Serves both /products and /shopretail (browsing §2: the same listing).
export async function loader({ url, context }: Route.LoaderArgs) {
  const shop = shopOf(context);
  const query = parseListingQuery(url.searchParams);
  const [categories, found] = await Promise.all([shop.catalog.categories(), shop.catalog.listing(query)]);
  const top = categories.find((c) => c.slug === found.filter.category) ?? null;
  const sub = top?.children.find((c) => c.slug === found.filter.sub) ?? null;
  // A category the catalogue does not have (a stale link, a typed URL) is said, with a 404
  // for search engines, and the page lists what there is instead (decision 027).
  const unknownCategory = (found.filter.category && !top) || (found.filter.sub && !sub) ? (top ? query.sub : (query.category ?? query.sub)) : null;
  const result = unknownCategory ? await shop.catalog.listing({ ...query, category: top?.slug ?? null, sub: null }) : found;
  const body = {
    base: url.pathname.startsWith("/shopretail") ? "/shopretail" : "/products",
    query: { ...query, page: result.page },
    result,
    categories,
    heading: { category: top?.name ?? null, sub: sub?.name ?? null },
    unknownCategory,
  };
  return data(body, { status: unknownCategory ? 404 : 200 });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export const shouldRevalidate = catalogueShouldRevalidate;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { base, query, result, categories, heading, unknownCategory } = loaderData;
  const title = query.search ? `Results for “${query.search}”` : (heading.sub ?? heading.category ?? (unknownCategory ? "All products" : "Shop"));
  const filtered = Boolean(query.search || result.filter.category || result.filter.sub || query.min !== 0 || query.max !== 4000 || query.sort !== "relevance");
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={base} className="hover:underline">
              Shop
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
            Clear Filters
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
                {count(result.total, "product")}
              </p>
              {query.search && result.help && <SearchHelp search={query.search} help={result.help} base={base} />}
              {unknownCategory && (
                <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  We have no category called “{unknownCategory}”. Here is {heading.category ? `everything in ${heading.category}` : "everything we sell"}.
                </p>
              )}
            </div>
            <Filters query={query} base={base} />
          </div>
          <div className="mt-4">
            {result.cards.length === 0 ? (
              <div className="space-y-4 rounded-lg bg-stone-50 px-4 py-12 text-center text-stone-700">
                <p>No products match your filter.</p>
                {query.search && result.help && <CategoriesToTry help={result.help} base={base} />}
              </div>
            ) : (
              <>
                {/* The cards' titles are h3s: the outline needs this level between them and the h1. */}
                <h2 className="sr-only">Products</h2>
                <ProductGrid cards={result.cards} eagerCount={4} withVariant label="Products" />
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
  if (!loaderData) return [{ title: `Shop | ${store.name}` }];
  const { query, heading, base, unknownCategory } = loaderData;
  const origin = originOf(matches);
  const name = query.search ? `Search: ${query.search}` : (heading.sub ?? heading.category ?? (unknownCategory ? "All products" : "Shop all products"));
  return [
    { title: `${name} | ${store.name}` },
    { name: "description", content: `${name} at ${store.name}: groceries, gourmet food and gifts with delivery tomorrow in Gurugram. Prices include GST.` },
    { tagName: "link", rel: "canonical", href: origin + listingHref({ ...query, search: query.search }, base === "/shopretail" ? "/products" : base) },
    ...(query.search || unknownCategory ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};
