// /blog: the three posts, a post-list sidebar and social links (browsing §2).
import { Link } from "react-router";
import { BlogSidebar } from "../components/brand/BlogSidebar.tsx";
import { originOf, pageMeta } from "../components/seo.ts";
import { BLOG_POSTS } from "../content/brand.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/blog";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

export default function Blog() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[1fr_16rem]">
      <div>
        <h1 className="text-3xl font-semibold">Blog</h1>
        <ul aria-label="Blog posts" className="mt-6 space-y-6">
          {BLOG_POSTS.map((post) => (
            <li key={post.id}>
              <article className="grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-[10rem_1fr]">
                <img src={post.image} alt="" width={320} height={320} loading="lazy" className="aspect-square w-full rounded object-cover" />
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{post.category}</p>
                  <h2 className="mt-1 text-xl font-semibold">
                    <Link to={`/blog/${post.id}`} className="hover:text-brand-700">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-1 text-sm text-stone-600">
                    {dateFormat.format(new Date(post.date))} · {post.author}
                  </p>
                  <p className="mt-2 text-stone-700">{post.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <BlogSidebar />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Blog", description: `Recipes, buying guides and gifting ideas from ${store.name}'s kitchen and shop floor.`, path: "/blog", origin: originOf(matches) });
