import { Link } from "react-router";
import { SOCIAL_LINKS } from "../../domain/store-config.ts";
import { useI18n } from "../i18n.tsx";

/** The posts' list (their titles in the page's language, from the page's loader) and the social links. */
export function BlogSidebar({ posts, current }: { posts: readonly { id: number; title: string }[]; current?: number }) {
  const i18n = useI18n();
  return (
    <aside aria-label={i18n._("More from the blog")} className="space-y-6">
      <nav aria-labelledby="posts-title">
        <h2 id="posts-title" className="text-lg font-semibold">
          {i18n._("Posts")}
        </h2>
        <ul className="mt-2 space-y-2 text-sm">
          {posts.map((p) => (
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
          {i18n._("Follow us")}
        </h2>
        <ul className="mt-2 space-y-2 text-sm">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.label}>
              {s.href ? (
                <a href={s.href} rel="noopener" className="text-brand-700 hover:underline">
                  {s.label}
                </a>
              ) : (
                // As in the footer: a page not open yet is said so, not linked.
                <span title={i18n._("Coming soon")} className="text-stone-600">
                  {s.label} <span className="sr-only">{i18n._("(coming soon)")}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
