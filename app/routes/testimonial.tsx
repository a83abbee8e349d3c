// /testimonial: what guests say (transactions §2).
import { Testimonials } from "../components/brand/Testimonials.tsx";
import { originOf, pageMeta } from "../components/seo.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/testimonial";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function TestimonialPage() {
  return (
    <div className="py-6">
      <h1 className="mx-auto max-w-5xl px-4 text-3xl font-semibold">Testimonials</h1>
      <Testimonials heading={`Guests of ${store.name}, in their words`} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Testimonials", description: `What shoppers and guests say about ${store.name}.`, path: "/testimonial", origin: originOf(matches) });
