import { formatRupees } from "../../domain/money.ts";
import { REPLACEMENT_MESSAGES } from "../../domain/replacement.ts";
import type { ReplacementOffer } from "../../server/shop/port.server.ts";
import { staffOrders } from "../forms.ts";
import { LineForm } from "./LineForm.tsx";

/** 'Replace': what to pack in place of a line out of stock, from the similar products in stock (closest first). */
export function ReplaceForm({
  order,
  line,
  title,
  offers,
  back,
  action = staffOrders.action,
}: {
  order: number;
  line: number;
  title: string;
  offers: ReplacementOffer[];
  back: string;
  action?: string;
}) {
  if (offers.length === 0) return <p className="text-xs text-stone-700">{REPLACEMENT_MESSAGES.none}</p>;
  return (
    <LineForm intent="replace" order={order} line={line} back={back} action={action} className="w-full text-xs">
      <fieldset>
        <legend className="text-stone-700">Out of stock? Pack instead:</legend>
        {offers.map((o) => (
          <label key={o.variantId} className="mr-4 inline-flex items-center gap-1">
            <input type="radio" name={staffOrders.field("replace", "variant")} value={o.variantId} required />
            {o.title} ({o.attribute}) {formatRupees(o.chargedPaise)}
            {o.chargedPaise < o.pricePaise && <span className="text-stone-600"> (sold at {formatRupees(o.pricePaise)})</span>}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="mt-1 rounded-md border border-brand-700 px-2 py-0.5 font-semibold text-brand-800 hover:bg-brand-50" aria-label={`Replace ${title}`}>
        Replace
      </button>
    </LineForm>
  );
}
