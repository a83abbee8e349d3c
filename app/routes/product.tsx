import { waysIn } from "../server/ways-in.server.ts";
import { data, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { localeIn } from "../server/i18n.server.ts";
import { cardsIn, detailIn } from "../domain/i18n/catalogue.ts";
import { catalogueShouldRevalidate } from "../components/revalidate.ts";
import { ProductGrid } from "../components/ProductCard.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches } from "../components/root-data.ts";
import { languageAlternates } from "../domain/i18n/locale.ts";
import { pathIn } from "../domain/i18n/locale.ts";
import { later } from "../components/later.tsx";
import { ProductSummary } from "../components/product/ProductSummary.tsx";
import { productJsonLd, selectVariant } from "../components/product/product-view.ts";
import { parseDescription } from "../domain/description.ts";
import { reviewStandingOf } from "../server/auth/session.server.ts";
import { documentCarries } from "../server/context.server.ts";
import { useReviewStanding } from "../components/splice-protocol.tsx";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { originOf } from "../components/root-data.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/product";
import { parseId } from "../domain/ids.ts";

// At the foot of the page: its code comes once the page has hydrated (a plain link until then).
const BackToTop = later(import.meta.env.SSR ? await import("../components/BackToTop.tsx") : () => import("../components/BackToTop.tsx"), "BackToTop");

// Their code comes once the page has hydrated (components/later.tsx): until then the server's
// photos show and the thumbnails and tabs are plain links.
const DescriptionTabs = later(
  import.meta.env.SSR ? await import("../components/product/DescriptionTabs.tsx") : () => import("../components/product/DescriptionTabs.tsx"),
  "DescriptionTabs",
);
const Gallery = later(import.meta.env.SSR ? await import("../components/product/Gallery.tsx") : () => import("../components/product/Gallery.tsx"), "Gallery");

export async function loader({ params, context }: Route.LoaderArgs) {
  // Only a plain positive number is a product id; anything else is not found.
  const id = parseId(params.id);
  const reads = waysIn(context).reads;
  const product = id !== null ? await reads.catalog.product(id) : null;
  if (!product) throw data(null, { status: 404 });
  // The standing comes with the session; a shopper who reviewed sees their review at once, whichever instance answers.
  const standing = await reviewStandingOf(context, product.id);
  const [related, reviews] = await Promise.all([reads.catalog.related(product, 5), reads.reviews.forProduct(product, undefined, standing === "reviewed")]);
  // Named in the page's language (issue 27); the description's details stay as the catalogue has them.
  const locale = localeIn(context);
  const { longDesc, ...rest } = detailIn(locale, product);
  const carried = documentCarries(context, "standing", standing ? { productId: product.id, standing } : null);
  // Offered only where the back end keeps standing orders (the ERP does not).
  return {
    product: { ...rest, subscribable: Boolean(rest.subscribable) && reads.capabilities.subscriptions },
    description: parseDescription(longDesc),
    related: cardsIn(locale, related),
    reviews,
    ...(!carried && { standing }),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

// Variant, picture and tab live in the query string but need no new data: switching
// them with JavaScript is instant, and a plain GET without it gives the same page.
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod } = args;
  if (formMethod && formMethod !== "GET") return catalogueShouldRevalidate(args);
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, description, related, reviews } = loaderData;
  const standing = useReviewStanding(product.id, loaderData.standing);
  const [params] = useSearchParams();
  const variant = selectVariant(product.variants, params.get("variant"));
  const listing = `/products?category=${encodeURIComponent(product.categorySlug)}`;
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={i18n._("Breadcrumb")} className="text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:underline">
              {i18n._("Home")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to="/products" className="hover:underline">
              {i18n._("Shop")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={listing} className="hover:underline">
              {product.categoryName}
            </Link>
          </li>
          {product.subSlug && (
            <>
              <li aria-hidden="true">›</li>
              <li>
                <Link to={`${listing}&sub=${encodeURIComponent(product.subSlug)}`} className="hover:underline">
                  {product.subName ?? product.subSlug}
                </Link>
              </li>
            </>
          )}
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="text-stone-900">
            {product.title}
          </li>
        </ol>
      </nav>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <Gallery title={product.title} variant={variant} />
        <ProductSummary product={product} variant={variant} />
      </div>
      <DescriptionTabs productId={product.id} pairs={description} reviews={reviews} standing={standing} />
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="mb-4 text-xl font-semibold">
            {i18n._("Related Products")}
          </h2>
          <ProductGrid cards={related} label={i18n._("Related products")} />
        </section>
      )}
      <BackToTop threshold={300} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  if (!loaderData) return [{ title: `${i18n._("Product not found")} | ${store.name}` }];
  const { product } = loaderData;
  const origin = originOf(matches);
  const variant = selectVariant(product.variants, new URLSearchParams(location.search).get("variant"));
  // Each language's page is its own canonical and names the other (as pageMeta does).
  const path = `/product/${product.id}`;
  const url = origin + pathIn(i18n.locale, path);
  // A photo in a bucket is recorded by its full URL (decision 041); everything else by its path.
  const first = variant.images[0];
  const image = first ? (first.startsWith("/") ? origin + first : first) : undefined;
  // The catalogue's own description stays as it is written; the fallback is the page's language.
  const description = product.shortDesc || i18n._("{title} at {store}, delivered tomorrow in Gurugram.", { title: product.title, store: store.name });
  return [
    { title: `${product.title} | ${store.name}` },
    { name: "description", content: description.slice(0, 160) },
    { tagName: "link", rel: "canonical", href: url },
    ...languageAlternates(origin, path),
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description.slice(0, 200) },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { "script:ld+json": productJsonLd(product, variant, origin, loaderData.reviews) },
  ];
};
