// The catalogue in the page's language (issue 27): Hindi names and descriptions where the
// catalogue has them, the English ones where it does not, so nothing is ever blank. The Shop
// gives both; a loader hands its page the one it reads.
import type { CategoryNode, ProductDetail } from "../catalog.ts";
import type { Locale } from "./locale.ts";

const hindi = (text: string | null | undefined): text is string => typeof text === "string" && text.trim().length > 0;

interface Titled {
  title: string;
  titleHi?: string;
}

/** A card, a suggestion, a cart or wishlist line: anything with a title, in the page's language. */
export function titledIn<T extends Titled>(locale: Locale, item: T): T {
  return locale === "hi" && hindi(item.titleHi) ? { ...item, title: item.titleHi } : item;
}

export function cardsIn<T extends Titled>(locale: Locale, items: readonly T[]): T[] {
  return locale === "en" ? [...items] : items.map((item) => titledIn(locale, item));
}

export function detailIn(locale: Locale, product: ProductDetail): ProductDetail {
  if (locale === "en") return product;
  return {
    ...product,
    title: hindi(product.titleHi) ? product.titleHi : product.title,
    shortDesc: hindi(product.shortDescHi) ? product.shortDescHi : product.shortDesc,
    categoryName: hindi(product.categoryNameHi) ? product.categoryNameHi : product.categoryName,
    subName: hindi(product.subNameHi) ? product.subNameHi : product.subName,
  };
}

export function categoriesIn(locale: Locale, tree: readonly CategoryNode[]): CategoryNode[] {
  if (locale === "en") return [...tree];
  const named = <T extends { name: string; nameHi?: string }>(c: T): T => (hindi(c.nameHi) ? { ...c, name: c.nameHi } : c);
  return tree.map((c) => ({ ...named(c), children: c.children.map(named) }));
}
