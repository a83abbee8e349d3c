import { waysIn } from "../server/ways-in.server.ts";
import { Link } from "react-router";
import { localeIn } from "../server/i18n.server.ts";
import { cardsIn, categoriesIn } from "../domain/i18n/catalogue.ts";
import { catalogueShouldRevalidate } from "../components/revalidate.ts";
import { contactForm } from "../server/forms/contact.server.ts";
import { CategoryTiles } from "../components/home/CategoryTiles.tsx";
import { HomeBanners, PromoCards, StoreCarousel, TrustBadges } from "../components/home/HomeSections.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { BANNERS, NEW_PRODUCTS_COUNT } from "../content/home.ts";
import { BANNERS_HI } from "../content/home.hi.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { localBusinessJsonLd } from "../components/home/home-jsonld.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/home";
import { later } from "../components/later.tsx";

// At the foot of the page: its code comes once the page has hydrated (components/later.tsx).
const ContactForm = later(import.meta.env.SSR ? await import("../components/contact/ContactForm.tsx") : () => import("../components/contact/ContactForm.tsx"), "ContactForm");

export async function loader({ context }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const [categories, newProducts] = await Promise.all([reads.catalog.categories(), reads.catalog.newProducts(NEW_PRODUCTS_COUNT)]);
  // Named in the page's language (issue 27).
  const locale = localeIn(context);
  // The banners' pictures say their words in the page's language (issue 41 item 12).
  return { categories: categoriesIn(locale, categories), newProducts: cardsIn(locale, newProducts), banners: locale === "hi" ? BANNERS_HI : BANNERS };
}

// The contact form on this page answers here (app/server/forms/contact.server.ts).
export const action = contactForm.run;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export const shouldRevalidate = catalogueShouldRevalidate;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, newProducts, banners } = loaderData;
  const i18n = useI18n();
  return (
    <>
      <h1 className="sr-only">{i18n._("{name}: groceries, gourmet food and gifts, delivered tomorrow in Gurugram", { name: store.name })}</h1>
      <HomeBanners banners={banners} />
      <Section id="curated-for-you" title={i18n._("Curated For You")} viewAll>
        <CategoryTiles categories={categories} />
      </Section>
      <Section id="new-products" title={i18n._("New Products")} viewAll>
        {/* The first 5 cards' pictures load at once (Specification: Home page), after the banner's. */}
        <ProductGrid cards={newProducts} eagerCount={5} lead={false} label={i18n._("New products")} />
      </Section>
      <Section id="our-store" title={i18n._("Our Store")}>
        <StoreCarousel />
      </Section>
      <PromoCards />
      <TrustBadges />
      <div className="mx-auto mb-12 mt-10 max-w-3xl px-4">
        <ContactForm id="home-contact" />
      </div>
    </>
  );
}

// `id` is the English title's, in every language (what it was when made from the title).
function Section({ id, title, viewAll = false, children }: { id: string; title: string; viewAll?: boolean; children: React.ReactNode }) {
  const i18n = useI18n();
  return (
    <section aria-labelledby={id} className="mx-auto mt-10 max-w-7xl px-4">
      <div className="mb-4 flex items-end justify-between">
        <h2 id={id} className="text-xl font-semibold md:text-2xl">
          {title}
        </h2>
        {viewAll && (
          <Link to="/shopretail" className="text-sm font-medium text-brand-700 hover:underline">
            {i18n._("View All")}
            <span className="sr-only"> {title}</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originOf(matches);
  const i18n = i18nFor(localeOfMatches(matches));
  return [
    ...pageMeta({
      title: i18n._("Groceries, gourmet food and gifts, delivered tomorrow in Gurugram"),
      description: i18n._(
        "Shop rice, dals, atta, spices, dry fruits, farm-fresh produce, dinnerware and gift hampers online. Whole-rupee prices including GST, delivery tomorrow in Gurugram.",
      ),
      path: "/",
      origin,
      locale: i18n.locale,
    }),
    { "script:ld+json": localBusinessJsonLd(origin) },
  ];
};
