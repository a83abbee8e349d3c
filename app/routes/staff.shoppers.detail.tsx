// /staff/shoppers/{id}: a shopper's processing log (issue 48 item 7, decision 088): who at the shop
// or which job read or changed their data, for the year it is kept, newest first. Opening it is logged.
import { data } from "react-router";
import { ProcessingLogTable } from "../components/staff/ProcessingLogTable.tsx";
import { privatePageMeta } from "../components/seo.ts";
import { parseId } from "../domain/ids.ts";
import { displayMobile } from "../domain/mobile-sign-in.ts";
import { RETENTION_DAYS } from "../domain/privacy/retention.ts";
import { staffOf } from "../server/access.server.ts";
import { waysIn } from "../server/ways-in.server.ts";
import type { Route } from "./+types/staff.shoppers.detail";

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id === null ? null : await waysIn(context).useCases.processingLog.shopperLog(staffOf(context), id);
  if (!found) throw data("No such shopper.", { status: 404 });
  const { person, lines } = found;
  return { shopper: { id: person.id, name: person.name, email: person.email, mobile: person.mobile }, lines, days: RETENTION_DAYS.processingLog };
}

export default function StaffShopper({ loaderData }: Route.ComponentProps) {
  const { shopper, lines, days } = loaderData;
  return (
    <article aria-labelledby="shopper-title" className="mt-6 max-w-4xl space-y-4">
      <h1 id="shopper-title" className="text-2xl font-semibold">
        {shopper.name || `Account ${shopper.id}`}
      </h1>
      <p className="text-sm text-stone-700">
        Account {shopper.id}
        {shopper.email ? ` · ${shopper.email}` : ""}
        {shopper.mobile ? ` · ${displayMobile(shopper.mobile)}` : ""}
      </p>
      <h2 className="text-lg font-semibold">Processing log, the last {days} days</h2>
      <ProcessingLogTable lines={lines} />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  privatePageMeta(matches, { title: `Shopper ${params.id} · Staff`, description: "Who read or changed this shopper's data.", path: `/staff/shoppers/${params.id}` });
