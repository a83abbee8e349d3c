// /staff/coupons: every coupon with its use; a new one; its limits and dates (?edit=ID); switch it
// off or on (issue 14, decision 036). Every form works without JavaScript; every change is audited.
import { waysIn } from "../server/ways-in.server.ts";
import { ElsewhereNote } from "../components/staff/ElsewhereNote.tsx";
import { ELSEWHERE_MESSAGES } from "../domain/capabilities.ts";
import { CouponTable } from "../components/staff/CouponTable.tsx";
import { CreateCouponForm, EditCouponForm } from "../components/staff/CouponForms.tsx";
import { privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { refusalOf } from "../domain/form-reply.ts";
import { parseId } from "../domain/ids.ts";
import { staffCouponsForm } from "../server/forms/staff-coupons.server.ts";
import type { Route } from "./+types/staff.coupons";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  // With the ERP coupons are its: the page says so instead of offering forms it would not apply.
  if (!reads.capabilities.staffEditsCoupons) return { editable: false as const };
  const coupons = await reads.coupons.list();
  const id = parseId(url.searchParams.get("edit"));
  return { editable: true as const, coupons, editing: id === null ? null : (coupons.find((c) => c.id === id) ?? null) };
}

export const action = staffCouponsForm.run;

export default function StaffCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  if (!loaderData.editable) return <ElsewhereNote title="Coupons" note={ELSEWHERE_MESSAGES.coupons} />;
  const { coupons, editing } = loaderData;
  const resultOf = (intent: "create" | "update") => (refusal?.intent === intent ? refusal.result : undefined);
  return (
    <div className="mt-6 space-y-8">
      <h1 className="text-2xl font-semibold">Coupons</h1>
      {refusal && refusal.intent !== "create" && refusal.intent !== "update" && <RefusalNotice reply={actionData} />}
      {editing && <EditCouponForm key={`edit-${editing.id}`} coupon={editing} lastResult={resultOf("update")} />}
      <CouponTable coupons={coupons} />
      {/* A new coupon empties the form (its count is the key). */}
      <CreateCouponForm key={`new-${coupons.length}`} lastResult={resultOf("create")} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Coupons · Staff", description: "The shop's coupons: create, edit limits and dates, switch off.", path: "/staff/coupons" });
