// /landingpage: the brand's stacked sections (Specification: Route table): four
// experiences, marketplace, café, street food, fine dining, testimonials, values and team.
// The brand's words (content/brand.ts) are translated as shown, where the catalogue has them.
import { Link } from "react-router";
import { Testimonials } from "../components/brand/Testimonials.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { BUSINESSES, LANDING } from "../content/brand.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/landingpage";
import { Img } from "../components/ui/Img.tsx";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function LandingPage() {
  const i18n = useI18n();
  return (
    <div>
      <section className="bg-brand-800 px-4 py-16 text-center text-white">
        <h1 className="text-4xl font-semibold">{i18n._("Four ways to taste {name}", { name: store.name })}</h1>
        <ul className="mx-auto mt-8 grid max-w-5xl gap-4 text-left sm:grid-cols-2 lg:grid-cols-4">
          {LANDING.experiences.map((e) => (
            <li key={e.title} className="rounded-lg bg-white/10 p-4">
              <h2 className="font-semibold">
                <Link to={e.to} className="hover:underline">
                  {i18n._(e.title)}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-brand-100">{i18n._(e.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      {BUSINESSES.map((b) => (
        <section key={b.path} aria-labelledby={`landing-${b.path.slice(1)}`} className="mx-auto grid max-w-5xl items-center gap-6 px-4 py-10 md:grid-cols-2">
          <Img src={b.image} alt={i18n._(b.imageAlt)} width={800} height={450} loading="lazy" className="aspect-video w-full rounded-lg object-cover" />
          <div>
            <h2 id={`landing-${b.path.slice(1)}`} className="text-2xl font-semibold">
              {i18n._(b.title)}
            </h2>
            <p className="mt-2 text-stone-700">{i18n._(b.sections[0]!.text)}</p>
            <Link to={b.path} className="mt-3 inline-block font-semibold text-brand-700 underline">
              {i18n._("Visit {place}", { place: i18n._(b.title) })}
            </Link>
          </div>
        </section>
      ))}
      <section aria-labelledby="dining-title" className="bg-stone-50 px-4 py-10">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="dining-title" className="text-2xl font-semibold">
            {i18n._("Fine Dining")}
          </h2>
          <p className="mt-2 text-stone-700">{i18n._(LANDING.fineDining)}</p>
          <Link to="/contact" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {i18n._("Make Reservation")}
          </Link>
        </div>
      </section>
      <Testimonials />
      <section aria-labelledby="values-title" className="mx-auto max-w-5xl px-4 py-10">
        <h2 id="values-title" className="text-2xl font-semibold">
          {i18n._("What Drives Us")}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {LANDING.values.map((v) => (
            <li key={v.title} className="rounded-lg border border-stone-200 p-4">
              <h3 className="font-semibold">{i18n._(v.title)}</h3>
              <p className="mt-1 text-sm text-stone-700">{i18n._(v.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="team-title" className="mx-auto max-w-5xl px-4 pb-10">
        <h2 id="team-title" className="text-2xl font-semibold">
          {i18n._("Our team")}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {LANDING.team.map((t) => (
            <li key={t.role} className="rounded-lg bg-stone-50 p-4">
              <h3 className="font-semibold">{i18n._(t.role)}</h3>
              <p className="text-sm font-medium">{t.name}</p>
              <p className="mt-1 text-sm text-stone-700">{i18n._(t.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("The {name} experience", { name: store.name }),
    description: i18n._("{name}'s marketplace, artisanal café, street food gully and fine dining in Gurugram.", { name: store.name }),
    path: "/landingpage",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
