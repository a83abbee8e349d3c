// Ids in URLs and forms: a plain positive whole number that fits the database's integer
// columns. Anything else ("abc", "-1", "1.5", "0012", a 40-digit number) names nothing.
const MAX_ID = 2 ** 31 - 1;

export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}

/** The product a product page's URL names, in either language, for a page or its data (`/hi/product/7.data`): else null. */
export function productIdOfPath(pathname: string): number | null {
  const match = /^(?:\/hi)?\/product\/([^/]+?)(?:\.data)?\/?$/.exec(pathname);
  return match ? parseId(match[1]) : null;
}

/** The pages that show the cart with its totals: the cart, its alias, Review Order (their routes' paths). */
export const CART_PAGES = ["/addtocart", "/cart", "/revieworder"] as const;

/** Whether a request's path is one of `pages`, in either language, or its data. */
function isPageOf(pages: readonly string[], pathname: string): boolean {
  const plain = pathname.replace(/^\/hi(?=\/)/, "").replace(/(?:\.data)?\/?$/, "");
  return pages.includes(plain);
}

/** One of the cart's pages (CART_PAGES), in either language, or its data. */
export function isCartPagePath(pathname: string): boolean {
  return isPageOf(CART_PAGES, pathname);
}

/** Review Order, in either language, or its data. */
export function isReviewOrderPath(pathname: string): boolean {
  return isPageOf(["/revieworder"], pathname);
}
