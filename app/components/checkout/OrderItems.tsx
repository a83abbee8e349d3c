import { lineTotal, stockNote, stockProblems, type CartLineView } from "../../domain/cart.ts";
import { formatRupees } from "../../domain/money.ts";
import { PHOTO_SIZES } from "../../domain/photo.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { useI18n } from "../i18n.tsx";

/** What Review Order will order (issue 11 point 1): each line with its quantity and total, and what the stock says of it. */
export function OrderItems({ lines }: { lines: CartLineView[] }) {
  const problems = new Map(stockProblems(lines).map((p) => [p.line.id, p]));
  const i18n = useI18n();
  return (
    <section aria-labelledby="items-title" className="mt-8">
      <h2 id="items-title" className="text-lg font-semibold">
        {i18n._("Items")}
      </h2>
      <ul aria-label={i18n._("Items in this order")} className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200">
        {lines.map((l) => {
          const problem = problems.get(l.id);
          return (
            <li key={l.id} className="flex items-center gap-3 p-3">
              <ProductImage src={l.image} alt="" width={48} height={48} sizes={PHOTO_SIZES.px(48)} loading="lazy" className="h-12 w-12 rounded object-cover" />
              <span className="min-w-0 flex-1">
                {l.title} <span className="text-stone-600">× {l.quantity}</span>
                {problem && <span className="block text-sm font-medium text-red-700">{i18n._(stockNote(problem, "review"))}</span>}
              </span>
              <span className="font-medium">{formatRupees(lineTotal(l))}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
