import { Link, useFetcher } from "react-router";
import { lineTotal, stockNote, stockProblems, type CartLineView, type StockProblem } from "../../domain/cart.ts";
import { formatRupees } from "../../domain/money.ts";
import { attributeIn, priceBasis, priceBasisIn, weightIn } from "../../domain/pack-size.ts";
import { WEIGHT_MESSAGES } from "../../domain/weight.ts";
import { useCartEntries } from "../root-data.ts";
import { useI18n } from "../i18n.tsx";
import { cart, useRefusalToast } from "../forms.ts";
import { QuantityStepper } from "../ui/QuantityStepper.tsx";
import { UnitPrice } from "../ui/UnitPrice.tsx";
import { PHOTO_SIZES } from "../../domain/photo.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { PostKeyField } from "../offline/QueuedPosts.tsx";

export function CartLines({ lines }: { lines: CartLineView[] }) {
  const entries = useCartEntries();
  const problems = new Map(stockProblems(lines).map((p) => [p.line.internalReference, p]));
  // Lines leave as soon as their removal is sent; quantities follow pending steps.
  const shown = lines.filter((l) => entries[l.internalReference]);
  const i18n = useI18n();
  return (
    <ul aria-label={i18n._("Cart items")} className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-surface">
      {shown.map((line) => (
        <li key={line.internalReference}>
          <CartLine line={{ ...line, quantity: entries[line.internalReference]?.quantity ?? line.quantity }} problem={problems.get(line.internalReference)} />
        </li>
      ))}
    </ul>
  );
}

function CartLine({ line, problem }: { line: CartLineView; problem: StockProblem | undefined }) {
  const fetcher = useFetcher({ key: `cart:${line.internalReference}` });
  useRefusalToast(fetcher);
  const href = `/product/${line.productId}?variant=${encodeURIComponent(line.internalReference)}`;
  const i18n = useI18n();
  return (
    <article aria-label={line.title} className="flex gap-3 p-3 sm:gap-4 sm:p-4">
      {/* The title below links to the product too: the picture's link is skipped by keyboard and screen readers. */}
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <ProductImage src={line.image} alt="" width={96} height={96} sizes={PHOTO_SIZES.px(96)} loading="lazy" className="h-20 w-20 rounded object-cover sm:h-24 sm:w-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="font-medium leading-snug">
          <Link to={href} className="hover:text-brand-700">
            {line.title}
          </Link>
        </h2>
        {line.attribute && <p className="text-xs text-stone-600">{attributeIn(i18n, line.attribute)}</p>}
        {problem && <p className="text-sm font-medium text-red-700">{i18n._(stockNote(problem))}</p>}
        <p className="text-sm">
          <span className="font-semibold">{formatRupees(line.pricePaise)}</span>
          {line.mrpPaise > line.pricePaise && (
            <span className="ml-2 text-stone-500 line-through">
              <span className="sr-only">{i18n._("MRP")} </span>
              {formatRupees(line.mrpPaise)}
            </span>
          )}
          <span className="text-stone-600"> {priceBasisIn(i18n, priceBasis(line.attribute, line.byWeight))}</span>
        </p>
        <UnitPrice attribute={line.attribute} pricePaise={line.pricePaise} byWeight={line.byWeight} className="text-xs text-stone-600" />
        {line.byWeight && <p className="text-xs text-stone-700">{i18n._(WEIGHT_MESSAGES.estimate(line.byWeight, line.quantity, (grams) => weightIn(i18n, grams)))}</p>}
        <fetcher.Form method="post" action={cart.action} className="mt-1 flex flex-wrap items-center gap-3">
          <PostKeyField />
          <input type="hidden" name={cart.field("remove", "internal_reference")} value={line.internalReference} />
          <QuantityStepper title={line.title} quantity={line.quantity} max={line.inventoryStock} className="border-stone-300" />
          <button
            type="submit"
            {...cart.intent("remove")}
            className="text-sm font-medium text-red-700 underline-offset-2 hover:underline"
            aria-label={i18n._("Remove {title} from cart", { title: line.title })}
          >
            {i18n._("Remove")}
          </button>
        </fetcher.Form>
      </div>
      <p className="shrink-0 text-right font-semibold">
        <span className="sr-only">{i18n._("Line total")} </span>
        {formatRupees(lineTotal(line))}
      </p>
    </article>
  );
}
