// /tickets/:id: one contact ticket, for its customer or the holder of its secret link.
import { waysIn } from "../server/ways-in.server.ts";
import { data } from "react-router";
import { customerOf } from "../server/auth/session.server.ts";
import type { Route } from "./+types/tickets";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { parseId } from "../domain/ids.ts";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const ticket = id === null ? null : await waysIn(context).reads.tickets.get(id, { customer: customerOf(context), key: url.searchParams.get("key") });
  if (!ticket) throw data(null, { status: 404 });
  return { ticket, link: url.pathname + url.search };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

const dateFormat: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" };

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { ticket, link } = loaderData;
  const i18n = useI18n();
  const status = ticket.status === "open" ? i18n._("Open") : ticket.status === "answered" ? i18n._("Answered") : i18n._("Closed");
  return (
    <article className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{i18n._("Ticket {name}", { name: ticket.name })}</h1>
      <p className="mt-1 text-sm text-stone-600">
        {i18n._("Opened {date} by {name} · Status: {status}", { date: i18n.date(ticket.createdAt, dateFormat), name: ticket.senderName, status })}
      </p>
      <h2 className="mt-6 text-lg font-semibold">{ticket.subject}</h2>
      <p className="mt-2 whitespace-pre-line text-stone-800">{ticket.message}</p>
      {ticket.replies.map((r, i) => (
        <section key={i} aria-label={i18n._("Our answer")} className="mt-4 rounded-md bg-brand-50 p-3">
          <p className="text-sm font-medium">{i18n._("Our answer, {date}", { date: i18n.date(r.at, dateFormat) })}</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{r.body}</p>
        </section>
      ))}
      <p className="mt-8 rounded-md bg-stone-50 p-3 text-sm text-stone-700">
        {i18n._("We reply to {email}. Keep this page's address to come back to it:", { email: ticket.email })} <a href={link}>{i18n._("View ticket")}</a>.
      </p>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Ticket {name}", { name: loaderData?.ticket.name ?? "" }),
    description: i18n._("Your message to our support team and its status."),
    path: `/tickets/${loaderData?.ticket.id ?? ""}`,
  });
};
