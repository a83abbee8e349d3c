// /aboutus: hero, brand, vision, director's message, guest testimonials, what makes us
// unique, and the contact form (Specification: Content pages). In the page's language: the loader sends only its
// texts (brand.hi.ts in Hindi, issue 27).
import { Testimonials } from "../components/brand/Testimonials.tsx";
import { ContactForm } from "../components/contact/ContactForm.tsx";
import { contactForm } from "../server/forms/contact.server.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { ABOUT } from "../content/brand.ts";
import { ABOUT_HI } from "../content/brand.hi.ts";
import { localeOf } from "../server/i18n.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/aboutus";

// The contact form on this page answers here (app/server/forms/contact.server.ts).
export const action = contactForm.run;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export function loader({ request }: Route.LoaderArgs) {
  return { about: localeOf(request) === "hi" ? ABOUT_HI : ABOUT };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  const i18n = useI18n();
  return (
    <div>
      <section className="bg-brand-800 px-4 py-16 text-center text-white">
        <h1 className="text-4xl font-semibold">{about.hero.title}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">{about.hero.text}</p>
      </section>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2">
        <section aria-labelledby="brand-title">
          <h2 id="brand-title" className="text-2xl font-semibold">
            {i18n._("Our story")}
          </h2>
          {about.brand.map((p) => (
            <p key={p.slice(0, 30)} className="mt-3 leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
        </section>
        <section aria-labelledby="vision-title">
          <h2 id="vision-title" className="text-2xl font-semibold">
            {i18n._("Our vision")}
          </h2>
          <p className="mt-3 leading-relaxed text-stone-800">{about.vision}</p>
          <h2 className="mt-8 text-2xl font-semibold">{i18n._("A message from our director")}</h2>
          {about.director.message.map((p) => (
            <p key={p.slice(0, 30)} className="mt-3 italic leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
          <p className="mt-3 font-medium">
            {about.director.name}, {about.director.role}
          </p>
        </section>
      </div>
      <Testimonials />
      <section aria-labelledby="unique-title" className="mx-auto max-w-5xl px-4 py-10">
        <h2 id="unique-title" className="text-2xl font-semibold">
          {i18n._("What makes us unique")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {about.unique.map((u) => (
            <li key={u.title} className="rounded-lg bg-stone-50 p-4">
              <h3 className="font-semibold">{u.title}</h3>
              <p className="mt-1 text-sm text-stone-700">{u.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="mx-auto max-w-3xl px-4 pb-6">
        <ContactForm id="about-contact" />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("About Us"),
    description: i18n._("{shop}: a Gurugram family business selling honest groceries and gourmet food since 2014.", { shop: store.name }),
    path: "/aboutus",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
