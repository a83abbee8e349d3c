import { Form, Link } from "react-router";
import { MAX_QUANTITY_INPUT } from "../../domain/cart.ts";
import { formatRupees } from "../../domain/money.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { VOICE_MESSAGES, type MatchedItem } from "../../domain/voice-order.ts";
import { voice } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/** "2 kg", "Qty: 3", "1 packet": how an item's quantity reads (transactions §2), in the page's language. */
function quantityText(i18n: I18n, { quantity, unit }: Pick<MatchedItem, "quantity" | "unit">): string {
  switch (unit) {
    case null:
      return i18n._("Qty: {quantity}", { quantity });
    case "pack":
      return i18n._("{quantity, plural, one {# packet} other {# packets}}", { quantity });
    case "piece":
      return i18n._("{quantity, plural, one {# piece} other {# pieces}}", { quantity });
    case "box":
      return i18n._("{quantity, plural, one {# box} other {# boxes}}", { quantity });
    case "dozen":
      return i18n._("{quantity} dozen", { quantity });
    default:
      // kg, g, L and ml read the same in both languages.
      return `${quantity} ${unit === "l" ? "L" : unit}`;
  }
}

/**
 * The list's items (transactions §2): each with Found or Not Found (yellow), its quantity, the
 * product, variant reference and price. The found ones go to the cart together, in one post,
 * each with a quantity the shopper may change first.
 */
export function VoiceItems({ list, items, unmatched }: { list: string; items: MatchedItem[]; unmatched: number }) {
  const found = items.filter((i) => i.found && i.available);
  const i18n = useI18n();
  return (
    <section aria-labelledby="voice-items-title" className="mt-6">
      <h2 id="voice-items-title" className="text-lg font-semibold">
        {i18n._("Items")}
      </h2>
      {unmatched > 0 && (
        <p role="status" className="mt-1 text-sm text-amber-800">
          {i18n._(VOICE_MESSAGES.unmatched(unmatched))}
        </p>
      )}
      <Form method="post" action={voice.action} className="mt-3">
        <input type="hidden" {...voice.intent("add")} />
        <input type="hidden" name={voice.field("add", "list")} value={list} />
        <ul aria-label={i18n._("Items found in your list")} className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {items.map((item, n) => (
            <li key={n} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              {item.found && item.sure ? (
                <span className="rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{i18n._("Found")}</span>
              ) : item.found ? (
                <span className="rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{i18n._(VOICE_MESSAGES.didYouMean)}</span>
              ) : (
                <span className="rounded bg-yellow-200 px-2 py-0.5 text-xs font-semibold text-yellow-900">{i18n._("Not Found")}</span>
              )}
              <span className="min-w-0 flex-1">
                <span className="font-medium">“{item.phrase}”</span> <span className="text-stone-600">{quantityText(i18n, item)}</span>
                {item.found && (
                  <span className="block text-stone-700">
                    <Link to={`/product/${item.productId}?variant=${encodeURIComponent(item.internalReference!)}`} className="underline">
                      {item.title}
                    </Link>{" "}
                    · {item.attribute} · {item.internalReference} · {i18n._("ID {id}", { id: item.productId })} · {formatRupees(item.pricePaise!)}
                  </span>
                )}
              </span>
              {item.found && !item.available && <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">{i18n._(VOICE_MESSAGES.outOfStock)}</span>}
              {item.found && item.available && (
                <>
                  <label className="flex items-center gap-1">
                    <input type="checkbox" name={voice.field("add", "add")} value={item.internalReference!} defaultChecked={item.sure} />
                    {/* Seen: 'Add'; heard: the whole phrase, in the page's word order. */}
                    <span aria-hidden="true">{i18n._("Add")}</span>
                    <span className="sr-only">{i18n._("Add {product}", { product: item.title })}</span>
                  </label>
                  <label className="flex items-center gap-1">
                    <span aria-hidden="true">{i18n._("Quantity")}</span>
                    <span className="sr-only">{i18n._("Quantity of {product}", { product: item.title })}</span>
                    <input
                      name={`qty-${item.internalReference}`}
                      type="number"
                      min={1}
                      max={MAX_QUANTITY_INPUT}
                      defaultValue={item.count}
                      className="w-16 rounded-md border border-stone-300 px-2 py-1"
                    />
                  </label>
                </>
              )}
            </li>
          ))}
        </ul>
        {found.length > 0 && (
          <button type="submit" className="mt-3 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {i18n._("Add to cart")}
          </button>
        )}
      </Form>
    </section>
  );
}
