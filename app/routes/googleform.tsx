// /googleform: the old app's external feedback form, not shown in the spec. A shopper who
// follows that link expects to give feedback: here it is our own form, which makes a ticket
// like any message (decision 015), with nothing sent to a third party.
import { ContactForm } from "../components/contact/ContactForm.tsx";
import { contactForm } from "../server/forms/contact.server.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/googleform";

// The contact form on this page answers here (app/server/forms/contact.server.ts).
export const action = contactForm.run;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function Feedback() {
  const i18n = useI18n();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{i18n._("Share your feedback")}</h1>
      <p className="mt-2 text-stone-700">{i18n._("Tell us what you liked, what we could do better, or what you would like us to stock. Every message is read by our team.")}</p>
      <div className="mt-6">
        <ContactForm id="feedback" heading={i18n._("Your feedback")} />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("Share your feedback"),
    description: i18n._("Tell {shop} what you think.", { shop: store.name }),
    path: "/googleform",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
