// /aboutus: hero, brand, vision, director's message, guest testimonials, what makes us
// unique, and the contact form (browsing §2).
import { Testimonials } from "../components/brand/Testimonials.tsx";
import { ContactForm } from "../components/contact/ContactForm.tsx";
import { contactForm } from "../server/forms/contact.server.ts";
import { originOf, pageMeta } from "../components/seo.ts";
import { ABOUT } from "../content/brand.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/aboutus";

// The contact form on this page answers here (app/server/forms/contact.server.ts).
export const action = contactForm.run;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function AboutUs() {
  return (
    <div>
      <section className="bg-brand-800 px-4 py-16 text-center text-white">
        <h1 className="text-4xl font-semibold">{ABOUT.hero.title}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">{ABOUT.hero.text}</p>
      </section>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-2">
        <section aria-labelledby="brand-title">
          <h2 id="brand-title" className="text-2xl font-semibold">
            Our story
          </h2>
          {ABOUT.brand.map((p) => (
            <p key={p.slice(0, 30)} className="mt-3 leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
        </section>
        <section aria-labelledby="vision-title">
          <h2 id="vision-title" className="text-2xl font-semibold">
            Our vision
          </h2>
          <p className="mt-3 leading-relaxed text-stone-800">{ABOUT.vision}</p>
          <h2 className="mt-8 text-2xl font-semibold">A message from our director</h2>
          {ABOUT.director.message.map((p) => (
            <p key={p.slice(0, 30)} className="mt-3 italic leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
          <p className="mt-3 font-medium">
            {ABOUT.director.name}, {ABOUT.director.role}
          </p>
        </section>
      </div>
      <Testimonials />
      <section aria-labelledby="unique-title" className="mx-auto max-w-5xl px-4 py-10">
        <h2 id="unique-title" className="text-2xl font-semibold">
          What makes us unique
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ABOUT.unique.map((u) => (
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

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description: `${store.name}: a Gurugram family business selling honest groceries and gourmet food since 2014.`,
    path: "/aboutus",
    origin: originOf(matches),
  });
