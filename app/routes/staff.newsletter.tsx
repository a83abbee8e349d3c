// /staff/newsletter: how many addresses the newsletter may go to, and the list as a CSV file
// (issue 14, decision 036): confirmed, still-subscribed addresses only.
import { waysIn } from "../server/ways-in.server.ts";
import { privatePageMeta } from "../components/seo.ts";
import { count } from "../domain/plural.ts";
import type { Route } from "./+types/staff.newsletter";

export async function loader({ context }: Route.LoaderArgs) {
  return { summary: await waysIn(context).reads.subscribers.summary() };
}

export default function StaffNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribed, waiting, unsubscribed } = loaderData.summary;
  return (
    <section aria-labelledby="newsletter-title" className="mt-6 max-w-2xl space-y-4">
      <h1 id="newsletter-title" className="text-2xl font-semibold">
        Newsletter
      </h1>
      <p className="text-lg" role="status">
        {count(subscribed, "confirmed subscriber")}
      </p>
      <p className="text-sm text-stone-700">
        Not in the list: {count(waiting, "address", "addresses")} waiting for their confirmation link, {count(unsubscribed, "address", "addresses")} unsubscribed.
      </p>
      {/* A plain link: the file is an attachment, never a page the router renders. */}
      <a href="/staff/newsletter.csv" download className="inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Download subscribers (CSV)
      </a>
      <p className="text-sm text-stone-600">
        Columns: email, subscribed_at (when the address confirmed, in UTC) and status. Each download is recorded in the staff audit. Mail only these addresses, and keep the file
        private.
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Newsletter · Staff", description: "The newsletter's confirmed subscribers, as a CSV file.", path: "/staff/newsletter" });
