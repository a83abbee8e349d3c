// How a new standing order is paid (issue 45, decision 078): on delivery, or by Autopay (UPI or a
// card), approved once on Razorpay's page and charged the evening before each delivery.
import { useI18n } from "../i18n.tsx";
import { AUTOPAY_CEILING_PAISE } from "../../domain/autopay.ts";
import { formatRupees } from "../../domain/money.ts";

export function PaymentFields({ autopay, chosen }: { autopay: boolean; chosen: string }) {
  const i18n = useI18n();
  if (!autopay)
    return (
      <p className="text-sm">
        <span className="font-medium">{i18n._("Payment")}:</span> {i18n._("Cash on delivery")}
      </p>
    );
  const choices = [
    { value: "cod", label: i18n._("Cash on delivery") },
    { value: "upi", label: i18n._("UPI Autopay") },
    { value: "card", label: i18n._("Card Autopay") },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{i18n._("Payment")}</legend>
      {choices.map((c) => (
        <label key={c.value} className="flex items-center gap-2">
          <input type="radio" name="pay" value={c.value} defaultChecked={c.value === chosen} />
          {c.label}
        </label>
      ))}
      <p className="text-sm text-stone-600">
        {i18n._(
          "Autopay: you approve it once on Razorpay's page (₹1); each delivery is then charged the evening before, never more than {amount}. A delivery that cannot be charged is skipped and you are told.",
          {
            amount: formatRupees(AUTOPAY_CEILING_PAISE),
          },
        )}
      </p>
    </fieldset>
  );
}
