import { Link } from "react-router";
import { BLOG_POSTS, SOCIAL_LINKS } from "../../content/brand.ts";

export function BlogSidebar({ current }: { current?: number }) {
  return (
    <aside aria-label="More from the blog" className="space-y-6">
      <nav aria-labelledby="posts-title">
        <h2 id="posts-title" className="text-lg font-semibold">
          Posts
        </h2>
        <ul className="mt-2 space-y-2 text-sm">
          {BLOG_POSTS.map((p) => (
            <li key={p.id}>
              <Link to={`/blog/${p.id}`} aria-current={p.id === current ? "page" : undefined} className="text-brand-700 hover:underline aria-[current=page]:font-semibold">
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="social-title">
        <h2 id="social-title" className="text-lg font-semibold">
          Follow us
        </h2>
        <ul className="mt-2 space-y-2 text-sm">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.label}>
              <a href={s.href} rel="noopener" className="text-brand-700 hover:underline">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
