import { useActionData, useFetcher } from "react-router";
import { typedValue } from "../../domain/form-reply.ts";
import { GIFT_FROM_MAX, GIFT_MESSAGE_MAX, type Gift } from "../../domain/gift.ts";
import { reviewOrder, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/**
 * Review Order's gift message (issue 29, decision 054), offered while the cart holds a Gifting
 * product: the message, who it is from, and whether the packing slip leaves out the prices.
 * A plain form post without JavaScript; the saved message comes back filled in, with Remove.
 */
export function GiftMessageForm({ gift }: { gift: Gift | null }) {
  const fetcher = useFetcher({ key: "gift" });
  useRefusalToast(fetcher);
  const busy = fetcher.state !== "idle";
  const i18n = useI18n();
  // Without JavaScript a refused message comes back on the re-rendered page: keep what was typed.
  const reply = useActionData();
  const typedMessage = typedValue(reply, reviewOrder.field("gift", "gift_message"));
  const typedFrom = typedValue(reply, reviewOrder.field("gift", "gift_from"));
  return (
    <section aria-labelledby="gift-title" className="mt-8 rounded-lg border border-stone-200 p-4">
      <h2 id="gift-title" className="text-lg font-semibold">
        {i18n._("Gift message")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{i18n._("Printed on a card in the box, never on the tax invoice.")}</p>
      <fetcher.Form method="post" action={reviewOrder.action} className="mt-3 space-y-3">
        <div>
          <label htmlFor="gift-message" className="block text-sm font-medium">
            {i18n._("Message (up to {max} characters)", { max: GIFT_MESSAGE_MAX })}
          </label>
          <textarea
            id="gift-message"
            name={reviewOrder.field("gift", "gift_message")}
            defaultValue={typedMessage ?? gift?.message ?? ""}
            key={gift?.message ?? ""}
            maxLength={GIFT_MESSAGE_MAX}
            rows={3}
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="gift-from" className="block text-sm font-medium">
            {i18n._("From (optional)")}
          </label>
          <input
            id="gift-from"
            name={reviewOrder.field("gift", "gift_from")}
            defaultValue={typedFrom ?? gift?.from ?? ""}
            key={gift?.from ?? ""}
            maxLength={GIFT_FROM_MAX}
            autoComplete="name"
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={reviewOrder.field("gift", "hide_prices")} defaultChecked={gift?.hidePrices ?? false} key={String(gift?.hidePrices)} />
          {i18n._("Hide prices on the packing slip")}
        </label>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            {...reviewOrder.intent("gift")}
            disabled={busy}
            className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {i18n._("Save gift message")}
          </button>
          {gift && (
            <button type="submit" {...reviewOrder.intent("remove-gift")} disabled={busy} className="rounded-md px-4 py-2 text-sm font-medium text-red-700 hover:underline">
              {i18n._("Remove gift message")}
            </button>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
