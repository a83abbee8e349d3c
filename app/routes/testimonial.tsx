// /testimonial: what guests say (Specification: Route table).
import { Testimonials } from "../components/brand/Testimonials.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/testimonial";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function TestimonialPage() {
  const i18n = useI18n();
  return (
    <div className="py-6">
      <h1 className="mx-auto max-w-5xl px-4 text-3xl font-semibold">{i18n._("Testimonials")}</h1>
      <Testimonials heading={i18n._("Guests of {name}, in their words", { name: store.name })} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("Testimonials"),
    description: i18n._("What shoppers and guests say about {name}.", { name: store.name }),
    path: "/testimonial",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
