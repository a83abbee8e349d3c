// Product reviews (issue 14): who may write one, how it reads, and the rating it gives the
// product. Pure; the Shop keeps the rows (app/server/shop/reviews.server.ts).
import { say } from "./i18n/messages.ts";

export const REVIEW_BODY_MAX = 2000;

export const REVIEW_MESSAGES = {
  chooseRating: /*i18n*/ "Choose a rating from 1 to 5.",
  tooLong: say(/*i18n*/ "A review can be at most {max} characters.", { max: REVIEW_BODY_MAX }),
  notEligible: /*i18n*/ "You can review a product once an order with it has been delivered to you.",
  already: /*i18n*/ "You have already reviewed this product.",
  thanks: /*i18n*/ "Thank you for your review.",
  reviewed: /*i18n*/ "You have reviewed this product. Thank you!",
  // Only staff hide and show reviews: their side stays English.
  notFound: "That review could not be found.",
} as const;

export interface ReviewView {
  id: number;
  author: string;
  rating: number;
  body: string;
  createdAt: Date;
}

/** The product's reviews as its page shows them: published ones, newest first. */
export interface ProductReviews {
  count: number;
  /** The mean rating of the published reviews, to one decimal; null when there are none. */
  mean: number | null;
  reviews: ReviewView[];
}

/** What a signed-in shopper may do on a product's Reviews tab. */
export type ReviewStanding = "may_review" | "reviewed" | "not_delivered";

/** The mean of `count` ratings summing to `total`, to one decimal; null for none. */
export function ratingMean(count: number, total: number): number | null {
  if (count <= 0) return null;
  return Math.round((total / count) * 10) / 10;
}

/** The name a review is kept under when its writer's name has nothing to show; pages say it in their language. */
export const ANONYMOUS_REVIEWER = /*i18n*/ "A Haat shopper";

/** The name shown with a review: the first name and the initial of the last ("Neha G."). */
export function reviewAuthor(name: string): string {
  // A name that is an e-mail (an account made without one) is never shown.
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w && !w.includes("@"));
  if (words.length === 0) return ANONYMOUS_REVIEWER;
  const graphemes = (w: string) => [...new Intl.Segmenter("en-IN", { granularity: "grapheme" }).segment(w)].map((g) => g.segment);
  const first = graphemes(words[0]!).slice(0, 40).join("");
  const last = words.length > 1 ? graphemes(words[words.length - 1]!)[0]! : "";
  return last ? `${first} ${last.toLocaleUpperCase("en-IN")}.` : first;
}

/** A review's text as kept: plain text, line ends normalised, no control characters, trimmed. */
export function cleanReviewBody(body: string): string {
  return (
    body
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/**
 * '4.5 out of 5 from 2 reviews', for the stars' accessible name. Pages say it as one message
 * with its plural: "Rated {rating} out of 5 from {count, plural, one {# review} other {# reviews}}".
 */
export function ratingLabel(mean: number, count: number): string {
  return `Rated ${mean} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`;
}
