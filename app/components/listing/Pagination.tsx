import { Link } from "react-router";
import { listingHref, pageWindow, type ListingQuery } from "../../domain/listing.ts";
import { useI18n } from "../i18n.tsx";

export function Pagination({ query, page, pageCount, base }: { query: ListingQuery; page: number; pageCount: number; base: string }) {
  const i18n = useI18n();
  if (pageCount <= 1) return null;
  const href = (p: number) => listingHref({ ...query, page: p }, base);
  const cls = "flex h-9 min-w-9 items-center justify-center rounded border px-3 text-sm";
  return (
    <nav aria-label={i18n._("Pages")} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className={`${cls} border-stone-300 hover:bg-stone-100`}>
              {i18n._("Previous")}
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={i18n._("Page {page}", { page: p })}
                className={`${cls} ${p === page ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 hover:bg-stone-100"}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} rel="next" className={`${cls} border-stone-300 hover:bg-stone-100`}>
              {i18n._("Next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
