import { Link, useFetcher } from "react-router";
import { discountPercent } from "../../domain/money.ts";
import { attributeIn } from "../../domain/pack-size.ts";
import { OUT_OF_STOCK_BADGE } from "../../domain/stock.ts";
import { WISHLIST_MESSAGES, wishlistItemInStock, type WishlistItemView } from "../../domain/wishlist.ts";
import { useRefusalToast, wishlist } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { useHere } from "../root-data.ts";
import { Price } from "../ui/Price.tsx";
import { useWishlistRefs } from "../root-data.ts";
import { PHOTO_SIZES } from "../../domain/photo.ts";
import { ProductImage } from "../ui/ProductImage.tsx";

export function WishlistGrid({ items }: { items: WishlistItemView[] }) {
  // Items leave the grid as soon as their removal or move is sent.
  const refs = useWishlistRefs();
  const shown = items.filter((i) => refs.has(i.internalReference));
  const i18n = useI18n();
  if (shown.length === 0) {
    return (
      <p className="mt-6 text-stone-700">
        {i18n._("Your wishlist is empty.")}{" "}
        <Link to="/products" className="font-medium text-brand-700 underline">
          {i18n._("Browse the shop")}
        </Link>
      </p>
    );
  }
  return (
    <ul aria-label={i18n._("Wishlist items")} className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {shown.map((item) => (
        <li key={item.id}>
          <WishlistCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function WishlistCard({ item }: { item: WishlistItemView }) {
  const fetcher = useFetcher({ key: `wishlist:${item.internalReference}` });
  useRefusalToast(fetcher);
  const here = useHere();
  const inStock = wishlistItemInStock(item);
  const href = `/product/${item.productId}?variant=${encodeURIComponent(item.internalReference)}`;
  const i18n = useI18n();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-surface">
      <Link to={href} className="block aspect-square bg-stone-50" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={item.image}
          alt=""
          width={600}
          height={600}
          sizes={PHOTO_SIZES.card}
          loading="lazy"
          decoding="async"
          className={`h-full w-full object-cover ${inStock ? "" : "opacity-60 grayscale"}`}
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 text-sm font-medium">
          <Link to={href} className="hover:text-brand-700">
            {item.title}
          </Link>
        </h2>
        {item.attribute && <p className="text-xs text-stone-600">{attributeIn(i18n, item.attribute)}</p>}
        <Price pricePaise={item.pricePaise} mrpPaise={item.mrpPaise} discount={discountPercent(item.pricePaise, item.mrpPaise)} />
        {!inStock && <p className="text-xs font-semibold text-accent-600">{i18n._(OUT_OF_STOCK_BADGE)}</p>}
        <fetcher.Form method="post" action={wishlist.action} className="mt-auto flex flex-wrap gap-2 pt-2">
          <input type="hidden" name={wishlist.field("move-to-cart", "item")} value={item.id} />
          {/* Read by the optimistic view: the item leaves the hearts at once. */}
          <input type="hidden" name={wishlist.field("move-to-cart", "internal_reference")} value={item.internalReference} />
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            {...wishlist.intent("move-to-cart")}
            disabled={!inStock}
            title={inStock ? undefined : i18n._(WISHLIST_MESSAGES.outOfStock)}
            className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
          >
            {i18n._("Move to Cart")}
          </button>
          <button
            type="submit"
            {...wishlist.intent("remove")}
            className="rounded-md border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-50"
            aria-label={i18n._("Remove {title} from wishlist", { title: item.title })}
          >
            {i18n._("Remove")}
          </button>
        </fetcher.Form>
      </div>
    </article>
  );
}
