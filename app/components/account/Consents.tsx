// My Account's consents (issue 48 item 2): each purpose with where it stands and one button, and
// the ledger's history. Plain forms: each works without JavaScript.
import { Form, Link } from "react-router";
import { CONSENT_MESSAGES, CONSENT_PURPOSE_LABELS, CONSENT_VIA_LABELS, type ConsentPurpose, type ConsentRecord } from "../../domain/privacy/consent.ts";
import { attributeIn } from "../../domain/pack-size.ts";
import { privacy } from "../forms.ts";
import { useI18n, type I18n } from "../i18n.tsx";

const WHEN: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" };

export interface ConsentsShown {
  newsletter: "given" | "waiting" | "not-given" | "unconfirmed" | null;
  orderSms: boolean | null;
  offersSms: boolean | null;
  notifyMe: { id: number; title: string; attribute: string; createdAt: string }[];
  /** The ledger's lines, their times as sent to the page. */
  history: (Omit<ConsentRecord, "at"> & { at: string })[];
}

function ChangeButton({ purpose, give, request, label }: { purpose: ConsentPurpose; give: boolean; request?: number; label: string }) {
  const i18n = useI18n();
  return (
    <Form method="post" action={privacy.action}>
      {give ? (
        <>
          <input type="hidden" {...privacy.intent("give")} />
          <input type="hidden" name={privacy.field("give", "purpose")} value={purpose} />
        </>
      ) : (
        <>
          <input type="hidden" {...privacy.intent("withdraw")} />
          <input type="hidden" name={privacy.field("withdraw", "purpose")} value={purpose} />
          {request !== undefined && <input type="hidden" name={privacy.field("withdraw", "request")} value={request} />}
        </>
      )}
      <button
        type="submit"
        aria-label={give ? i18n._("Give consent: {purpose}", { purpose: label }) : i18n._("Withdraw: {purpose}", { purpose: label })}
        className={
          give
            ? "rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800"
            : "rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800"
        }
      >
        {i18n._(give ? CONSENT_MESSAGES.give : CONSENT_MESSAGES.withdraw)}
      </button>
    </Form>
  );
}

function Row({ label, state, children }: { label: string; state: string; children?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3">
      <div className="min-w-0">
        <p className="font-medium">{label}</p>
        <p className="text-sm text-stone-600">{state}</p>
      </div>
      {children}
    </li>
  );
}

/** An SMS purpose: given or not on the verified number, or the way to verify one. */
function SmsRow({ purpose, on }: { purpose: "order-sms" | "offers-sms"; on: boolean | null }) {
  const i18n = useI18n();
  const label = i18n._(CONSENT_PURPOSE_LABELS[purpose]);
  if (on === null)
    return (
      <Row label={label} state={i18n._(CONSENT_MESSAGES.needsMobile)}>
        <Link to="/myaccount/mobile" className="text-sm font-medium text-brand-700 underline">
          {i18n._("Add a mobile number")}
        </Link>
      </Row>
    );
  return (
    <Row label={label} state={i18n._(on ? CONSENT_MESSAGES.given : CONSENT_MESSAGES.notGiven)}>
      <ChangeButton purpose={purpose} give={!on} label={label} />
    </Row>
  );
}

export function ConsentList({ consents }: { consents: ConsentsShown }) {
  const i18n = useI18n();
  const newsletter = i18n._(CONSENT_PURPOSE_LABELS.newsletter);
  const notify = i18n._(CONSENT_PURPOSE_LABELS["notify-me"]);
  return (
    <ul aria-label={i18n._("Consents")} className="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200">
      {consents.newsletter === null || consents.newsletter === "unconfirmed" ? (
        <Row label={newsletter} state={i18n._(consents.newsletter === null ? CONSENT_MESSAGES.needsEmail : CONSENT_MESSAGES.needsConfirmedEmail)} />
      ) : (
        <Row
          label={newsletter}
          state={i18n._(consents.newsletter === "given" ? CONSENT_MESSAGES.given : consents.newsletter === "waiting" ? CONSENT_MESSAGES.waiting : CONSENT_MESSAGES.notGiven)}
        >
          <ChangeButton purpose="newsletter" give={consents.newsletter === "not-given"} label={newsletter} />
        </Row>
      )}
      <SmsRow purpose="order-sms" on={consents.orderSms} />
      <SmsRow purpose="offers-sms" on={consents.offersSms} />
      {consents.notifyMe.length === 0 ? (
        <Row label={notify} state={i18n._("Not given: ask on a product page that is out of stock.")} />
      ) : (
        consents.notifyMe.map((r) => {
          // The pack size too: two sizes of one product are two requests, each its own button.
          const label = `${notify}: ${r.title} ${attributeIn(i18n, r.attribute)}`.trim();
          return (
            <Row key={r.id} label={label} state={`${i18n._(CONSENT_MESSAGES.given)} · ${i18n.date(r.createdAt, WHEN)}`}>
              <ChangeButton purpose="notify-me" give={false} request={r.id} label={label} />
            </Row>
          );
        })
      )}
    </ul>
  );
}

/** What a line records: given, withdrawn, or ended by the message it asked for. */
function changeOf(i18n: I18n, h: ConsentsShown["history"][number]): string {
  return i18n._(h.granted ? CONSENT_MESSAGES.given : h.via === "served" || h.via === "item-removed" ? CONSENT_MESSAGES.ended : CONSENT_MESSAGES.withdrawnLabel);
}

/** The ledger, newest first: when, what, given or withdrawn, how, under which notice. */
export function ConsentHistory({ history }: { history: ConsentsShown["history"] }) {
  const i18n = useI18n();
  if (history.length === 0) return <p className="mt-2 text-sm text-stone-600">{i18n._(CONSENT_MESSAGES.noHistory)}</p>;
  return (
    <ol aria-label={i18n._(CONSENT_MESSAGES.history)} className="mt-2 divide-y divide-stone-100 text-sm">
      {history.map((h, i) => (
        <li key={i} className="grid gap-x-3 py-2 sm:grid-cols-[11rem_1fr]">
          <span className="text-stone-600">{i18n.date(h.at, WHEN)}</span>
          <span>
            <span className="font-medium">
              {i18n._(CONSENT_PURPOSE_LABELS[h.purpose])}
              {h.detail && ` (${h.detail})`}
            </span>
            {" · "}
            {changeOf(i18n, h)}
            {" · "}
            {i18n._(CONSENT_VIA_LABELS[h.via])}
            {h.noticeVersion && (
              <span className="text-stone-600">
                {" · "}
                {i18n._("Notice of {version}", { version: h.noticeVersion })}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
