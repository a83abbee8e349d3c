// /staff/reviews: the newest reviews of every product (issue 14). Staff hide one from its
// product's page and rating (it stays here, marked hidden) or show it again; each is audited.
import { staffTime } from "../components/staff/staff-time.ts";
import { waysIn } from "../server/ways-in.server.ts";
import { Form, Link } from "react-router";
import { staffReviews } from "../components/forms.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { Stars } from "../components/ui/Stars.tsx";
import { staffReviewsForm } from "../server/forms/staff.server.ts";
import type { Route } from "./+types/staff.reviews";

export async function loader({ context }: Route.LoaderArgs) {
  return { reviews: await waysIn(context).reads.reviews.recent(100) };
}

export const action = staffReviewsForm.run;

const button = "rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50";

export default function StaffReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold">Reviews</h1>
      <RefusalNotice reply={actionData} />
      {reviews.length === 0 ? (
        <p className="mt-3 text-stone-700">No reviews yet.</p>
      ) : (
        <ul aria-label="Reviews" className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200">
          {reviews.map((r) => (
            <li key={r.id} className={`flex flex-wrap items-start justify-between gap-3 p-3 ${r.hidden ? "bg-stone-50 text-stone-500" : ""}`}>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Link to={`/product/${r.productId}?tab=reviews`} className="font-semibold hover:underline">
                    {r.productTitle}
                  </Link>
                  <Stars rating={r.rating} label={`${r.rating} out of 5 stars`} />
                  <span>{r.author}</span>
                  <span>{staffTime.format(new Date(r.createdAt))}</span>
                  {r.hidden && <span className="rounded bg-stone-200 px-2 text-xs font-semibold text-stone-700">Hidden</span>}
                </p>
                {r.body && <p className="mt-1 whitespace-pre-line break-words text-sm">{r.body}</p>}
              </div>
              <Form method="post">
                <input type="hidden" name={staffReviews.field(r.hidden ? "show" : "hide", "review")} value={r.id} />
                <button
                  type="submit"
                  {...staffReviews.intent(r.hidden ? "show" : "hide")}
                  className={button}
                  aria-label={`${r.hidden ? "Show" : "Hide"} the review by ${r.author} of ${r.productTitle}`}
                >
                  {r.hidden ? "Show" : "Hide"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
