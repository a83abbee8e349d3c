// The catalogue as pages see it. Types only, plus the card derivation shared by
// the Shop and the tests; no I/O.
import type { SoldByWeight } from "./weight.ts";
import { discountPercent } from "./money.ts";
import { ratingMean } from "./review.ts";
import { displayVariant } from "./stock.ts";
import type { Locale } from "./i18n/locale.ts";

/** A product's title in the page's language: its Hindi one where the catalogue has it. */
export const titleIn = (locale: Locale, item: { title: string; titleHi?: string | null }) => (locale === "hi" && item.titleHi?.trim() ? item.titleHi : item.title);

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export interface CategoryChild {
  id: number;
  name: string;
  /** The name in Hindi (issue 27), when the catalogue has it. */
  nameHi?: string;
  slug: string;
  image: string | null;
  backendKey: string | null;
}

export interface CategoryNode extends CategoryChild {
  status: "active" | "coming_soon";
  children: CategoryChild[];
}

export interface VariantView {
  id: number;
  internalReference: string;
  attribute: string;
  pricePaise: number;
  mrpPaise: number;
  images: string[];
  video: string | null;
  inStock: boolean;
  inventoryStock: number;
  /** Sold by weight (issue 29): absent for a variant sold by the pack. */
  byWeight?: SoldByWeight;
}

/** The card of Specification: Catalogue: what a grid shows of a product, from its displayed variant. */
export interface ProductCard {
  id: number;
  title: string;
  /** The title in Hindi (issue 27), when the catalogue has it. */
  titleHi?: string;
  image: string;
  pricePaise: number;
  mrpPaise: number;
  discount: number;
  attribute: string;
  internalReference: string;
  inventoryStock: number;
  inStock: boolean;
  categorySlug: string;
  subSlug: string | null;
  /** The mean of the published reviews (issue 14); null when there are none. */
  rating: number | null;
  reviewCount: number;
}

export interface ProductDetail {
  id: number;
  title: string;
  shortDesc: string;
  /** Hindi (issue 27), when the catalogue has it. */
  titleHi?: string;
  shortDescHi?: string;
  categoryNameHi?: string;
  subNameHi?: string | null;
  longDesc: string;
  categoryPath: string;
  categorySlug: string;
  subSlug: string | null;
  categoryName: string;
  subName: string | null;
  salesTax: string[];
  /** The mean of the published reviews when there are any, else the catalogue's rating. */
  rating: number;
  isOrganic: boolean;
  /** Offered as a standing order (issue 45). */
  subscribable?: boolean;
  createdAt: string;
  variants: VariantView[];
  reviewCount: number;
}

export interface Suggestion {
  id: number;
  title: string;
  titleHi?: string;
  image: string;
}

export function toCard(
  product: { id: number; title: string; titleHi?: string; categorySlug: string; subSlug: string | null; reviewCount?: number; reviewTotal?: number },
  variants: readonly VariantView[],
): ProductCard | null {
  const v = displayVariant(variants);
  if (!v) return null;
  return {
    id: product.id,
    title: product.title,
    ...(product.titleHi ? { titleHi: product.titleHi } : {}),
    image: v.images[0] ?? PLACEHOLDER_IMAGE,
    pricePaise: v.pricePaise,
    mrpPaise: v.mrpPaise,
    discount: discountPercent(v.pricePaise, v.mrpPaise),
    attribute: v.attribute,
    internalReference: v.internalReference,
    inventoryStock: v.inventoryStock,
    inStock: v.inStock,
    categorySlug: product.categorySlug,
    subSlug: product.subSlug,
    rating: ratingMean(product.reviewCount ?? 0, product.reviewTotal ?? 0),
    reviewCount: product.reviewCount ?? 0,
  };
}

export interface ListingResult {
  cards: ProductCard[];
  total: number;
  /** The page shown, clamped to the pages there are. */
  page: number;
  pageCount: number;
  /** The category filter in force after the mapping of Specification: Catalogue. */
  filter: { category: string | null; sub: string | null };
  /** For a search: a spelling that finds more, and where to look when nothing was found (issue 13 point 3). */
  help?: { didYouMean: string | null; categories: { name: string; category: string; sub: string | null }[] };
}
