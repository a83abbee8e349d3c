// /sitemap.xml, generated from the catalogue: the pages, every category and subcategory
// listing, and every product, each in English and in Hindi with hreflang alternates between
// them (issue 27).
import { waysIn } from "../server/ways-in.server.ts";
import { appEnv } from "../server/env.server.ts";
import { BLOG_POSTS } from "../content/brand.ts";
import { SITEMAP_PAGES } from "../content/sitemap-pages.ts";
import type { Route } from "./+types/sitemap";
import { HTML_LANG, LOCALES, pathIn } from "../domain/i18n/locale.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader({ context }: Route.LoaderArgs) {
  const reads = waysIn(context).reads;
  const [tree, ids] = await Promise.all([reads.catalog.categories(), reads.catalog.productIds()]);
  const paths = [
    ...SITEMAP_PAGES,
    ...BLOG_POSTS.map((p) => `/blog/${p.id}`),
    ...tree.filter((c) => c.status === "active").flatMap((c) => [`/products?category=${c.slug}`, ...c.children.map((ch) => `/products?category=${c.slug}&sub=${ch.slug}`)]),
    ...ids.map((id) => `/product/${id}`),
  ];
  const origin = appEnv().publicOrigin;
  const alternates = (p: string) =>
    [...LOCALES.map((l) => [HTML_LANG[l], pathIn(l, p)] as const), ["x-default", p] as const]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escape(origin + href)}"/>`)
      .join("");
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    paths.flatMap((p) => LOCALES.map((l) => `  <url><loc>${escape(origin + pathIn(l, p))}</loc>${alternates(p)}</url>`)).join("\n") +
    "\n</urlset>\n";
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
