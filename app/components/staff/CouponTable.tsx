// Every coupon on one table (issue 14): its rule, limits, dates, how many placed orders used it,
// and whether it is on; Edit opens its form above the table, the switch is a one-button form.
import { Form, Link } from "react-router";
import { formatRupees } from "../../domain/money.ts";
import { discountLabel, runsLabel } from "../../domain/staff-coupon-view.ts";
import type { StaffCouponView } from "../../server/shop/port.server.ts";
import { staffCoupons } from "../forms.ts";

const cell = "px-2 py-2 align-top";

function SwitchForm({ coupon }: { coupon: StaffCouponView }) {
  const intent = coupon.active ? "switch-off" : "switch-on";
  const label = coupon.active ? "Switch off" : "Switch on";
  return (
    <Form method="post" action={staffCoupons.action}>
      <input type="hidden" {...staffCoupons.intent(intent)} />
      <input type="hidden" name={staffCoupons.field(intent, "coupon")} value={coupon.id} />
      <button
        type="submit"
        aria-label={`${label} coupon ${coupon.code}`}
        className={coupon.active ? "font-medium text-red-700 hover:underline" : "font-medium text-brand-800 hover:underline"}
      >
        {label}
      </button>
    </Form>
  );
}

export function CouponTable({ coupons }: { coupons: StaffCouponView[] }) {
  if (coupons.length === 0) return <p className="text-stone-700">No coupons yet.</p>;
  return (
    <div role="region" aria-labelledby="coupons-caption" tabIndex={0} className="overflow-x-auto rounded-lg border border-stone-200">
      <table className="min-w-full text-left text-sm">
        <caption id="coupons-caption" className="sr-only">
          Coupons, newest first
        </caption>
        <thead className="bg-stone-50 text-xs uppercase text-stone-600">
          <tr>
            {["Code", "Description", "Discount", "Minimum cart", "Runs", "Usage limit", "Per customer", "Used", "Status", "Actions"].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {coupons.map((c) => (
            <tr key={c.id} className={c.active ? "" : "bg-stone-50 text-stone-600"}>
              <th scope="row" className={`${cell} font-mono font-semibold`}>
                {c.code}
              </th>
              <td className={`${cell} max-w-56`}>{c.description || "—"}</td>
              <td className={cell}>{discountLabel(c)}</td>
              <td className={cell}>{c.minSubtotalPaise > 0 ? formatRupees(c.minSubtotalPaise) : "any"}</td>
              <td className={cell}>{runsLabel(c)}</td>
              <td className={cell}>{c.usageLimit ?? "none"}</td>
              <td className={cell}>{c.perCustomerLimit ?? "none"}</td>
              <td className={cell}>{c.used}</td>
              <td className={cell}>
                <span className={`rounded px-2 py-0.5 font-medium ${c.active ? "bg-brand-50 text-brand-800" : "bg-stone-200"}`}>{c.active ? "On" : "Off"}</span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <div className="flex gap-3">
                  <Link to={`/staff/coupons?edit=${c.id}`} aria-label={`Edit coupon ${c.code}`} className="font-medium text-brand-800 underline">
                    Edit
                  </Link>
                  <SwitchForm coupon={c} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
