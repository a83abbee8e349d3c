// /robots.txt: everything public may be crawled; personal and action URLs may not.
import { appEnv } from "../server/env.server.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...["/addtocart", "/cart", "/revieworder", "/ordersuccess", "/orders", "/myaccount", "/wishlist", "/post-auth", "/signin", "/signup", "/forgot-password", "/api/"].map(
      (p) => `Disallow: ${p}`,
    ),
    "",
    `Sitemap: ${appEnv().publicOrigin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
