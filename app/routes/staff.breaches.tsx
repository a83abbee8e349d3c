// /staff/breaches: breaches of personal data (issue 48 item 6, decision 087): each recorded, with
// whether its shoppers and the Board were told; and the form that records a new one.
import { StaffTable } from "../components/staff/StaffTable.tsx";
import { staffTime } from "../components/staff/staff-time.ts";
import { Link } from "react-router";
import { BreachForm } from "../components/staff/BreachForm.tsx";
import { privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { refusalOf } from "../domain/form-reply.ts";
import { staffBreachesForm } from "../server/forms/staff-privacy.server.ts";
import { waysIn } from "../server/ways-in.server.ts";
import type { Route } from "./+types/staff.breaches";

export async function loader({ context }: Route.LoaderArgs) {
  const breaches = await waysIn(context).reads.breaches.list();
  return { breaches };
}

export const action = staffBreachesForm.run;

export default function StaffBreaches({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const { breaches } = loaderData;
  return (
    <div className="mt-6 space-y-8">
      <h1 className="text-2xl font-semibold">Breaches of personal data</h1>
      {refusal && refusal.intent !== "record" && <RefusalNotice reply={actionData} />}
      {breaches.length === 0 ? (
        <p className="text-stone-700">No breach has been recorded.</p>
      ) : (
        <StaffTable caption="Breaches recorded, the latest found first" headings={["Found", "What happened", "Shoppers told", "Board told"]}>
          {breaches.map((b) => (
            <tr key={b.id} className="border-b border-stone-200 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">{staffTime.format(new Date(b.foundAt))}</td>
              <td className="py-2 pr-3">
                <Link to={`/staff/breaches/${b.id}`} className="text-brand-800 underline">
                  Breach {b.id}
                </Link>
                : {b.what.length > 120 ? `${b.what.slice(0, 120)}…` : b.what}
              </td>
              <td className="py-2 pr-3">{b.noticesQueuedAt ? staffTime.format(new Date(b.noticesQueuedAt)) : "Not yet"}</td>
              <td className="py-2">{b.boardNotifiedAt ? staffTime.format(new Date(b.boardNotifiedAt)) : "Not yet"}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      <BreachForm lastResult={refusal?.intent === "record" ? refusal.result : undefined} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Breaches · Staff", description: "Breaches of personal data: record one, tell the shoppers and the Board.", path: "/staff/breaches" });
