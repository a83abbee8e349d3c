// The four policy pages, at their spec spellings (/PrivacyPolicy, …); any other casing of
// the path redirects to that one (issue 5). In the page's language: the loader sends only its
// text (policies.hi.ts in Hindi, issue 27).
import { data, redirect } from "react-router";
import { policyByPath } from "../content/policies.ts";
import { POLICIES_HI } from "../content/policies.hi.ts";
import { useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { withoutLocale } from "../domain/i18n/locale.ts";
import { noticeOf } from "../domain/privacy/notice.ts";
import { PrivacyNotice } from "../components/PrivacyNotice.tsx";
import { localeOf } from "../server/i18n.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import type { Route } from "./+types/policy";

export function loader({ url, request }: Route.LoaderArgs) {
  // The path as the routes see it: /hi/PrivacyPolicy is /PrivacyPolicy in Hindi.
  const pathname = withoutLocale(url.pathname);
  const policy = policyByPath(pathname);
  if (!policy) throw data(null, { status: 404 });
  if (pathname !== policy.path) throw redirect(policy.path, 301);
  const locale = localeOf(request);
  const shown = locale === "hi" ? (POLICIES_HI.find((p) => p.path === policy.path) ?? policy) : policy;
  // The privacy notice's items, generated from what the shop holds (issue 48).
  return { policy: shown, notice: shown.sections.some((section) => section.notice) ? noticeOf(locale) : null };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { policy, notice } = loaderData;
  const i18n = useI18n();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{policy.title}</h1>
      <p className="mt-1 text-sm text-stone-600">{i18n._("Last updated {date}", { date: policy.updated })}</p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
          {section.notice && notice && <PrivacyNotice notice={notice} />}
        </section>
      ))}
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.policy.title,
        description: loaderData.policy.description,
        path: loaderData.policy.path,
        origin: originOf(matches),
        locale: localeOfMatches(matches),
      })
    : [];
