// A shopper's review of a product they received (issue 14), posted from the product page's
// Reviews tab. With JavaScript a fetcher gets the answer on the form; a plain post goes back to
// the tab with a toast, or with the reason and what was typed.
import { z } from "zod";
import { recordId } from "../../domain/form-fields.ts";
import { cleanReviewBody, REVIEW_BODY_MAX, REVIEW_MESSAGES } from "../../domain/review.ts";
import { defineForm, intent } from "./pipeline.server.ts";

export const reviewFields = z.object({
  product: recordId(/*i18n*/ "That product could not be found."),
  rating: z.coerce.number({ error: REVIEW_MESSAGES.chooseRating }).int(REVIEW_MESSAGES.chooseRating).min(1, REVIEW_MESSAGES.chooseRating).max(5, REVIEW_MESSAGES.chooseRating),
  // Optional: a rating alone is a review too. Capped before and after cleaning.
  // An empty field arrives as nothing, never as an error; checked after cleaning without a pipe,
  // which Conform would read as a form field again and take the cleaned "" for one left out.
  body: z
    .string()
    .max(REVIEW_BODY_MAX * 2, REVIEW_MESSAGES.tooLong)
    .optional()
    .transform((v) => cleanReviewBody(v ?? ""))
    .refine((v) => v.length <= REVIEW_BODY_MAX, REVIEW_MESSAGES.tooLong),
});

export const reviewsForm = defineForm({
  action: "/reviews",
  back: "/",
  fetcher: true,
  answersBack: true,
  signInToast: { type: "info", message: /*i18n*/ "Please sign in to review this product." },
  intents: {
    write: intent(reviewFields, async ({ useCases, customer, value }) => {
      await useCases.reviews.writeReview(customer, value.product, { rating: value.rating, body: value.body });
      return { toast: { type: "success", message: REVIEW_MESSAGES.thanks } };
    }),
  },
});
