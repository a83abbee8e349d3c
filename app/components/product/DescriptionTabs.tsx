import { Link, useSearchParams } from "react-router";
import type { DescriptionPair } from "../../domain/description.ts";
import type { ProductReviews, ReviewStanding } from "../../domain/review.ts";
import { useI18n } from "../i18n.tsx";
import { later } from "../later.tsx";

// The reviews tab's code (its list and form) comes when the tab is shown, after the page has hydrated.
const Reviews = later(import.meta.env.SSR ? await import("./Reviews.tsx") : () => import("./Reviews.tsx"), "Reviews");

/** Description and Reviews, chosen by `?tab=`; plain links, so they work without JavaScript. */
export function DescriptionTabs({ productId, pairs, reviews, standing }: { productId: number; pairs: DescriptionPair[]; reviews: ProductReviews; standing: ReviewStanding | null }) {
  const [params] = useSearchParams();
  const i18n = useI18n();
  const tab = params.get("tab") === "reviews" ? "reviews" : "description";
  const hrefFor = (t: string) => {
    const next = new URLSearchParams(params);
    if (t === "description") next.delete("tab");
    else next.set("tab", t);
    const s = next.toString();
    return s ? `?${s}` : "?";
  };
  const tabClass = (active: boolean) =>
    `-mb-px border-b-2 px-4 py-2 font-medium ${active ? "border-brand-700 text-brand-800" : "border-transparent text-stone-600 hover:text-stone-900"}`;
  return (
    <section className="mt-12" aria-label={i18n._("Product information")}>
      <nav className="flex border-b border-stone-200" aria-label={i18n._("Product information tabs")}>
        <Link to={hrefFor("description")} replace preventScrollReset aria-current={tab === "description" ? "page" : undefined} className={tabClass(tab === "description")}>
          {i18n._("Description")}
        </Link>
        <Link to={hrefFor("reviews")} replace preventScrollReset aria-current={tab === "reviews" ? "page" : undefined} className={tabClass(tab === "reviews")}>
          {i18n._("Reviews ({count})", { count: reviews.count })}
        </Link>
      </nav>
      <div className="py-5">
        {tab === "description" ? (
          pairs.length === 0 ? (
            <p className="text-stone-700">{i18n._("No description available")}</p>
          ) : (
            <>
              {pairs
                .filter((p) => !p.label)
                .map((p, i) => (
                  <p key={i} className="mb-3 text-stone-700">
                    {p.value}
                  </p>
                ))}
              <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
                {pairs
                  .filter((p) => p.label)
                  .map((p, i) => (
                    <div key={i} className="contents">
                      <dt className="font-medium">{p.label}</dt>
                      <dd className="text-stone-700">{p.value}</dd>
                    </div>
                  ))}
              </dl>
            </>
          )
        ) : (
          <Reviews productId={productId} reviews={reviews} standing={standing} />
        )}
      </div>
    </section>
  );
}
