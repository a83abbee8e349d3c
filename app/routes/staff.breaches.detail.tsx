// /staff/breaches/{id}: one breach (issue 48 item 6, decision 087): what staff recorded, the
// shoppers' notice as each will read it (mail in English and Hindi, the SMS), the button that sends
// it, the Board's notice drafted under rule 7(2) with its 72-hour deadline, and the log of sending.
import { staffTime } from "../components/staff/staff-time.ts";
import { data, Form } from "react-router";
import { BreachNoticeLog } from "../components/staff/BreachNoticeLog.tsx";
import { privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { staffBreaches } from "../components/forms.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { parseId } from "../domain/ids.ts";
import { BREACH_STAFF_MESSAGES, breachDrafts, itemsSaid } from "../domain/privacy/breach.ts";
import { count } from "../domain/plural.ts";
import { store } from "../domain/store-config.ts";
import { appEnv } from "../server/env.server.ts";
import { staffBreachesForm } from "../server/forms/staff-privacy.server.ts";
import { waysIn } from "../server/ways-in.server.ts";
import type { Route } from "./+types/staff.breaches.detail";

export async function loader({ context, params }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const id = parseId(params.id);
  const breach = id === null ? null : await reads.breaches.get(id);
  if (!breach) throw data(BREACH_STAFF_MESSAGES.notFound, { status: 404 });
  const drafts = breachDrafts(breach, new URL(appEnv().publicOrigin).host, store);
  return {
    breach: { ...breach, items: itemsSaid(breach.items, "en") },
    ...drafts,
    // Said by the server's clock alone, so the page reads the same before and after hydration.
    late: !breach.boardNotifiedAt && drafts.deadline.getTime() < Date.now(),
    notices: await reads.breaches.notices(breach.id, 200),
  };
}

export const action = staffBreachesForm.run;

const button = "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800";

export default function StaffBreach({ loaderData, actionData }: Route.ComponentProps) {
  const { breach, deadline, late, board, shoppers, notices } = loaderData;
  const refusal = refusalOf(actionData);
  const { counts } = breach;
  return (
    <article aria-labelledby="breach-title" className="mt-6 max-w-3xl space-y-8">
      <div>
        <h1 id="breach-title" className="text-2xl font-semibold">
          Breach {breach.id}
        </h1>
        {refusal && <RefusalNotice reply={actionData} />}
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium">What happened</dt>
          <dd className="whitespace-pre-line">{breach.what}</dd>
          <dt className="font-medium">Where</dt>
          <dd>{breach.location}</dd>
          <dt className="font-medium">Found</dt>
          <dd>{staffTime.format(new Date(breach.foundAt))}</dd>
          <dt className="font-medium">Happened</dt>
          <dd>{breach.occurredAt ? staffTime.format(new Date(breach.occurredAt)) : "Not known"}</dd>
          <dt className="font-medium">Data touched</dt>
          <dd>{breach.items.join("; ")}</dd>
          <dt className="font-medium">Whose</dt>
          <dd>{breach.everyone ? `Every shopper (${count(counts.people, "shopper")})` : count(counts.people, "shopper")}</dd>
        </dl>
      </div>

      <section aria-labelledby="shoppers-notice-title">
        <h2 id="shoppers-notice-title" className="text-lg font-semibold">
          The shoppers&apos; notice
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Each shopper gets it by e-mail and by SMS where the account has them, in the language they chose, and finds it in My Account. Sent: {count(counts.sent.mail, "e-mail")} and{" "}
          {counts.sent.sms} SMS; {counts.waiting} waiting; {counts.failed} failed.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" {...staffBreaches.intent("notify")} />
          <input type="hidden" name={staffBreaches.field("notify", "breach")} value={breach.id} />
          <button type="submit" className={button}>
            {breach.noticesQueuedAt ? "Send to anyone not told yet" : `Send the notices to ${count(counts.people, "shopper")}`}
          </button>
        </Form>
        {shoppers.map((d) => (
          <details key={d.locale} className="mt-3 rounded-md border border-stone-200 p-3 text-sm" open={d.locale === "en"}>
            <summary className="cursor-pointer font-medium">{d.locale === "en" ? "In English" : "In Hindi"}</summary>
            <p className="mt-2 font-medium" lang={d.locale}>
              {d.subject}
            </p>
            <pre className="mt-1 font-sans whitespace-pre-wrap" lang={d.locale}>
              {d.text}
            </pre>
            <p className="mt-2 font-medium">{d.locale === "en" ? "SMS" : "SMS (in Hindi where MSG91_TEMPLATE_BREACH_HI is set; else the English one, linking to the Hindi page)"}</p>
            <p lang={d.locale}>{d.sms}</p>
          </details>
        ))}
      </section>

      <section aria-labelledby="board-notice-title">
        <h2 id="board-notice-title" className="text-lg font-semibold">
          The Board&apos;s notice
        </h2>
        <p className={`mt-1 text-sm ${late ? "font-semibold text-red-800" : "text-stone-700"}`}>
          {breach.boardNotifiedAt
            ? `Sent ${staffTime.format(new Date(breach.boardNotifiedAt))}: ${breach.boardReference}.`
            : `${late ? "Overdue: the detailed report was due" : "The detailed report is due"} by ${staffTime.format(new Date(deadline))}. Send it through the Board's own channel, then record it here.`}
        </p>
        <label htmlFor="board-draft" className="mt-3 block text-sm font-medium">
          Draft (English)
        </label>
        <textarea id="board-draft" readOnly rows={16} value={board} className="mt-1 w-full rounded-md border border-stone-300 p-2 font-mono text-xs" />
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" {...staffBreaches.intent("board")} />
          <input type="hidden" name={staffBreaches.field("board", "breach")} value={breach.id} />
          <div className="flex flex-col text-sm">
            <label htmlFor="board-reference" className="font-medium">
              The Board&apos;s reference, or how it was sent
            </label>
            <input id="board-reference" name={staffBreaches.field("board", "reference")} required maxLength={200} className="mt-1 rounded-md border border-stone-300 px-2 py-1.5" />
          </div>
          <button type="submit" className={button}>
            Record as sent to the Board
          </button>
        </Form>
      </section>

      <BreachNoticeLog notices={notices} />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(matches, { title: `Breach ${params.id} · Staff`, description: "A breach of personal data: its notices and their sending.", path: `/staff/breaches/${params.id}` });
