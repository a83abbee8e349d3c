// The browser's side of the action pipeline (app/server/forms/pipeline.server.ts): the
// intents and fields each form declares, as types only, so markup cannot name an intent
// or a field the server does not know (a misspelling fails the typecheck) and the
// optimistic views read pending posts without shipping zod.
import { useEffect } from "react";
import type { z } from "zod";
import { refusalOf } from "../domain/form-reply.ts";
import { CART_ACTION, REVIEW_ORDER_ACTION, WISHLIST_ACTION } from "../domain/offline-queue.ts";
import type { ActionOf, IntentsOf } from "../server/forms/pipeline.server.ts";
import type { accountForms } from "../server/forms/account.server.ts";
import type { addressBookForm } from "../server/forms/addresses.server.ts";
import type { reviewOrderForm } from "../server/forms/review-order.server.ts";
import type { cartForm } from "../server/forms/cart.server.ts";
import type { confirmForm, contactForm, newsletterForm, unsubscribeForm } from "../server/forms/contact.server.ts";
import type { ordersForm } from "../server/forms/orders.server.ts";
import type { staffDeliveryForm, staffOrdersForm, staffPickForm, staffReviewsForm, staffTicketsForm } from "../server/forms/staff.server.ts";
import type { reviewsForm } from "../server/forms/reviews.server.ts";
import type { voiceForm } from "../server/forms/voice.server.ts";
import type { staffCatalogForm } from "../server/forms/staff-catalog.server.ts";
import type { staffCouponsForm } from "../server/forms/staff-coupons.server.ts";
import type { wishlistForm } from "../server/forms/wishlist.server.ts";
import type { notifyForm } from "../server/forms/notify.server.ts";
import type { privacyForm } from "../server/forms/privacy.server.ts";
import type { staffBreachesForm } from "../server/forms/staff-privacy.server.ts";
import type { subscribeForm, subscriptionsForm, skipLinkForm, staffSubscriptionsForm } from "../server/forms/subscriptions.server.ts";
import type { liteForm } from "../server/forms/lite.server.ts";
import { raiseToast } from "./raise-toast.ts";

type Names<F> = keyof IntentsOf<F> & string;
type FieldsOf<F, K extends Names<F>> = keyof z.input<IntentsOf<F>[K]["fields"]> & string;

/** A pending post of the form, as the optimistic view reads it: the intent and its raw fields. */
export type Pending<F> = { [K in Names<F>]: { intent: K; fields: Partial<Record<FieldsOf<F, K>, string>> } }[Names<F>];

export interface FormHandle<F> {
  /** Where the form posts. */
  readonly action: ActionOf<F>;
  /** The `name` and `value` of the input or button that names the intent. */
  intent<K extends Names<F>>(name: K): { name: "intent"; value: K };
  /** A field's name, checked against the intent's declaration. */
  field<K extends Names<F>, N extends FieldsOf<F, K>>(intent: K, name: N): N;
  /** A pending post of this form, or null when it names no intent. */
  read(form: FormData): Pending<F> | null;
}

function handle<F>(action: ActionOf<F>): FormHandle<F> {
  return {
    action,
    intent: (name) => ({ name: "intent", value: name }),
    field: (_intent, name) => name,
    read(form) {
      const intent = form.get("intent");
      if (typeof intent !== "string") return null;
      const fields: Record<string, string> = {};
      for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
      return { intent, fields } as Pending<F>;
    },
  };
}

export const cart = handle<typeof cartForm>(CART_ACTION);
export const wishlist = handle<typeof wishlistForm>(WISHLIST_ACTION);
export const notify = handle<typeof notifyForm>("/notify");
export const subscribe = handle<typeof subscribeForm>("/myaccount/subscriptions/new");
export const standingOrders = handle<typeof subscriptionsForm>("/myaccount/subscriptions");
export const skipLink = handle<typeof skipLinkForm>("/subscriptions/skip");
export const staffSubscriptions = handle<typeof staffSubscriptionsForm>("/staff/subscriptions");
export const contact = handle<typeof contactForm>("/contact");
export const newsletter = handle<typeof newsletterForm>("/newsletter");
export const unsubscribe = handle<typeof unsubscribeForm>("/newsletter/unsubscribe");
export const confirmNewsletter = handle<typeof confirmForm>("/newsletter/confirm");
export const reviewOrder = handle<typeof reviewOrderForm>(REVIEW_ORDER_ACTION);
export const addressBook = handle<typeof addressBookForm>("/myaccount/addresses");
export const orders = handle<typeof ordersForm>("/orders");
export const reviews = handle<typeof reviewsForm>("/reviews");
export const voice = handle<typeof voiceForm>("/voicesearch");
export const staffOrders = handle<typeof staffOrdersForm>("/staff/orders");
export const staffPick = handle<typeof staffPickForm>("/staff/orders/pick");
export const staffDelivery = handle<typeof staffDeliveryForm>("/staff/delivery");
export const staffTickets = handle<typeof staffTicketsForm>("/staff/tickets");
export const staffCoupons = handle<typeof staffCouponsForm>("/staff/coupons");
export const staffReviews = handle<typeof staffReviewsForm>("/staff/reviews");
export const staffCatalog = handle<typeof staffCatalogForm>("/staff/catalogue");
export const signIn = handle<(typeof accountForms)["signIn"]>("/signin");
export const signUp = handle<(typeof accountForms)["signUp"]>("/signup");
export const passwordReset = handle<(typeof accountForms)["passwordReset"]>("/forgot-password");
export const profile = handle<(typeof accountForms)["profile"]>("/myaccount");
export const confirmEmail = handle<(typeof accountForms)["confirmEmail"]>("/verify-email");
export const lite = handle<typeof liteForm>("/lite");
export const signOut = handle<(typeof accountForms)["signOut"]>("/signout");

/**
 * A fetcher's refusal (a 400 or 404 does not revalidate, so no server toast comes) says
 * why in a toast; a refusal the server already toasted is not said twice.
 */
export function useRefusalToast(fetcher: { state: string; data?: unknown }) {
  const refusal = fetcher.state === "idle" ? refusalOf(fetcher.data) : null;
  const message = refusal && !refusal.toasted ? refusal.error : undefined;
  useEffect(() => {
    if (message) raiseToast(message);
  }, [message, fetcher.data]);
}
export const mobileSignIn = handle<(typeof accountForms)["mobileSignIn"]>("/signin/mobile");
export const mobileAccount = handle<(typeof accountForms)["mobileAccount"]>("/myaccount/mobile");
export const privacy = handle<typeof privacyForm>("/myaccount/privacy");
export const staffBreaches = handle<typeof staffBreachesForm>("/staff/breaches");
export const addEmail = handle<(typeof accountForms)["addEmail"]>("/myaccount/email");
