// How a standing order is paid, on its card (issue 45, decision 078): on delivery, or by Autopay
// with where its mandate stands, and Set up Autopay (a plain form to Razorpay's page) while it
// is not approved.
import { Form } from "react-router";
import { useI18n } from "../i18n.tsx";
import { standingOrders } from "../forms.ts";
import { formatRupees } from "../../domain/money.ts";
import type { AutopayStatus } from "../../domain/autopay.ts";

export interface AutopayData {
  method: "upi" | "card";
  status: AutopayStatus;
  maxPaise: number;
}

export function AutopayLine({ id, autopay, active }: { id: number; autopay: AutopayData | null; active: boolean }) {
  const i18n = useI18n();
  if (!autopay) return <p className="text-sm text-stone-600">{i18n._("Paid on delivery")}</p>;
  const how = autopay.method === "upi" ? i18n._("UPI Autopay") : i18n._("Card Autopay");
  const said: Record<AutopayStatus, string> = {
    created: i18n._("waiting for your approval on Razorpay; nothing is delivered until then"),
    confirmed: i18n._("approved, up to {amount} a delivery", { amount: formatRupees(autopay.maxPaise) }),
    rejected: i18n._("your bank did not approve it"),
    cancelled: i18n._("stopped"),
    paused: i18n._("paused in your UPI app"),
  };
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
      <p className={autopay.status === "confirmed" ? "text-stone-600" : "font-medium text-amber-800"}>
        {how}: {said[autopay.status]}
      </p>
      {active && autopay.status !== "confirmed" && (
        <Form method="post" action={standingOrders.action} reloadDocument>
          <input type="hidden" {...standingOrders.intent("autopay")} />
          <input type="hidden" name="subscription" value={id} />
          <button type="submit" className="rounded-md bg-brand-700 px-3 py-1 font-semibold text-white hover:bg-brand-800">
            {i18n._("Set up Autopay")}
          </button>
        </Form>
      )}
    </div>
  );
}
