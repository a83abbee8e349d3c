import { useFetcher } from "react-router";
import type { CartLineView } from "../../domain/cart.ts";
import { REPLACEMENT_CHOICES, REPLACEMENT_LABELS, REPLACEMENT_MESSAGES, type ReplacementChoice } from "../../domain/replacement.ts";
import { cart, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/**
 * What should happen to an item out of stock at packing (issue 29): for the whole order, and
 * per line where the cart holds more than one. One form, so it works without JavaScript.
 */
export function ReplacementChoices({ choice, lines }: { choice: ReplacementChoice; lines: readonly Pick<CartLineView, "internalReference" | "title" | "replacement">[] }) {
  const fetcher = useFetcher({ key: "replacement" });
  useRefusalToast(fetcher);
  const i18n = useI18n();
  const field = cart.field("replacement", "lines");
  return (
    <section aria-labelledby="replacement-title" className="mt-6 rounded-lg border border-stone-200 p-4">
      <fetcher.Form method="post" action={cart.action}>
        <fieldset>
          <legend id="replacement-title" className="font-semibold">
            {i18n._(REPLACEMENT_MESSAGES.legend)}
          </legend>
          <div className="mt-2 flex flex-col gap-1 text-sm">
            {REPLACEMENT_CHOICES.map((c) => (
              <label key={c} className="inline-flex items-center gap-2">
                <input type="radio" name={cart.field("replacement", "replacement")} value={c} defaultChecked={c === choice} />
                {i18n._(REPLACEMENT_LABELS[c])}
              </label>
            ))}
          </div>
        </fieldset>
        {lines.length > 1 && (
          <ul className="mt-3 space-y-2 text-sm">
            {lines.map((l, i) => (
              <li key={l.internalReference} className="flex flex-wrap items-center gap-2">
                <input type="hidden" name={`${field}[${i}].internal_reference`} value={l.internalReference} />
                <label className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0">{l.title}</span>
                  <select
                    name={`${field}[${i}].replacement`}
                    defaultValue={l.replacement ?? ""}
                    className="rounded-md border border-stone-300 px-2 py-1"
                    aria-label={i18n._("If {title} is out of stock", { title: l.title })}
                  >
                    <option value="">{i18n._(REPLACEMENT_MESSAGES.sameAsOrder)}</option>
                    {REPLACEMENT_CHOICES.map((c) => (
                      <option key={c} value={c}>
                        {i18n._(REPLACEMENT_LABELS[c])}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
          </ul>
        )}
        <button
          type="submit"
          {...cart.intent("replacement")}
          disabled={fetcher.state !== "idle"}
          className="mt-3 rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {i18n._(REPLACEMENT_MESSAGES.save)}
        </button>
      </fetcher.Form>
    </section>
  );
}
