import type { Gift } from "../../domain/gift.ts";
import { useI18n } from "../i18n.tsx";

/** An order's gift message (issue 29), as the shopper and the packing staff read it. */
export function GiftNote({ gift }: { gift: Gift }) {
  const i18n = useI18n();
  return (
    <section aria-labelledby="gift-note-title" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm">
      <h2 id="gift-note-title" className="font-semibold">
        {i18n._("Gift message")}
      </h2>
      <p className="mt-1 whitespace-pre-line">{gift.message}</p>
      {gift.from && <p className="mt-1 font-medium">{i18n._("From: {name}", { name: gift.from })}</p>}
      {gift.hidePrices && <p className="mt-1 text-stone-700">{i18n._("Prices are left off the packing slip.")}</p>}
    </section>
  );
}
