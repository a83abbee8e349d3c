// /tickets/:id: one contact ticket, for its customer or the holder of its secret link.
import { data } from "react-router";
import { customerOf } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import type { Route } from "./+types/tickets";
import { privatePageMeta } from "../components/seo.ts";
import { parseId } from "../domain/ids.ts";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const ticket = id === null ? null : await shopOf(context).tickets.get(id, { customer: customerOf(context), key: url.searchParams.get("key") });
  if (!ticket) throw data(null, { status: 404 });
  return { ticket, link: url.pathname + url.search };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { ticket, link } = loaderData;
  return (
    <article className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Ticket {ticket.name}</h1>
      <p className="mt-1 text-sm text-stone-600">
        Opened {dateFormat.format(new Date(ticket.createdAt))} by {ticket.senderName} · Status:{" "}
        {ticket.status === "open" ? "Open" : ticket.status === "answered" ? "Answered" : "Closed"}
      </p>
      <h2 className="mt-6 text-lg font-semibold">{ticket.subject}</h2>
      <p className="mt-2 whitespace-pre-line text-stone-800">{ticket.message}</p>
      {ticket.replies.map((r, i) => (
        <section key={i} aria-label="Our answer" className="mt-4 rounded-md bg-brand-50 p-3">
          <p className="text-sm font-medium">Our answer, {dateFormat.format(new Date(r.at))}</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{r.body}</p>
        </section>
      ))}
      <p className="mt-8 rounded-md bg-stone-50 p-3 text-sm text-stone-700">
        We reply to {ticket.email}. Keep this page's address to come back to it: <a href={link}>View ticket</a>.
      </p>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privatePageMeta(matches, {
    title: `Ticket ${loaderData?.ticket.name ?? ""}`,
    description: "Your message to our support team and its status.",
    path: `/tickets/${loaderData?.ticket.id ?? ""}`,
  });
