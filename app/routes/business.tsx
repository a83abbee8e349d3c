// /marketplace, /artisanalcafe and /streetfoodgully: the brand's places (Specification: Route table).
// The pages' words (content/brand.ts) are translated as shown, where the catalogue has them.
import { withoutLocale } from "../domain/i18n/locale.ts";
import { data, Link } from "react-router";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { BUSINESSES } from "../content/brand.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/business";

export function loader({ url }: Route.LoaderArgs) {
  const page = BUSINESSES.find((b) => b.path === withoutLocale(url.pathname).toLowerCase());
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function Business({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const i18n = useI18n();
  return (
    <article>
      <header className="relative">
        <img src={page.image} alt="" width={1600} height={600} className="h-64 w-full object-cover md:h-80" />
        <div className="absolute inset-0 flex flex-col items-center justify-center bg-black/45 px-4 text-center text-white">
          <h1 className="text-4xl font-semibold">{i18n._(page.title)}</h1>
          <p className="mt-2 text-lg">{i18n._(page.tagline)}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {page.sections.map((s) => (
          <section key={s.heading} className="mt-6 first:mt-0">
            <h2 className="text-2xl font-semibold">{i18n._(s.heading)}</h2>
            <p className="mt-2 leading-relaxed text-stone-800">{i18n._(s.text)}</p>
          </section>
        ))}
        <p className="mt-8 rounded-md bg-stone-50 p-4">
          <span className="font-semibold">{i18n._(page.hours)}.</span> {store.company.address}
        </p>
        <p className="mt-6">
          {/* Two links in one sentence: each link's words, and the "or" between them. */}
          <Link to="/products" className="font-semibold text-brand-700 underline">
            {i18n._("Shop online")}
          </Link>{" "}
          {i18n._("or")}{" "}
          <Link to="/contact" className="font-semibold text-brand-700 underline">
            {i18n._("write to us")}
          </Link>
          .
        </p>
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const i18n = i18nFor(localeOfMatches(matches));
  const { page } = loaderData;
  return pageMeta({ title: i18n._(page.title), description: i18n._(page.description), path: page.path, origin: originOf(matches), locale: i18n.locale });
};
