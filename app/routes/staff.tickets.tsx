// /staff/tickets: the contact tickets not closed, newest first (issue 14); ?ticket=N opens one
// to read, answer (mailed to the sender, shown on the ticket's page) and close.
import { staffTime } from "../components/staff/staff-time.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { Form, Link } from "react-router";
import { staffTickets } from "../components/forms.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { parseId } from "../domain/ids.ts";
import { staffTicketsForm } from "../server/forms/staff.server.ts";
import { staffTicket } from "../server/access.server.ts";
import type { Route } from "./+types/staff.tickets";

export async function loader({ context, url }: Route.LoaderArgs) {
  const [inbox, open] = await Promise.all([waysIn(context).reads.tickets.inbox(), staffTicket(context, parseId(url.searchParams.get("ticket")))]);
  return { inbox, open, here: url.pathname + url.search };
}

export const action = staffTicketsForm.run;

export default function StaffTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { inbox, open, here } = loaderData;
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-[18rem_1fr]">
      <section aria-labelledby="inbox-title">
        <h1 id="inbox-title" className="text-2xl font-semibold">
          Tickets
        </h1>
        {inbox.length === 0 && <p className="mt-3 text-stone-700">No open tickets.</p>}
        <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
          {inbox.map((t) => (
            <li key={t.id} className="p-2">
              <Link to={`/staff/tickets?ticket=${t.id}`} className="font-medium text-brand-800 underline">
                {t.name}: {t.subject}
              </Link>
              <p className="text-stone-600">
                {t.senderName} · {t.status === "open" ? "Open" : "Answered"}
              </p>
            </li>
          ))}
        </ul>
      </section>
      {open && (
        <article aria-labelledby="ticket-title">
          <h2 id="ticket-title" className="text-xl font-semibold">
            {open.name}: {open.subject}
          </h2>
          <p className="text-sm text-stone-600">
            {open.senderName} &lt;{open.email}&gt; · {staffTime.format(new Date(open.createdAt))} · {open.status}
          </p>
          <p className="mt-3 whitespace-pre-line">{open.message}</p>
          {open.replies.map((r, i) => (
            <div key={i} className="mt-3 rounded-md bg-brand-50 p-3 text-sm">
              <p className="font-medium">Answered {staffTime.format(new Date(r.at))}</p>
              <p className="whitespace-pre-line">{r.body}</p>
            </div>
          ))}
          <RefusalNotice reply={actionData} className="mt-3" />
          <Form method="post" className="mt-4 space-y-2">
            <input type="hidden" {...staffTickets.intent("answer")} />
            <input type="hidden" name={staffTickets.field("answer", "ticket")} value={open.id} />
            <input type="hidden" name="redirectTo" value={here} />
            <label htmlFor="answer" className="block text-sm font-medium">
              Answer
            </label>
            <textarea id="answer" name={staffTickets.field("answer", "answer")} rows={5} maxLength={4000} className="w-full rounded-md border border-stone-300 p-2" />
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              Send answer
            </button>
          </Form>
          <Form method="post" className="mt-3">
            <input type="hidden" {...staffTickets.intent("close")} />
            <input type="hidden" name={staffTickets.field("close", "ticket")} value={open.id} />
            <button type="submit" className="rounded-md border border-stone-400 px-4 py-2 text-sm font-medium">
              Close ticket
            </button>
          </Form>
        </article>
      )}
    </div>
  );
}
