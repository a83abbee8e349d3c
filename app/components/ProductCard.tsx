import { Link } from "react-router";
import type { ProductCard as Card } from "../domain/catalog.ts";
import { attributeIn } from "../domain/pack-size.ts";
import { isAvailable, isLowStock, LOW_STOCK_HINT, OUT_OF_STOCK_BADGE } from "../domain/stock.ts";
import { CartControls } from "./cart/CartControls.tsx";
import { Price } from "./ui/Price.tsx";
import { Stars } from "./ui/Stars.tsx";
import { UnitPrice } from "./ui/UnitPrice.tsx";
import { later } from "./later.tsx";
import { PHOTO_SIZES } from "../domain/photo.ts";
import { ProductImage } from "./ui/ProductImage.tsx";
import { useI18n } from "./i18n.tsx";

// A plain form until its code comes, once the page has hydrated.
const WishlistHeart = later(import.meta.env.SSR ? await import("./wishlist/WishlistHeart.tsx") : () => import("./wishlist/WishlistHeart.tsx"), "WishlistHeart");

/** A card's id on its page: where a plain post from it comes back to. */
export function cardAnchor(productId: number): string {
  return `product-${productId}`;
}

/**
 * `eager`: the picture loads at once (the first cards on screen), and first among the page's
 * pictures when `lead` (a listing, where the cards are the page; not the home page, whose
 * banner comes first).
 */
export function ProductCard({ card, eager = false, lead = true, withVariant = false }: { card: Card; eager?: boolean; lead?: boolean; withVariant?: boolean }) {
  // On the listing a card links to its displayed variant (Specification: Listing).
  const href = withVariant ? `/product/${card.id}?variant=${encodeURIComponent(card.internalReference)}` : `/product/${card.id}`;
  const available = isAvailable(card);
  const i18n = useI18n();
  return (
    <article id={cardAnchor(card.id)} className="group relative flex scroll-mt-28 flex-col overflow-hidden rounded-lg border border-stone-200 bg-surface transition hover:shadow-md">
      <div className="relative aspect-square bg-stone-50">
        <ProductImage
          src={card.image}
          alt=""
          width={600}
          height={600}
          sizes={PHOTO_SIZES.card}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager && lead ? "high" : undefined}
          decoding="async"
          className={`h-full w-full object-cover ${available ? "" : "opacity-60 grayscale"}`}
        />
        {!available && <span className="keeps-neutrals absolute left-2 top-2 rounded bg-stone-800 px-2 py-0.5 text-xs font-semibold text-white">{i18n._(OUT_OF_STOCK_BADGE)}</span>}
        {available && card.discount > 0 && (
          <span className="absolute left-2 top-2 rounded bg-accent-600 px-2 py-0.5 text-xs font-semibold text-white">{i18n._("{discount}% off", { discount: card.discount })}</span>
        )}
        <WishlistHeart internalReference={card.internalReference} title={card.title} anchor={cardAnchor(card.id)} className="absolute right-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium leading-snug">
          <Link to={href} className="after:absolute after:inset-0 hover:text-brand-700">
            {card.title}
          </Link>
        </h3>
        {card.attribute && <p className="text-xs text-stone-600">{attributeIn(i18n, card.attribute)}</p>}
        {card.rating !== null && (
          <p className="flex items-center gap-1 text-xs text-stone-700">
            {/* ratingLabel's words (domain/review.ts), as a message with its plural. */}
            <Stars
              rating={card.rating}
              label={i18n._("Rated {rating} out of 5 from {count, plural, one {# review} other {# reviews}}", { rating: card.rating, count: card.reviewCount })}
            />
            <span aria-hidden="true">
              {card.rating} ({card.reviewCount})
            </span>
          </p>
        )}
        <div className="mt-auto pt-1">
          <Price pricePaise={card.pricePaise} mrpPaise={card.mrpPaise} discount={card.discount} />
          <UnitPrice attribute={card.attribute} pricePaise={card.pricePaise} className="block text-xs text-stone-600" />
          {isLowStock(card) && <p className="mt-1 text-xs font-semibold text-accent-600">{i18n._(LOW_STOCK_HINT)}</p>}
        </div>
        <div className="pt-2">
          <CartControls
            item={{
              productId: card.id,
              internalReference: card.internalReference,
              title: card.title,
              pricePaise: card.pricePaise,
              inStock: card.inStock,
              inventoryStock: card.inventoryStock,
            }}
            anchor={cardAnchor(card.id)}
          />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  cards,
  eagerCount = 0,
  lead = true,
  withVariant = false,
  label,
}: {
  cards: Card[];
  eagerCount?: number;
  lead?: boolean;
  withVariant?: boolean;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5">
      {cards.map((card, i) => (
        <li key={card.id}>
          <ProductCard card={card} eager={i < eagerCount} lead={lead} withVariant={withVariant} />
        </li>
      ))}
    </ul>
  );
}
