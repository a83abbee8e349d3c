import { Link } from "react-router";
import { catalogueShouldRevalidate } from "../components/revalidate.ts";
import { ContactForm } from "../components/contact/ContactForm.tsx";
import { contactForm } from "../server/forms/contact.server.ts";
import { CategoryTiles } from "../components/home/CategoryTiles.tsx";
import { HomeBanners, PromoCards, StoreCarousel, TrustBadges } from "../components/home/HomeSections.tsx";
import { ProductGrid } from "../components/ProductCard.tsx";
import { NEW_PRODUCTS_COUNT } from "../content/home.ts";
import { shopOf } from "../server/context.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { localBusinessJsonLd } from "../components/home/home-jsonld.ts";
import { originOf, pageMeta } from "../components/seo.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = shopOf(context);
  const [categories, newProducts] = await Promise.all([shop.catalog.categories(), shop.catalog.newProducts(NEW_PRODUCTS_COUNT)]);
  return { categories, newProducts };
}

// The contact form on this page answers here (app/server/forms/contact.server.ts).
export const action = contactForm.run;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export const shouldRevalidate = catalogueShouldRevalidate;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, newProducts } = loaderData;
  return (
    <>
      <h1 className="sr-only">{store.name}: groceries, gourmet food and gifts, delivered tomorrow in Gurugram</h1>
      <HomeBanners />
      <Section title="Curated For You" viewAll>
        <CategoryTiles categories={categories} />
      </Section>
      <Section title="New Products" viewAll>
        {/* The first 5 cards' pictures load at once (browsing §2), after the banner's. */}
        <ProductGrid cards={newProducts} eagerCount={5} lead={false} label="New products" />
      </Section>
      <Section title="Our Store">
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

function Section({ title, viewAll = false, children }: { title: string; viewAll?: boolean; children: React.ReactNode }) {
  const id = title.toLowerCase().replace(/\s+/g, "-");
  return (
    <section aria-labelledby={id} className="mx-auto mt-10 max-w-7xl px-4">
      <div className="mb-4 flex items-end justify-between">
        <h2 id={id} className="text-xl font-semibold md:text-2xl">
          {title}
        </h2>
        {viewAll && (
          <Link to="/shopretail" className="text-sm font-medium text-brand-700 hover:underline">
            View All<span className="sr-only"> {title}</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originOf(matches);
  return [
    ...pageMeta({
      title: "Groceries, gourmet food and gifts, delivered tomorrow in Gurugram",
      description: "Shop rice, dals, atta, spices, dry fruits, farm-fresh produce, dinnerware and gift hampers online. Whole-rupee prices including GST, delivery tomorrow in Gurugram.",
      path: "/",
      origin,
    }),
    { "script:ld+json": localBusinessJsonLd(origin) },
  ];
};
