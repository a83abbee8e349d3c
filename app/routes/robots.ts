// /robots.txt: everything public may be crawled; personal and action URLs may not, in either
// language (issue 27: /hi/... are the same pages in Hindi).
import { appEnv } from "../server/env.server.ts";
import { LOCALES, pathIn } from "../domain/i18n/locale.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...["/addtocart", "/cart", "/revieworder", "/ordersuccess", "/orders", "/myaccount", "/wishlist", "/post-auth", "/signin", "/signup", "/forgot-password", "/api/"]
      .flatMap((p) => LOCALES.map((l) => pathIn(l, p)))
      .map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${appEnv().publicOrigin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
