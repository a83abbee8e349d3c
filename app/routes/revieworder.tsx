// /revieworder: 'Review Order' (Specification: Checkout): choose or add the delivery address,
// see the order summary with its coupon, and Confirm Order: placed for cash on delivery, or
// on to pay by UPI or card (Razorpay). An order waiting for its payment is shown instead.
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { ReviewOrderMain } from "../components/checkout/ReviewOrderMain.tsx";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { useReviewOrderFacts } from "../components/splice-protocol.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { CART_MESSAGES } from "../domain/cart.ts";
import { parseId } from "../domain/ids.ts";
import { customerIn } from "../server/access.server.ts";
import { documentCarries } from "../server/context.server.ts";
import { reviewOrderForm } from "../server/forms/review-order.server.ts";
import { reviewOrderFacts } from "../server/shopper-facts.server.ts";
import type { Route } from "./+types/revieworder";

export async function loader({ context, url }: Route.LoaderArgs) {
  // The shopper's facts go in the document's own script (issue 30: the rest is the same for everyone).
  const facts = await reviewOrderFacts(context, customerIn(context));
  return {
    ...(!documentCarries(context, "review", facts) && { facts }),
    changing: url.searchParams.get("change") === "1",
    editId: parseId(url.searchParams.get("edit")),
    showAll: url.searchParams.get("show") === "all",
    addressNew: url.searchParams.get("address") === "new",
  };
}

export const action = reviewOrderForm.run;

// Standard Checkout's options came back: the modal opens over this page as it is. Reloading
// it now would show the order as waiting for payment and unmount the form that opened it.
export const shouldRevalidate = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  (actionResult as { data?: { checkout?: unknown } } | undefined)?.data?.checkout ? false : defaultShouldRevalidate;

export default function ReviewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { changing, editId, showAll, addressNew } = loaderData;
  const facts = useReviewOrderFacts(loaderData.facts);
  return <ReviewOrderMain facts={facts} changing={changing} editId={editId} showAll={showAll} addressNew={addressNew} reply={actionData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Review Order"), description: i18n._("Choose the delivery address and confirm your order."), path: "/revieworder" });
};

export function ErrorBoundary() {
  const i18n = useI18n();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{i18n._("Review Order")}</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {i18n._(CART_MESSAGES.updateFailed)}. {i18n._("Please try again from your cart.")}
      </p>
      <Link to="/addtocart" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white">
        {i18n._("Go to Cart")}
      </Link>
    </section>
  );
}
