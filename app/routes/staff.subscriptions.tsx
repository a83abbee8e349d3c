// /staff/subscriptions: the standing orders (issue 45) as the morning needs them: how many are
// active, paused and skipped for the next delivery day, each item's subscriptions and the units
// that day brings, and Hold back for a discontinued item (each shopper told by mail) or Release.
import { waysIn } from "../server/ways-in.server.ts";
import { Form } from "react-router";
import { staffSubscriptions } from "../components/forms.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { firstOpenDay } from "../domain/subscription.ts";
import { staffSubscriptionsForm } from "../server/forms/subscriptions.server.ts";
import type { Route } from "./+types/staff.subscriptions";

export async function loader({ context }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const settings = await reads.delivery.settings();
  // The next day still open to changes: what tonight's cut-off will make.
  return { overview: await reads.subscriptions.overview(firstOpenDay(new Date(), settings.subscriptionCutoffHour)), cutoffHour: settings.subscriptionCutoffHour };
}

export const action = staffSubscriptionsForm.run;

const dayFormat = new Intl.DateTimeFormat("en-IN", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const button = "rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50";

export default function StaffSubscriptionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview: o, cutoffHour } = loaderData;
  const day = dayFormat.format(new Date(`${o.date}T12:00:00Z`));
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold">Subscriptions</h1>
      <RefusalNotice reply={actionData} />
      <p className="mt-2 text-sm text-stone-700">
        Orders for {day} are made at the cut-off, {cutoffHour}:00 the evening before, and appear in the packing list like any order.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ["Active", o.active],
          [`Paused on ${day}`, o.pausedOn],
          [`Skipped on ${day}`, o.skippedOn],
          ["Held back", o.held],
        ].map(([label, count]) => (
          <div key={label} className="rounded-lg border border-stone-200 p-3">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-xl font-semibold">{count}</dd>
          </div>
        ))}
      </dl>
      {o.variants.length === 0 ? (
        <p className="mt-4 text-stone-700">No active subscriptions.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Subscriptions by item</caption>
            <thead>
              <tr className="border-b border-stone-200">
                <th scope="col" className="py-2 pr-3">
                  Item
                </th>
                <th scope="col" className="py-2 pr-3">
                  Active
                </th>
                <th scope="col" className="py-2 pr-3">
                  On {day}
                </th>
                <th scope="col" className="py-2 pr-3">
                  Units
                </th>
                <th scope="col" className="py-2">
                  Held back
                </th>
              </tr>
            </thead>
            <tbody>
              {o.variants.map((v) => (
                <tr key={v.variantId} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {v.title} <span className="font-normal text-stone-600">{v.attribute}</span>
                  </th>
                  <td className="py-2 pr-3">{v.active}</td>
                  <td className="py-2 pr-3">{v.dueOn}</td>
                  <td className="py-2 pr-3">{v.unitsOn}</td>
                  <td className="py-2">
                    <Form method="post" className="flex items-center gap-2">
                      <span>{v.held}</span>
                      <input type="hidden" name={staffSubscriptions.field(v.active > 0 ? "hold" : "release", "variant")} value={v.variantId} />
                      <button
                        type="submit"
                        {...staffSubscriptions.intent(v.active > 0 ? "hold" : "release")}
                        className={button}
                        aria-label={`${v.active > 0 ? "Hold back" : "Release"} the subscriptions to ${v.title} ${v.attribute}`}
                      >
                        {v.active > 0 ? "Hold back" : "Release"}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
