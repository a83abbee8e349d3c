// What every page knows of the signed-in shopper (root loader): name, cart lines by
// internal_reference and wishlist items, in the smallest shape the browser needs.
import type { RouterContextProvider } from "react-router";
import type { Viewer } from "../domain/viewer.ts";
import { shopOf, signedInContext } from "./context.server.ts";
import { isReadFor } from "./shop/viewer.server.ts";
import { oncePerRequest } from "./request-scope.server.ts";
import { localeIn } from "./i18n.server.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import type { CartView, Customer } from "./shop/port.server.ts";
import type { CartPageFacts, ReviewOrderFacts } from "../components/personal.tsx";

/**
 * The customer's cart with its totals (its coupon re-checked), its lines named in the page's
 * language (issue 27): read with the session on the cart's pages (issue 30). Actions read the
 * Shop directly: they change it.
 */
async function cartOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<CartView> {
  const view = await shopOf(context).cart.get(customer, context.get(signedInContext)?.cart);
  return { ...view, lines: cardsIn(localeIn(context), view.lines) };
}

// The splice and the loader ask for a page's facts in the same request (when the splice gives
// up): they are made once (oncePerRequest), so the waiting payment is not checked twice.

/** The cart page's facts (its loader and the splice): the cart, and an order waiting for its online payment. */
export function cartPageFacts(context: Readonly<RouterContextProvider>, customer: Customer): Promise<CartPageFacts> {
  return oncePerRequest(`cart-page-facts:${customer.id}`, () => readCartPageFacts(context, customer));
}

/**
 * The order waiting for the shopper's online payment, checked (it may be released back into
 * the cart), unless the session's cart read says there is none.
 */
async function pendingOf(context: Readonly<RouterContextProvider>, customer: Customer) {
  const shop = shopOf(context);
  if (!shop.payments.available || isReadFor(context.get(signedInContext)?.cart, "cart", customer)) return null;
  return shop.payments.pending(customer);
}

async function readCartPageFacts(context: Readonly<RouterContextProvider>, customer: Customer): Promise<CartPageFacts> {
  // An order waiting for its online payment is not in the cart: the page points to it.
  const pending = await pendingOf(context, customer);
  return { view: await cartOf(context, customer), pendingOrder: pending?.orderId ?? null };
}

/** Review Order's facts (its loader and the splice): the cart, the address book, the slots, a waiting payment. */
export function reviewOrderFacts(context: Readonly<RouterContextProvider>, customer: Customer): Promise<ReviewOrderFacts> {
  return oncePerRequest(`review-order-facts:${customer.id}`, () => readReviewOrderFacts(context, customer));
}

async function readReviewOrderFacts(context: Readonly<RouterContextProvider>, customer: Customer): Promise<ReviewOrderFacts> {
  const shop = shopOf(context);
  // Back from Razorpay's page (or another tab): the order waiting for its payment comes first.
  const pending = await pendingOf(context, customer);
  const cart = await cartOf(context, customer);
  // Read with the session (issue 30), unless an order was waiting for its payment.
  const read = context.get(signedInContext)?.review;
  const { addresses, chosen: deliverTo, chosenServed } = await shop.addresses.book(customer, read?.book);
  const [slots, serviceable] = await Promise.all([shop.delivery.slots(read?.slots), deliverTo ? (chosenServed ?? shop.delivery.isServiceable(deliverTo.zip)) : true]);
  return {
    cart,
    addresses,
    deliverTo,
    selectedId: deliverTo?.id ?? null,
    email: customer.email ?? "",
    pending: pending && { ...pending, expiresAt: pending.expiresAt.toISOString(), now: new Date().toISOString() },
    slots,
    unservedPin: serviceable ? null : (deliverTo?.zip ?? null),
  };
}

/** For every page's header: the cart's lines, the wishlist and where orders go, in one read. */
export async function viewerOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<Viewer> {
  const read = context.get(signedInContext)?.viewer;
  return { name: customer.name, ...(read ?? (await shopOf(context).viewer.of(customer))) };
}
