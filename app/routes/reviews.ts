// /reviews: where the product page's review form posts (issue 14). It has no page of its own.
import { redirect } from "react-router";
import { reviewsForm } from "../server/forms/reviews.server.ts";

export function loader() {
  return redirect("/");
}

export const action = reviewsForm.run;
