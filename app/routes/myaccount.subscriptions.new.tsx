// /myaccount/subscriptions/new?product=ID: subscribe to a product the catalogue offers as a
// standing order (issue 45): pack, quantity, how often, the first day, the slot, the address;
// paid on delivery or by Autopay (decision 078). A refusal comes back here with what was typed.
import { titleIn } from "../domain/catalog.ts";
import { Form, Link, data } from "react-router";
import { waysIn } from "../server/ways-in.server.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { subscribe } from "../components/forms.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { RhythmFields } from "../components/subscriptions/RhythmFields.tsx";
import { PaymentFields } from "../components/subscriptions/PaymentFields.tsx";
import { addressLine } from "../domain/address.ts";
import { dayText, SLOT_KINDS, SLOTS } from "../domain/delivery.ts";
import { refusalOf, typedValue } from "../domain/form-reply.ts";
import { parseId } from "../domain/ids.ts";
import { formatRupees } from "../domain/money.ts";
import { attributeIn } from "../domain/pack-size.ts";
import { firstOpenDay, MAX_SUBSCRIPTION_QUANTITY, WEEKDAYS, type Frequency } from "../domain/subscription.ts";
import { customerIn } from "../server/access.server.ts";
import { localeIn } from "../server/i18n.server.ts";
import { subscribeForm } from "../server/forms/subscriptions.server.ts";
import type { Route } from "./+types/myaccount.subscriptions.new";

export async function loader({ context, url }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const id = parseId(url.searchParams.get("product"));
  const product = id === null ? null : await reads.catalog.product(id);
  if (!product?.subscribable || !reads.capabilities.subscriptions) throw data(null, { status: 404 });
  const [{ addresses, chosen }, settings] = await Promise.all([reads.addresses.book(customerIn(context)), reads.delivery.settings()]);
  return {
    product: {
      id: product.id,
      title: titleIn(localeIn(context), product),
      variants: product.variants.map((v) => ({ internalReference: v.internalReference, attribute: v.attribute, pricePaise: v.pricePaise })),
    },
    chosenVariant: url.searchParams.get("variant") ?? product.variants[0]!.internalReference,
    addresses: addresses.map((a) => ({ id: a.id, label: `${a.name}, ${addressLine(a)}` })),
    chosenAddress: chosen?.id ?? null,
    firstDay: firstOpenDay(new Date(), settings.subscriptionCutoffHour),
    cutoffHour: settings.subscriptionCutoffHour,
    // Autopay needs Razorpay (decision 078); without it a standing order is paid on delivery.
    autopay: reads.capabilities.onlinePayment,
  };
}

export const action = subscribeForm.run;

/** The rhythm a refused post had, so the form shows what was chosen. */
function typedRhythm(reply: unknown): Frequency | null {
  const every = typedValue(reply, "every");
  if (every === "daily" || every === "alternate" || every === "weekdays") return { kind: every };
  if (every === "weeks") return { kind: "weeks", every: Number(typedValue(reply, "weeks")) || 1 };
  if (every === "days") {
    const days = refusalOf(reply)?.result.initialValue?.days;
    const ticked = Array.isArray(days) ? days : [days];
    return { kind: "days", days: WEEKDAYS.filter((d) => ticked.includes(d)) };
  }
  return null;
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { product, addresses, firstDay } = loaderData;
  const i18n = useI18n();
  const typed = (name: string) => typedValue(actionData, name);
  const variant = typed("internal_reference") ?? loaderData.chosenVariant;
  const address = Number(typed("address") ?? loaderData.chosenAddress);
  const slot = typed("slot") ?? "morning";
  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-semibold">{i18n._("Subscribe to {title}", { title: product.title })}</h1>
      <p className="mt-2 text-sm text-stone-700">
        {i18n._("Delivered on the days you choose. We remind you the evening before; skip or pause any day until {hour}:00 the evening before.", {
          hour: loaderData.cutoffHour,
        })}
      </p>
      <RefusalNotice reply={actionData} className="mt-4" />
      <Form method="post" className="mt-4 space-y-5">
        <input type="hidden" {...subscribe.intent("subscribe")} />
        <fieldset className="space-y-2">
          <legend className="font-medium">{i18n._("Pack")}</legend>
          {product.variants.map((v) => (
            <label key={v.internalReference} className="flex items-center gap-2">
              <input type="radio" name="internal_reference" value={v.internalReference} defaultChecked={v.internalReference === variant} />
              {attributeIn(i18n, v.attribute)}, {formatRupees(v.pricePaise)}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{i18n._("Quantity each delivery (1 to {max})", { max: MAX_SUBSCRIPTION_QUANTITY })}</span>
          <input name="quantity" inputMode="numeric" required defaultValue={typed("quantity") ?? "1"} className="w-24 rounded-md border border-stone-300 px-2 py-1" />
        </label>
        <RhythmFields current={typedRhythm(actionData) ?? { kind: "daily" }} idPrefix="new" />
        <label className="flex flex-col gap-1">
          <span className="font-medium">{i18n._("First delivery")}</span>
          <input type="date" name="start" required min={firstDay} defaultValue={typed("start") ?? firstDay} className="w-48 rounded-md border border-stone-300 px-2 py-1" />
          <span className="text-sm text-stone-600">{i18n._("The earliest is {day}.", { day: dayText(i18n, firstDay) })}</span>
        </label>
        <fieldset className="space-y-2">
          <legend className="font-medium">{i18n._("Delivery slot")}</legend>
          {SLOT_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="slot" value={k} defaultChecked={k === slot} />
              {i18n._(SLOTS[k].label)}
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-medium">{i18n._("Delivery address")}</legend>
          {addresses.length === 0 ? (
            <p className="text-sm">
              <Link to="/myaccount/addresses" className="font-medium text-brand-700 underline">
                {i18n._("Add a delivery address first")}
              </Link>
            </p>
          ) : (
            addresses.map((a) => (
              <label key={a.id} className="flex items-start gap-2">
                <input type="radio" name="address" value={a.id} defaultChecked={a.id === address} className="mt-1" />
                <span>{a.label}</span>
              </label>
            ))
          )}
        </fieldset>
        <PaymentFields autopay={loaderData.autopay} chosen={typed("pay") ?? "cod"} />
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {i18n._("Start subscription")}
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Subscribe"), description: i18n._("A standing order delivered on the days you choose."), path: "/myaccount/subscriptions/new" });
};
