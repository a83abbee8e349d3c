// The breaches that touched the shopper (issue 48 item 6): each notice as mailed, kept in My
// Account (DPDP Rules r.7(1): through the user's account). Shown only when there is one.
import type { ShopperNotice } from "../../domain/privacy/breach.ts";
import { BREACH_MESSAGES } from "../../domain/privacy/rights.ts";
import { useI18n } from "../i18n.tsx";

type Notice = ShopperNotice & { id: number; notifiedAt: string };

export function SecurityNotices({ notices }: { notices: Notice[] }) {
  const i18n = useI18n();
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="security-notices-title" className="mt-6 rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h2 id="security-notices-title" className="text-lg font-semibold">
        {i18n._(BREACH_MESSAGES.heading)}
      </h2>
      {notices.map((n) => (
        <article key={n.id} aria-labelledby={`security-notice-${n.id}`} className="mt-3">
          <h3 id={`security-notice-${n.id}`} className="font-semibold">
            {n.subject}
          </h3>
          <p className="text-sm text-stone-700">
            {i18n._(BREACH_MESSAGES.notifiedOn, { date: i18n.date(n.notifiedAt, { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }) })}
          </p>
          <p className="mt-2">{n.opening}</p>
          <dl className="mt-2 space-y-2">
            {n.sections.map((s) => (
              <div key={s.heading}>
                <dt className="font-medium">{s.heading}</dt>
                <dd className="whitespace-pre-line">{s.body}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm">{n.contact}</p>
        </article>
      ))}
    </section>
  );
}
