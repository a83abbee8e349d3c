// Category rules of Specification: Header and Catalogue: navigation paths, slugs, and how a
// product's slash-separated category path maps to a category and subcategory.

/** Lower case, runs of non-alphanumerics become one hyphen, no hyphen at either end. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Header navigation: 'home' is '/', every other label is its lower-cased text without spaces. */
export function navPath(label: string): string {
  const key = label.toLowerCase().replace(/\s+/g, "");
  return key === "home" ? "/" : `/${key}`;
}

export interface CategoryPlacement {
  categorySlug: string;
  subSlug: string | null;
  categoryName: string;
  subName: string | null;
}

const ANCHORS = ["Grocers Pick", "General Merchandise"];

/** Split "All / Grocers Pick / Rice" into trimmed, non-empty segments. */
export function pathSegments(path: string): string[] {
  return path
    .split("/")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Specification: Catalogue: a path containing Grocers Pick (or General Merchandise) gives that
 * category with the next segment as sub; otherwise, if the second-last segment is
 * All or Food the last segment is the category; otherwise the second-last is the
 * category and the last the sub. Returns null for an empty path.
 */
export function placeCategoryPath(path: string): CategoryPlacement | null {
  const segments = pathSegments(path);
  if (segments.length === 0) return null;
  const lower = segments.map((s) => s.toLowerCase());
  for (const anchor of ANCHORS) {
    const at = lower.indexOf(anchor.toLowerCase());
    if (at >= 0) {
      const sub = segments[at + 1] ?? null;
      return placement(segments[at], sub);
    }
  }
  const last = segments[segments.length - 1];
  if (segments.length === 1) return placement(last, null);
  const secondLast = segments[segments.length - 2];
  if (/^(all|food)$/i.test(secondLast)) return placement(last, null);
  return placement(secondLast, last);
}

function placement(category: string, sub: string | null): CategoryPlacement {
  return {
    categorySlug: slugify(category),
    subSlug: sub ? slugify(sub) : null,
    categoryName: category,
    subName: sub,
  };
}

export interface CategoryRef {
  slug: string;
  name: string;
  backendKey: string | null;
  children: { slug: string; name: string; backendKey: string | null }[];
}

export interface CategoryFilter {
  /** The top-level category in force, if any. */
  category: string | null;
  /** The subcategory in force, if any. */
  sub: string | null;
}

/**
 * Turns the listing's `category` and `sub` query values into a filter. A value may be a
 * slug or a backend key. A category value that is not a known top-level category and
 * comes without a sub is treated as a subcategory (Specification: Catalogue); when that sub is
 * known, its parent becomes the category so the sidebar can show its siblings.
 */
export function resolveCategoryFilter(tree: readonly CategoryRef[], categoryValue: string | null | undefined, subValue: string | null | undefined): CategoryFilter {
  const cat = normalise(categoryValue);
  const sub = normalise(subValue);
  const top = cat ? tree.find((c) => c.slug === cat || c.backendKey === cat) : undefined;

  if (top) {
    if (!sub) return { category: top.slug, sub: null };
    const child = findChild(top, sub);
    return { category: top.slug, sub: child ? child.slug : sub };
  }
  if (cat && !sub) return subAsFilter(tree, cat);
  if (cat && sub) return { category: cat, sub };
  if (sub) return subAsFilter(tree, sub);
  return { category: null, sub: null };
}

function subAsFilter(tree: readonly CategoryRef[], value: string): CategoryFilter {
  for (const top of tree) {
    const child = findChild(top, value);
    if (child) return { category: top.slug, sub: child.slug };
  }
  return { category: null, sub: value };
}

function findChild(top: CategoryRef, value: string) {
  return top.children.find((c) => c.slug === value || c.backendKey === value);
}

function normalise(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim().toLowerCase();
  if (!trimmed || trimmed.length > 100) return null;
  return trimmed;
}
