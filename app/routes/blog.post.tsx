// /blog/:id: one article, in the page's language (brand.hi.ts in Hindi, issue 27): the loader
// sends only that language's post, and the other posts' titles for the sidebar.
import { data } from "react-router";
import { BlogSidebar } from "../components/brand/BlogSidebar.tsx";
import { useI18n } from "../components/i18n.tsx";
import { localeOfMatches, originOf, pageMeta } from "../components/seo.ts";
import { BLOG_POSTS } from "../content/brand.ts";
import { BLOG_POSTS_HI } from "../content/brand.hi.ts";
import { localeOf } from "../server/i18n.server.ts";
import { CATALOGUE_CACHE_CONTROL } from "../server/page-cache.server.ts";
import type { Route } from "./+types/blog.post";

export function loader({ params, request }: Route.LoaderArgs) {
  const posts = localeOf(request) === "hi" ? BLOG_POSTS_HI : BLOG_POSTS;
  const post = posts.find((p) => String(p.id) === params.id);
  if (!post) throw data(null, { status: 404 });
  return { post, titles: posts.map(({ id, title }) => ({ id, title })) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CATALOGUE_CACHE_CONTROL });

const dateFormat: Intl.DateTimeFormatOptions = { dateStyle: "long", timeZone: "Asia/Kolkata" };

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, titles } = loaderData;
  const i18n = useI18n();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[1fr_16rem]">
      <article>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{post.category}</p>
        <h1 className="mt-1 text-3xl font-semibold">{post.title}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {i18n.date(post.date, dateFormat)} · {post.author}
        </p>
        <img src={post.image} alt="" width={960} height={540} className="mt-6 aspect-video w-full rounded-lg object-cover" />
        {post.body.map((p) => (
          <p key={p.slice(0, 30)} className="mt-4 leading-relaxed text-stone-800">
            {p}
          </p>
        ))}
      </article>
      <BlogSidebar posts={titles} current={post.id} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.post.title,
        description: loaderData.post.excerpt,
        path: `/blog/${loaderData.post.id}`,
        origin: originOf(matches),
        type: "article",
        locale: localeOfMatches(matches),
      })
    : [];
