// /blog: the three posts, a post-list sidebar and social links (Specification: Content pages). In the page's
// language: the loader sends only its posts (brand.hi.ts in Hindi, issue 27), without their bodies.
import { Link } from "react-router";
import { BlogSidebar } from "../components/brand/BlogSidebar.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { BLOG_POSTS } from "../content/brand.ts";
import { BLOG_POSTS_HI } from "../content/brand.hi.ts";
import { localeOf } from "../server/i18n.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/blog";
import { Img } from "../components/ui/Img.tsx";

export function loader({ request }: Route.LoaderArgs) {
  const posts = localeOf(request) === "hi" ? BLOG_POSTS_HI : BLOG_POSTS;
  return { posts: posts.map(({ id, title, date, author, image, category, excerpt }) => ({ id, title, date, author, image, category, excerpt })) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

const dateFormat: Intl.DateTimeFormatOptions = { dateStyle: "long", timeZone: "Asia/Kolkata" };

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const i18n = useI18n();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[1fr_16rem]">
      <div>
        <h1 className="text-3xl font-semibold">{i18n._("Blog")}</h1>
        <ul aria-label={i18n._("Blog posts")} className="mt-6 space-y-6">
          {posts.map((post) => (
            <li key={post.id}>
              <article className="grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-[10rem_1fr]">
                <Img src={post.image} alt="" width={320} height={320} loading="lazy" className="aspect-square w-full rounded object-cover" />
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{post.category}</p>
                  <h2 className="mt-1 text-xl font-semibold">
                    <Link to={`/blog/${post.id}`} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-1 text-sm text-stone-600">
                    {i18n.date(post.date, dateFormat)} · {post.author}
                  </p>
                  <p className="mt-2 text-stone-700">{post.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <BlogSidebar posts={posts} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return pageMeta({
    title: i18n._("Blog"),
    description: i18n._("Recipes, buying guides and gifting ideas from {shop}'s kitchen and shop floor.", { shop: store.name }),
    path: "/blog",
    origin: originOf(matches),
    locale: i18n.locale,
  });
};
