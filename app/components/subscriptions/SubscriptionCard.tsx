// One standing order on My Account (issue 45): what comes, how often, where; its next days with
// Skip; pause for a holiday, resume, change, cancel; and what the cut-off made of its last days.
// Every control is a plain form: it works before and without JavaScript.
import { Form, Link } from "react-router";
import { useI18n } from "../i18n.tsx";
import { standingOrders } from "../forms.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { dayText, SLOT_KINDS, SLOTS, type SlotKind } from "../../domain/delivery.ts";
import { formatRupees } from "../../domain/money.ts";
import { attributeIn } from "../../domain/pack-size.ts";
import { PHOTO_SIZES } from "../../domain/photo.ts";
import { MAX_SUBSCRIPTION_QUANTITY, type Frequency, type Pause } from "../../domain/subscription.ts";
import { AutopayLine, type AutopayData } from "./AutopayLine.tsx";
import { RhythmFields } from "./RhythmFields.tsx";
import { frequencyText } from "./subscription-text.ts";

export interface SubscriptionCardData {
  id: number;
  productId: number;
  title: string;
  attribute: string;
  image: string;
  pricePaise: number;
  quantity: number;
  frequency: Frequency;
  slotKind: SlotKind;
  address: string | null;
  status: "active" | "cancelled";
  heldReason: string | null;
  /** Pauses not yet over. */
  pauses: Pause[];
  /** Skipped days still ahead. */
  skips: string[];
  next: string[];
  days: { date: string; outcome: "made" | "skipped"; orderId: number | null; orderNumber: number | null; reason: string | null }[];
  autopay: AutopayData | null;
}

const small = "rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-100";
const field = "rounded-md border border-stone-300 px-2 py-1";

export function SubscriptionCard({ s, firstDay }: { s: SubscriptionCardData; firstDay: string }) {
  const i18n = useI18n();
  const active = s.status === "active";
  const hidden = (intent: "change" | "pause" | "resume" | "skip" | "cancel") => (
    <>
      <input type="hidden" {...standingOrders.intent(intent)} />
      <input type="hidden" name="subscription" value={s.id} />
    </>
  );
  return (
    <article aria-label={s.title} className="rounded-lg border border-stone-200 p-4">
      <div className="flex gap-3">
        <ProductImage src={s.image} alt="" width={64} height={64} sizes={PHOTO_SIZES.px(64)} className="h-16 w-16 shrink-0 rounded object-cover" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">
            <Link to={`/product/${s.productId}`} className="hover:underline">
              {s.title}
            </Link>
          </h2>
          <p className="text-sm text-stone-700">
            {attributeIn(i18n, s.attribute)}, {s.quantity} × {formatRupees(s.pricePaise)}
          </p>
          <p className="text-sm text-stone-700">
            {frequencyText(i18n, s.frequency)} · {i18n._(SLOTS[s.slotKind].label)}
          </p>
          <p className="text-sm text-stone-600">{s.address ?? i18n._("No delivery address: choose one below.")}</p>
          <AutopayLine id={s.id} autopay={s.autopay} active={active} />
          <p className="mt-1 text-sm font-medium">
            {!active
              ? i18n._("Cancelled")
              : s.heldReason
                ? i18n._("On hold: {reason}", { reason: i18n._(s.heldReason) })
                : s.pauses.length
                  ? i18n._("Paused from {from} to {to}", { from: dayText(i18n, s.pauses[0]!.from), to: dayText(i18n, s.pauses[0]!.to) })
                  : i18n._("Active")}
          </p>
        </div>
      </div>

      {active && (
        <>
          <h3 className="mt-3 text-sm font-semibold">{i18n._("Next deliveries")}</h3>
          {s.next.length === 0 ? (
            <p className="text-sm text-stone-600">{i18n._("None in the days ahead.")}</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2">
              {s.next.map((date) => (
                <li key={date}>
                  <Form method="post" action={standingOrders.action} className="flex items-center gap-2 rounded-md bg-stone-50 px-2 py-1 text-sm">
                    {hidden("skip")}
                    <input type="hidden" name="date" value={date} />
                    <span>{dayText(i18n, date)}</span>
                    <button type="submit" className="font-medium text-brand-700 underline" aria-label={i18n._("Skip the delivery on {date}", { date: dayText(i18n, date) })}>
                      {i18n._("Skip")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          {s.skips.length > 0 && <p className="mt-1 text-sm text-stone-600">{i18n._("Skipped: {days}", { days: s.skips.map((d) => dayText(i18n, d)).join(", ") })}</p>}

          <div className="mt-3 flex flex-wrap items-end gap-3">
            <Form method="post" action={standingOrders.action} className="flex flex-wrap items-end gap-2 text-sm">
              {hidden("pause")}
              <label className="flex flex-col">
                {i18n._("Pause from")}
                <input type="date" name="from" required min={firstDay} defaultValue={firstDay} className={field} />
              </label>
              <label className="flex flex-col">
                {i18n._("to")}
                <input type="date" name="to" required min={firstDay} defaultValue={firstDay} className={field} />
              </label>
              <button type="submit" className={small}>
                {i18n._("Pause")}
              </button>
            </Form>
            {s.pauses.length > 0 && (
              <Form method="post" action={standingOrders.action}>
                {hidden("resume")}
                <button type="submit" className={small}>
                  {i18n._("Resume")}
                </button>
              </Form>
            )}
          </div>

          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">{i18n._("Change")}</summary>
            <Form method="post" action={standingOrders.action} className="mt-2 space-y-3">
              {hidden("change")}
              <label className="flex flex-col gap-1">
                {i18n._("Quantity each delivery (1 to {max})", { max: MAX_SUBSCRIPTION_QUANTITY })}
                <input name="quantity" inputMode="numeric" required defaultValue={s.quantity} className={`w-24 ${field}`} />
              </label>
              <RhythmFields current={s.frequency} idPrefix={`s${s.id}`} />
              <fieldset className="space-y-1">
                <legend className="font-medium">{i18n._("Delivery slot")}</legend>
                {SLOT_KINDS.map((k) => (
                  <label key={k} className="flex items-center gap-2">
                    <input type="radio" name="slot" value={k} defaultChecked={k === s.slotKind} />
                    {i18n._(SLOTS[k].label)}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className={small}>
                {i18n._("Save changes")}
              </button>
            </Form>
          </details>

          <Form method="post" action={standingOrders.action} className="mt-3">
            {hidden("cancel")}
            <button type="submit" className="text-sm font-medium text-red-700 underline" aria-label={i18n._("Cancel the subscription to {title}", { title: s.title })}>
              {i18n._("Cancel subscription")}
            </button>
          </Form>
        </>
      )}

      {s.days.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">{i18n._("Recent deliveries")}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {s.days.map((d) => (
              <li key={d.date}>
                {dayText(i18n, d.date)}:{" "}
                {d.outcome === "made" && d.orderId ? (
                  <Link to={`/orders/${d.orderId}`} className="text-brand-700 underline">
                    {i18n._("Order #{number}", { number: d.orderNumber ?? d.orderId })}
                  </Link>
                ) : (
                  i18n._("Skipped: {reason}", { reason: i18n._(d.reason ?? "") })
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
