// /contact: the contact form with the office details; its action creates a ticket.
import { ContactForm } from "../components/contact/ContactForm.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { contactForm } from "../server/forms/contact.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/contact";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export const action = contactForm.run;

export default function Contact() {
  const s = store.support;
  const i18n = useI18n();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-3xl font-semibold">{i18n._("Contact Us")}</h1>
        <p className="mt-2 text-stone-700">
          {i18n._("Questions about an order, a hamper for an occasion, or our café and market? Write to us and we will answer within a working day.")}
        </p>
        <div className="mt-6">
          <ContactForm id="contact-page" heading={i18n._("Send us a message")} />
        </div>
      </div>
      <aside aria-labelledby="office-title" className="rounded-lg bg-stone-50 p-5 text-sm">
        <h2 id="office-title" className="text-lg font-semibold">
          {i18n._("Our office")}
        </h2>
        <p className="mt-2">{store.company.legalName}</p>
        <p className="text-stone-700">{store.company.address}</p>
        <p className="mt-3">
          <span className="font-medium">{i18n._("Support hours:")}</span> {i18n._(s.hours)}
        </p>
        <p>
          <span className="font-medium">{i18n._("Phone:")}</span> <a href={`tel:${s.phone.replace(/\s/g, "")}`}>{s.phone}</a>
        </p>
        <p>
          <span className="font-medium">{i18n._("Need help with your order?")}</span> <a href={`mailto:${s.email}`}>{s.email}</a>
        </p>
      </aside>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("Contact Us"),
    description: i18n._("Write to {shop}'s support team about orders, hampers, the café and the market.", { shop: store.name }),
    path: "/contact",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
