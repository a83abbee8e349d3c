import { formatRupees } from "../../domain/money.ts";
import { useI18n } from "../i18n.tsx";

/** Price, MRP struck through when higher, and the rounded discount. */
export function Price({ pricePaise, mrpPaise, discount, size = "md" }: { pricePaise: number; mrpPaise: number; discount: number; size?: "md" | "lg" }) {
  const big = size === "lg";
  const i18n = useI18n();
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={big ? "text-2xl font-bold" : "font-semibold"}>
        <span className="sr-only">{i18n._("Price")} </span>
        {formatRupees(pricePaise)}
      </span>
      {mrpPaise > pricePaise && (
        <>
          <span className={`text-stone-600 line-through ${big ? "text-base" : "text-sm"}`}>
            <span className="sr-only">{i18n._("MRP")} </span>
            {formatRupees(mrpPaise)}
          </span>
          {discount > 0 && <span className={`font-semibold text-accent-600 ${big ? "text-base" : "text-sm"}`}>{i18n._("{discount}% off", { discount })}</span>}
        </>
      )}
    </p>
  );
}
