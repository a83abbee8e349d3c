// The product page's Reviews tab (Specification: Product page; issue 14): the published reviews, newest first,
// and, for a shopper to whom the product was delivered, the form to write theirs once. The
// form works without JavaScript (it comes back to this tab); with it the answer shows here.
import { Link, useFetcher } from "react-router";
import { refusalOf, typedValue, type FormReply } from "../../domain/form-reply.ts";
import { ANONYMOUS_REVIEWER, REVIEW_BODY_MAX, REVIEW_MESSAGES, type ProductReviews, type ReviewStanding } from "../../domain/review.ts";
import { signInPath } from "../../domain/safe-path.ts";
import { reviews as reviewsForm } from "../forms.ts";
import { useI18n, type I18n } from "../i18n.tsx";
import { Stars } from "../ui/Stars.tsx";
import { useHere, useRootData } from "../root-data.ts";
import { useSplicePart } from "../splice-protocol.tsx";

const dateFormat: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" };

/** A reviewer's name as kept; the stand-in for a name with nothing to show is said in the page's language. */
function authorName(i18n: I18n, author: string): string {
  return author === ANONYMOUS_REVIEWER ? i18n._(ANONYMOUS_REVIEWER) : author;
}

export function Reviews({ productId, reviews, standing }: { productId: number; reviews: ProductReviews; standing: ReviewStanding | null }) {
  const i18n = useI18n();
  return (
    <div className="space-y-6">
      {reviews.count === 0 ? (
        <p className="text-stone-700">{i18n._("No reviews yet")}</p>
      ) : (
        <>
          {reviews.mean !== null && (
            <p className="flex items-center gap-2 text-stone-800">
              {/* ratingLabel's words (domain/review.ts), as a message with its plural. */}
              <Stars
                rating={reviews.mean}
                label={i18n._("Rated {rating} out of 5 from {count, plural, one {# review} other {# reviews}}", { rating: reviews.mean, count: reviews.count })}
                className="text-lg"
              />
              <span className="font-semibold">{i18n._("{rating} out of 5", { rating: reviews.mean })}</span>
            </p>
          )}
          {reviews.reviews.length < reviews.count && (
            <p className="text-sm text-stone-600">{i18n._("The {shown} newest of {count} reviews.", { shown: reviews.reviews.length, count: reviews.count })}</p>
          )}
          <ol aria-label={i18n._("Reviews")} className="divide-y divide-stone-200">
            {reviews.reviews.map((r) => (
              <li key={r.id} className="py-4">
                <article aria-label={i18n._("Review by {author}", { author: authorName(i18n, r.author) })}>
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Stars rating={r.rating} label={i18n._("{rating} out of 5 stars", { rating: r.rating })} />
                    <span className="font-semibold">{authorName(i18n, r.author)}</span>
                    <time dateTime={new Date(r.createdAt).toISOString()} className="text-stone-600">
                      {i18n.date(r.createdAt, dateFormat)}
                    </time>
                  </p>
                  {r.body && <p className="mt-1 whitespace-pre-line break-words text-stone-700">{r.body}</p>}
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
      <ReviewStandingNote productId={productId} standing={standing} />
    </div>
  );
}

export function ReviewStandingNote({ productId, standing }: { productId: number; standing: ReviewStanding | null }) {
  useSplicePart("review-note", { productId });
  const here = useHere();
  const i18n = useI18n();
  if (standing === "may_review") return <ReviewForm productId={productId} />;
  if (standing === "reviewed") return <p className="text-sm text-stone-700">{i18n._(REVIEW_MESSAGES.reviewed)}</p>;
  if (standing === "not_delivered") return <p className="text-sm text-stone-600">{i18n._(REVIEW_MESSAGES.notEligible)}</p>;
  return (
    <p className="text-sm text-stone-600">
      {i18n._("Shoppers who received this product can review it.")}{" "}
      <Link to={signInPath(here)} className="font-medium text-brand-800 underline">
        {i18n._("Sign in")}
      </Link>
    </p>
  );
}

function ReviewForm({ productId }: { productId: number }) {
  const fetcher = useFetcher<FormReply>({ key: `review-${productId}` });
  const here = useHere();
  const flashed = useRootData()?.flashed;
  const reply = (fetcher.state === "idle" ? fetcher.data : undefined) ?? (flashed?.form === reviewsForm.action ? flashed.reply : undefined);
  const refusal = refusalOf(reply);
  const chosen = typedValue(reply, "rating");
  const i18n = useI18n();
  return (
    <section aria-labelledby="write-review-title" id="write-review" className="max-w-xl scroll-mt-28 rounded-lg border border-stone-200 p-4">
      <h3 id="write-review-title" className="font-semibold">
        {i18n._("Write a review")}
      </h3>
      <fetcher.Form method="post" action={reviewsForm.action} className="mt-3 space-y-3" aria-describedby={refusal ? "review-refusal" : undefined}>
        <input type="hidden" {...reviewsForm.intent("write")} />
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name={reviewsForm.field("write", "product")} value={productId} />
        <fieldset aria-invalid={refusal?.result.error?.rating ? true : undefined} aria-describedby={refusal?.result.error?.rating ? "review-refusal" : undefined}>
          <legend className="text-sm font-medium">{i18n._("Your rating")}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="flex items-center gap-1 text-sm">
                <input type="radio" name={reviewsForm.field("write", "rating")} value={n} defaultChecked={chosen === String(n)} required />
                {i18n._("{count, plural, one {# star} other {# stars}}", { count: n })}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block text-sm font-medium">
          {i18n._("Your review (optional)")}
          <textarea
            name={reviewsForm.field("write", "body")}
            defaultValue={typedValue(reply, "body")}
            maxLength={REVIEW_BODY_MAX}
            aria-invalid={refusal?.result.error?.body ? true : undefined}
            aria-describedby={refusal?.result.error?.body ? "review-refusal" : undefined}
            rows={4}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        {refusal && (
          <p id="review-refusal" role="alert" className="text-sm text-red-700">
            {i18n._(refusal.error)}
          </p>
        )}
        <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {i18n._("Submit review")}
        </button>
      </fetcher.Form>
    </section>
  );
}
