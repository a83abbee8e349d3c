// /myaccount/privacy: the shopper's consents (issue 48 item 2, decision 084): each purpose with
// where it stands and a button to withdraw (or give) it, and the history of each change; and
// 'Download my data' (item 3, decision 085).
import { titleIn } from "../domain/catalog.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { ConsentHistory, ConsentList } from "../components/account/Consents.tsx";
import { DataExport } from "../components/account/DataExport.tsx";
import { SecurityNotices } from "../components/account/SecurityNotices.tsx";
import { shopperNotice } from "../domain/privacy/breach.ts";
import { store } from "../domain/store-config.ts";
import { DeleteAccount } from "../components/account/DeleteAccount.tsx";
import { signedInOf } from "../server/auth/session.server.ts";
import { erasureProof } from "../server/use-cases/erasure.server.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { PrivacyNoticeLink } from "../components/PrivacyNoticeLink.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { FormErrors } from "../components/auth/Field.tsx";
import { refusalOf } from "../domain/form-reply.ts";
import { CONSENT_MESSAGES } from "../domain/privacy/consent.ts";
import { customerIn } from "../server/access.server.ts";
import { privacyForm } from "../server/forms/privacy.server.ts";
import { exportLink } from "../server/privacy/export-link.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import type { Route } from "./+types/myaccount.privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const reads = waysIn(context).reads;
  const locale = localeIn(context);
  const [view, requests, exported, proof, breaches] = await Promise.all([
    reads.consents.view(customer),
    reads.stockRequests.list(customer),
    reads.dataExports.latest(customer.id),
    erasureProof(reads, customer, signedInOf(context)?.token ?? ""),
    reads.breaches.forCustomer(customer.id),
  ]);
  return {
    // Breaches that touched the shopper (item 6): the notice stays in their account (DPDP Rules r.7(1)).
    breaches: breaches.map((b) => ({ id: b.id, notifiedAt: b.notifiedAt.toISOString(), ...shopperNotice(b, i18nFor(locale), locale, store) })),
    proof,
    exported: exported && {
      id: exported.id,
      // The link with its key (made here: the key is the server's secret's).
      link: exportLink(exported.id, customer.id, locale),
      status: exported.status,
      bytes: exported.bytes,
      expiresAt: exported.expiresAt?.toISOString() ?? null,
      // Past its hours now, by the server's clock (the page reads the same before and after hydration).
      expired: exported.status === "ready" && exported.expiresAt !== null && exported.expiresAt.getTime() <= Date.now(),
      downloadedAt: exported.downloadedAt?.toISOString() ?? null,
    },
    hasEmail: Boolean(customer.email),
    consents: {
      newsletter: view.newsletter,
      orderSms: view.orderSms,
      offersSms: view.offersSms,
      notifyMe: requests.map((r) => ({ id: r.id, title: titleIn(locale, r), attribute: r.attribute, createdAt: r.createdAt.toISOString() })),
      history: view.history.map((h) => ({ ...h, at: h.at.toISOString() })),
    },
  };
}

export const action = privacyForm.run;

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  // A refusal said as a toast is shown there; any other (a request already ended, too many mails) here.
  const refusal = refusalOf(actionData);
  const deleting = refusal?.intent === "delete-account";
  return (
    <section aria-labelledby="privacy-title" className="max-w-2xl">
      <h1 id="privacy-title" className="text-2xl font-semibold">
        {i18n._(CONSENT_MESSAGES.title)}
      </h1>
      <p className="mt-2 text-stone-700">{i18n._(CONSENT_MESSAGES.intro)}</p>
      {refusal && !refusal.toasted && !deleting && (
        <div className="mt-4">
          <FormErrors errors={[refusal.error]} id="privacy-refusal" />
        </div>
      )}
      <SecurityNotices notices={loaderData.breaches} />
      <ConsentList consents={loaderData.consents} />
      <h2 className="mt-8 text-lg font-semibold">{i18n._(CONSENT_MESSAGES.history)}</h2>
      <ConsentHistory history={loaderData.consents.history} />
      <DataExport exported={loaderData.exported} hasEmail={loaderData.hasEmail} />
      <DeleteAccount proof={loaderData.proof} refused={deleting ? refusal.result : undefined} />
      <div className="mt-6">
        <PrivacyNoticeLink />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._(CONSENT_MESSAGES.title), description: i18n._(CONSENT_MESSAGES.description), path: "/myaccount/privacy" });
};

export function ErrorBoundary() {
  const i18n = useI18n();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{i18n._(CONSENT_MESSAGES.title)}</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {i18n._("Please try again in a moment.")}
      </p>
    </section>
  );
}
