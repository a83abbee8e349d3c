import { formatRupees } from "../../domain/money.ts";

/** Price, MRP struck through when higher, and the rounded discount. */
export function Price({ pricePaise, mrpPaise, discount, size = "md" }: { pricePaise: number; mrpPaise: number; discount: number; size?: "md" | "lg" }) {
  const big = size === "lg";
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={big ? "text-2xl font-bold" : "font-semibold"}>
        <span className="sr-only">Price </span>
        {formatRupees(pricePaise)}
      </span>
      {mrpPaise > pricePaise && (
        <>
          <span className={`text-stone-600 line-through ${big ? "text-base" : "text-sm"}`}>
            <span className="sr-only">MRP </span>
            {formatRupees(mrpPaise)}
          </span>
          {discount > 0 && <span className={`font-semibold text-accent-600 ${big ? "text-base" : "text-sm"}`}>{discount}% off</span>}
        </>
      )}
    </p>
  );
}
