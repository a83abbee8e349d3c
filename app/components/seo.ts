import { store } from "../domain/store-config.ts";
import { languageAlternates, pathIn, type Locale } from "../domain/i18n/locale.ts";
import { localeOfMatches, originOf } from "./root-data.ts";

/**
 * A page's own title, description, canonical link and Open Graph tags (issue 5): one
 * helper for every page's `meta`; `origin` is `originOf(matches)`, from the root loader.
 */
export function pageMeta(page: { title: string; description: string; path: string; origin: string; locale?: Locale; type?: string; image?: string }) {
  // Each language's page is its own canonical, and names the other (issue 27).
  const url = page.origin + pathIn(page.locale ?? "en", page.path);
  const title = `${page.title} | ${store.name}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...languageAlternates(page.origin, page.path),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: store.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(page.image ? [{ property: "og:image", content: page.origin + page.image }] : []),
  ];
}

// Beside the root loader's data, which every page loads anyway.
export { localeOfMatches, originOf } from "./root-data.ts";
export { languageAlternates } from "../domain/i18n/locale.ts";

/** A personal or transactional page: its own title, description and canonical link, kept out of search results. */
export function privatePageMeta(matches: Parameters<typeof originOf>[0], page: { title: string; description: string; path: string }) {
  return [...pageMeta({ ...page, origin: originOf(matches), locale: localeOfMatches(matches) }), { name: "robots", content: "noindex" }];
}
