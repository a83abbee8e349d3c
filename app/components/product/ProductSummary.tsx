import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CART_MESSAGES, chosenQuantity } from "../../domain/cart.ts";
import type { ProductDetail, VariantView } from "../../domain/catalog.ts";
import { attributeIn, packSize } from "../../domain/pack-size.ts";
import { isAvailable, isLowStock, LOW_STOCK_WARNING } from "../../domain/stock.ts";
import { POLICY } from "../../content/policy-numbers.ts";
import { store } from "../../domain/store-config.ts";
import { paymentNote } from "../../domain/payment.ts";
import { useI18n } from "../i18n.tsx";
import { LeafIcon } from "../ui/icons.tsx";
import { UnitPrice } from "../ui/UnitPrice.tsx";
import { CartControls } from "../cart/CartControls.tsx";
import { usePaymentOffer, useRootData } from "../root-data.ts";
import { ProductPrice, QuantityNote } from "./ProductPrice.tsx";
import { later } from "../later.tsx";

// Sharing waits for a tap: its code comes once the page has hydrated.
const ShareProduct = later(import.meta.env.SSR ? await import("./ShareProduct.tsx") : () => import("./ShareProduct.tsx"), "ShareProduct");

// A plain form until its code comes, once the page has hydrated.
const WishlistHeart = later(import.meta.env.SSR ? await import("../wishlist/WishlistHeart.tsx") : () => import("../wishlist/WishlistHeart.tsx"), "WishlistHeart");

export function ProductSummary({ product, variant }: { product: Omit<ProductDetail, "longDesc">; variant: VariantView }) {
  const { origin } = useRootData();
  const pack = packSize(variant.attribute);
  const available = isAvailable(variant);
  const offer = usePaymentOffer();
  const i18n = useI18n();
  const [params] = useSearchParams();
  const fromUrl = chosenQuantity(params.get("qty"), variant.inventoryStock);
  const [chosen, setChosen] = useState(fromUrl.quantity);
  // A new variant or ?qty= starts the chooser afresh.
  const key = `${variant.internalReference}:${fromUrl.quantity}`;
  const [chosenFor, setChosenFor] = useState(key);
  if (chosenFor !== key) {
    setChosenFor(key);
    setChosen(fromUrl.quantity);
  }
  return (
    <section aria-labelledby="product-title">
      {product.isOrganic && (
        <p className="mb-2 inline-flex items-center gap-1 rounded bg-brand-100 px-2 py-0.5 text-xs font-bold tracking-wider text-brand-800">
          <LeafIcon />
          {i18n._("ORGANIC")}
        </p>
      )}
      <h1 id="product-title" className="text-2xl font-semibold md:text-3xl">
        {product.title}
      </h1>
      {product.shortDesc && <p className="mt-2 text-stone-700">{product.shortDesc}</p>}
      {pack && (
        <p className="mt-3 text-sm">
          <span className="font-medium">{i18n._(pack.label)}:</span> {attributeIn(i18n, pack.value)}
        </p>
      )}
      <ProductPrice variant={{ internalReference: variant.internalReference, pricePaise: variant.pricePaise, mrpPaise: variant.mrpPaise, byWeight: variant.byWeight }} chosen={chosen} />
      {/* The pack's unit sale price (decision 063): one pack's, whatever the quantity chosen. */}
      <UnitPrice attribute={variant.attribute} pricePaise={variant.pricePaise} byWeight={variant.byWeight} className="mt-1 block text-sm text-stone-700" />
      {!available && <p className="mt-3 font-semibold text-accent-600">{i18n._(CART_MESSAGES.outOfStock)}</p>}
      {isLowStock(variant) && <p className="mt-3 font-semibold text-accent-600">{i18n._(LOW_STOCK_WARNING, { n: variant.inventoryStock })}</p>}
      {product.variants.length > 1 && (
        <fieldset className="mt-5">
          <legend className="text-sm font-medium">{i18n._("Choose an option")}</legend>
          <ul className="mt-2 flex flex-wrap gap-2">
            {product.variants.map((v) => {
              const current = v.internalReference === variant.internalReference;
              const out = !isAvailable(v);
              return (
                <li key={v.internalReference}>
                  <Link
                    to={`?variant=${encodeURIComponent(v.internalReference)}`}
                    replace
                    preventScrollReset
                    aria-current={current ? "true" : undefined}
                    className={`block rounded-lg border px-3 py-2 text-sm ${current ? "border-brand-700 bg-brand-50 font-semibold" : "border-stone-300 hover:border-stone-500"} ${out ? "text-stone-500 line-through" : ""}`}
                  >
                    {v.attribute ? attributeIn(i18n, v.attribute) : v.internalReference}
                    {out && <span className="sr-only"> {i18n._("(out of stock)")}</span>}
                    <UnitPrice attribute={v.attribute} pricePaise={v.pricePaise} byWeight={v.byWeight} className="block text-xs font-normal text-stone-600" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {/* The heart keeps its place beside the buttons: on a phone the buttons wrap, not the heart. */}
      <div className="mt-6 flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <CartControls
            size="page"
            buyNow
            item={{
              productId: product.id,
              internalReference: variant.internalReference,
              title: product.title,
              pricePaise: variant.pricePaise,
              inStock: variant.inStock,
              inventoryStock: variant.inventoryStock,
            }}
            chooser={{ value: chosen, onChange: setChosen }}
          />
        </div>
        <div className="shrink-0">
          <WishlistHeart internalReference={variant.internalReference} title={product.title} />
        </div>
      </div>
      <QuantityNote message={fromUrl.message} internalReference={variant.internalReference} />
      {product.subscribable && (
        // A standing order (issue 45): a plain link, the same for every shopper, so the cached page stays one page.
        <p className="mt-4 text-sm">
          <Link
            to={`/myaccount/subscriptions/new?product=${product.id}&variant=${encodeURIComponent(variant.internalReference)}`}
            className="inline-block rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            {i18n._("Subscribe")}
          </Link>{" "}
          <span className="text-stone-700">{i18n._("Every day or on the days you choose; skip or pause any day.")}</span>
        </p>
      )}
      <ul className="mt-6 space-y-2 rounded-lg bg-stone-50 p-4 text-sm text-stone-700">
        <li>
          <span className="font-medium text-stone-900">{i18n._("Payment:")}</span> {i18n._(paymentNote(offer))}
        </li>
        <li>
          <span className="font-medium text-stone-900">{i18n._("Warranty:")}</span>{" "}
          {i18n._("returns are not accepted under the Consumer Protection Act, except for damaged or defective goods reported within {hours} hours of delivery.", {
            hours: POLICY.returnWindowHours,
          })}
        </li>
        <li>
          <span className="font-medium text-stone-900">{i18n._("Delivery:")}</span> {i18n._("{promise} in Gurugram.", { promise: i18n._(store.deliveryPromise).toLowerCase() })}
        </li>
      </ul>
      <ShareProduct page={{ title: product.title, url: `${origin}/product/${product.id}?variant=${encodeURIComponent(variant.internalReference)}` }} />
    </section>
  );
}
