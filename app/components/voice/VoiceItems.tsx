import { useState } from "react";
import { Form, Link } from "react-router";
import { MAX_QUANTITY_INPUT } from "../../domain/cart.ts";
import { PLACEHOLDER_IMAGE } from "../../domain/catalog.ts";
import { formatRupees } from "../../domain/money.ts";
import { attributeIn } from "../../domain/pack-size.ts";
import { PHOTO_SIZES } from "../../domain/photo.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { preTicked, VOICE_MESSAGES, type MatchedItem } from "../../domain/voice-order.ts";
import { voice } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";

/** What a picture that fails to load becomes: a blank pixel (Specification: Voice ordering, Transaction failure messages). */
const BLANK_PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
const PICTURE_PX = 64;

/** "2 kg", "Qty: 3", "1 packet": how an item's quantity reads (Specification: Voice ordering), in the page's language. */
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
      // kg, g, L and ml, in the page's words ('2 किलो' in Hindi, issue 41 item 12).
      return attributeIn(i18n, `${quantity} ${unit === "l" ? "L" : unit}`);
  }
}

/**
 * The product's picture (Specification: Voice ordering: the item's image; the shop's placeholder when it has
 * none, as everywhere else), and a blank pixel if it fails to load (Specification: Transaction failure messages).
 */
function ItemPicture({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  const className = "h-16 w-16 shrink-0 rounded-md bg-stone-50 object-cover";
  if (broken) return <img src={BLANK_PIXEL} alt="" width={PICTURE_PX} height={PICTURE_PX} className={className} />;
  return (
    <ProductImage
      src={src ?? PLACEHOLDER_IMAGE}
      alt=""
      width={PICTURE_PX}
      height={PICTURE_PX}
      sizes={PHOTO_SIZES.px(PICTURE_PX)}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={className}
    />
  );
}

/**
 * The list's items (Specification: Voice ordering), said for a shopper (issue 41 item 14): each a row with the
 * product's picture, name, pack, price, what the shopper asked for, a tick and a quantity box.
 * Only what their words named clearly arrives ticked; a guess asks 'Is this what you meant?'; an
 * item not found says so with the yellow Not Found badge. The ticked ones go to the cart together,
 * in one post, each with its quantity.
 */
export function VoiceItems({ list, items, unmatched }: { list: string; items: MatchedItem[]; unmatched: number }) {
  const forSale = items.filter((i) => i.found && i.available);
  const toCheck = forSale.filter((i) => !preTicked(i)).length;
  const i18n = useI18n();
  return (
    <section aria-labelledby="voice-items-title" className="mt-6">
      <h2 id="voice-items-title" className="text-lg font-semibold">
        {i18n._("Items")}
      </h2>
      {(unmatched > 0 || toCheck > 0) && (
        <div role="status" className="mt-1 space-y-1 text-sm text-stone-800">
          {unmatched > 0 && <p>{i18n._("{count, plural, one {We couldn’t find # item on your list.} other {We couldn’t find # items on your list.}}", { count: unmatched })}</p>}
          {toCheck > 0 && <p>{i18n._("We have ticked only what you named clearly. Check the others and tick what you want.")}</p>}
        </div>
      )}
      <Form method="post" action={voice.action} className="mt-3">
        <input type="hidden" {...voice.intent("add")} />
        <input type="hidden" name={voice.field("add", "list")} value={list} />
        <ul aria-label={i18n._("Items found in your list")} className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {items.map((item, n) => (
            <li key={n} className="flex items-start gap-3 p-3 text-sm">
              {item.found ? <ItemPicture src={item.image} /> : <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded-md bg-stone-100" />}
              <div className="min-w-0 flex-1 space-y-1">
                {item.found ? (
                  <>
                    <p>
                      {item.confidence === "clear" ? (
                        <span className="inline-block rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{i18n._("Found")}</span>
                      ) : (
                        <span className="inline-block rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{i18n._(VOICE_MESSAGES.isThisIt)}</span>
                      )}
                    </p>
                    <p className="font-medium break-words">
                      <Link to={`/product/${item.productId}?variant=${encodeURIComponent(item.internalReference!)}`} className="underline">
                        {item.title}
                      </Link>
                    </p>
                    <p className="text-stone-700">
                      {attributeIn(i18n, item.attribute)} · <span className="font-semibold text-stone-900">{formatRupees(item.pricePaise!)}</span>
                    </p>
                    <p className="break-words text-xs text-stone-600">
                      {i18n._("You asked for “{phrase}”", { phrase: item.phrase })}
                      {item.quantitySaid && <> · {quantityText(i18n, item)}</>}
                    </p>
                    {item.available ? (
                      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 pt-1">
                        <label className="flex items-center gap-2 font-medium">
                          <input type="checkbox" name={voice.field("add", "add")} value={item.internalReference!} defaultChecked={preTicked(item)} className="h-5 w-5" />
                          {/* Seen: 'Add'; heard: the whole phrase, in the page's word order. */}
                          <span aria-hidden="true">{i18n._("Add")}</span>
                          <span className="sr-only">{i18n._("Add {product}", { product: item.title })}</span>
                        </label>
                        <label className="flex items-center gap-2">
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
                      </div>
                    ) : (
                      <p>
                        <span className="inline-block rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">{i18n._(VOICE_MESSAGES.outOfStock)}</span>
                      </p>
                    )}
                  </>
                ) : (
                  <>
                    <p>
                      <span className="inline-block rounded bg-yellow-200 px-2 py-0.5 text-xs font-semibold text-yellow-900">{i18n._("Not Found")}</span>
                    </p>
                    <p className="break-words">{i18n._("We couldn’t find “{name}”. Try another word.", { name: item.name || item.phrase })}</p>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
        {forSale.length > 0 && (
          <button type="submit" className="mt-3 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {i18n._("Add to cart")}
          </button>
        )}
      </Form>
    </section>
  );
}
