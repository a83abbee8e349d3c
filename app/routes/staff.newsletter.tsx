// /staff/newsletter: how many addresses the newsletter may go to, and the list as a CSV file
// (issue 14, decision 036): confirmed, still-subscribed addresses only; and the numbers that agreed
// to offers by SMS (issue 48 item 2).
import { waysIn } from "../server/ways-in.server.ts";
import { privatePageMeta } from "../components/seo.ts";
import { count } from "../domain/plural.ts";
import type { Route } from "./+types/staff.newsletter";

export async function loader({ context }: Route.LoaderArgs) {
  return { summary: await waysIn(context).reads.subscribers.summary() };
}

export default function StaffNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribed, waiting, unsubscribed, smsOffers } = loaderData.summary;
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
      <h2 className="pt-4 text-xl font-semibold">Offers by SMS</h2>
      <p>{count(smsOffers, "verified number", "verified numbers")} agreed to offers by SMS.</p>
      <a href="/staff/sms-offers.csv" download className="inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Download numbers for offers (CSV)
      </a>
      <p className="text-sm text-stone-600">
        Columns: mobile (+91), language (en or hi) and consented_at (in UTC). A shopper who withdraws in My Account leaves the list at once: download it afresh before each send. Each
        download is recorded in the staff audit.
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Newsletter · Staff", description: "The newsletter's confirmed subscribers, as a CSV file.", path: "/staff/newsletter" });
