import { formatRupees } from "../../domain/money.ts";
import { lineItemsPaise } from "../../domain/order.ts";
import { weightIn } from "../../domain/pack-size.ts";
import { WEIGHT_MESSAGES, type SoldByWeight } from "../../domain/weight.ts";
import { useI18n } from "../i18n.tsx";

/**
 * What an order line's items come to. Sold by weight (issue 29): an estimate until staff weigh it,
 * then the estimate, the weight and the final amount, said in the page's language.
 */
export function LineAmount({ line }: { line: { unitPricePaise: number; quantity: number; byWeight?: SoldByWeight; packedGrams?: number; weighedPaise?: number } }) {
  const i18n = useI18n();
  const amount = <span className="font-medium">{formatRupees(lineItemsPaise(line))}</span>;
  if (!line.byWeight) return amount;
  const note =
    line.packedGrams !== undefined && line.weighedPaise !== undefined
      ? WEIGHT_MESSAGES.weighed(formatRupees(line.unitPricePaise * line.quantity), line.packedGrams, formatRupees(line.weighedPaise), (grams) => weightIn(i18n, grams))
      : WEIGHT_MESSAGES.awaiting;
  return (
    <span className="text-right">
      {amount}
      <span className="block text-xs text-stone-600">{i18n._(note)}</span>
    </span>
  );
}
