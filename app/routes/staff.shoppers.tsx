// /staff/shoppers: find a shopper (issue 48 item 7) by e-mail, mobile number, an order's number or
// part of the name, to read their processing log. A plain GET form; each shopper shown is logged.
import { Form, Link } from "react-router";
import { privatePageMeta } from "../components/seo.ts";
import { displayMobile } from "../domain/mobile-sign-in.ts";
import { SHOPPER_SEARCH_MESSAGES } from "../domain/shopper-search.ts";
import { staffOf } from "../server/access.server.ts";
import { waysIn } from "../server/ways-in.server.ts";
import type { Route } from "./+types/staff.shoppers";

export async function loader({ context, url }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const found = q.trim() ? await waysIn(context).useCases.processingLog.findShoppers(staffOf(context), q) : null;
  return { q, found };
}

export default function StaffShoppers({ loaderData }: Route.ComponentProps) {
  const { q, found } = loaderData;
  return (
    <div className="mt-6 max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Shoppers</h1>
      <p className="text-sm text-stone-700">
        Find a shopper to see who at the shop, or which of its jobs, read or changed their data in the last year. Every search and every log you open is itself logged.
      </p>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col text-sm">
          <label htmlFor="shopper-q" className="font-medium">
            E-mail, mobile number, order number or name
          </label>
          <input id="shopper-q" name="q" type="search" defaultValue={q} maxLength={200} className="mt-1 w-72 max-w-full rounded-md border border-stone-300 px-2 py-1.5" />
        </div>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Find
        </button>
      </Form>
      {q.trim() && !found && <p role="status">{SHOPPER_SEARCH_MESSAGES.tooShort}</p>}
      {found &&
        (found.length === 0 ? (
          <p role="status">No shopper matches “{q}”.</p>
        ) : (
          <ul className="divide-y divide-stone-200" aria-label="Shoppers found">
            {found.map((s) => (
              <li key={s.id} className="py-2 text-sm">
                <Link to={`/staff/shoppers/${s.id}`} className="font-medium text-brand-800 underline">
                  {s.erasedAt ? `Deleted account ${s.id}` : s.name || `Account ${s.id}`}
                </Link>
                <span className="text-stone-700">
                  {s.email ? ` · ${s.email}` : ""}
                  {s.mobile ? ` · ${displayMobile(s.mobile)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Shoppers · Staff", description: "Find a shopper and read who processed their data.", path: "/staff/shoppers" });
