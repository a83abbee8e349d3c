// /robots.txt: everything public may be crawled; personal and action URLs may not.
import type { Route } from "./+types/robots";

export function loader({ url }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...["/addtocart", "/cart", "/revieworder", "/ordersuccess", "/orders", "/myaccount", "/wishlist", "/post-auth", "/signin", "/signup", "/forgot-password", "/api/"].map(
      (p) => `Disallow: ${p}`,
    ),
    "",
    `Sitemap: ${url.origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
