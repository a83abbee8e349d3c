// The product page's price and the note under its quantity: both follow the cart, so they are
// personal parts of the page (components/splice-protocol.tsx, issue 30).
import type { VariantView } from "../../domain/catalog.ts";
import { discountPercent, formatRupees } from "../../domain/money.ts";
import { weightIn } from "../../domain/pack-size.ts";
import { WEIGHT_MESSAGES } from "../../domain/weight.ts";
import { useI18n } from "../i18n.tsx";
import { useSplicePart } from "../splice-protocol.tsx";
import { Price } from "../ui/Price.tsx";
import { useCartEntries } from "../root-data.ts";

export type PricedVariant = Pick<VariantView, "internalReference" | "pricePaise" | "mrpPaise" | "byWeight">;

/** Price and MRP multiplied by the chosen quantity (Specification: Product page), or by the cart's. */
export function ProductPrice({ variant, chosen }: { variant: PricedVariant; chosen: number }) {
  useSplicePart("product-price", { variant, chosen });
  const i18n = useI18n();
  const times = useCartEntries()[variant.internalReference]?.quantity ?? chosen;
  return (
    <div className="mt-4">
      <Price pricePaise={variant.pricePaise * times} mrpPaise={variant.mrpPaise * times} discount={discountPercent(variant.pricePaise, variant.mrpPaise)} size="lg" />
      <p className="text-xs text-stone-600">
        {times > 1 ? i18n._("{times} × {price}, inclusive of all taxes", { times, price: formatRupees(variant.pricePaise) }) : i18n._("Inclusive of all taxes")}
      </p>
      {variant.byWeight && <p className="mt-1 text-sm text-stone-700">{i18n._(WEIGHT_MESSAGES.estimate(variant.byWeight, times, (grams) => weightIn(i18n, grams)))}</p>}
    </div>
  );
}

/** Why the quantity asked for in the address was changed, until the variant is in the cart. */
export function QuantityNote({ message, internalReference }: { message?: string | null; internalReference: string }) {
  // A part only where there is a note: parts are found in the kept page by what they show signed out.
  return message ? <ShownQuantityNote message={message} internalReference={internalReference} /> : null;
}

function ShownQuantityNote({ message, internalReference }: { message: string; internalReference: string }) {
  useSplicePart("quantity-note", { message, internalReference });
  const inCart = useCartEntries()[internalReference] !== undefined;
  const i18n = useI18n();
  if (inCart) return null;
  return (
    <p role="status" className="mt-2 text-sm font-semibold text-accent-600">
      {i18n._(message)}
    </p>
  );
}
