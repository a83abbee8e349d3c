// What every page knows of the signed-in shopper (root loader): name, cart lines by
// internal_reference and wishlist items, in the smallest shape the browser needs.
import type { RouterContextProvider } from "react-router";
import type { Viewer } from "../domain/viewer.ts";
import { signedInContext } from "./context.server.ts";
import { waysIn } from "./ways-in.server.ts";
import { isReadFor } from "./shop/header-facts.server.ts";
import { oncePerRequest } from "./request-scope.server.ts";
import { localeIn } from "./i18n.server.ts";
import { cardsIn } from "../domain/i18n/catalogue.ts";
import type { CartView, Customer } from "./shop/port.server.ts";
import type { CartPageFacts, ReviewOrderFacts } from "../components/splice-protocol.tsx";
import { addressEmailOptional, newAddressOf, type DeliveryAccount } from "../domain/address.ts";
import { signedInRecently } from "./use-cases/mobile-sign-in.server.ts";

/**
 * The customer's cart with its totals (its coupon re-checked), its lines named in the page's
 * language (issue 27): read with the session on the cart's pages (issue 30). Actions read the
 * cart afresh through `reads`: they change it.
 */
async function cartOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<CartView> {
  const view = await waysIn(context).reads.cart.get(customer, context.get(signedInContext)?.cart);
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
  const reads = waysIn(context).reads;
  if (!reads.payments.available || isReadFor(context.get(signedInContext)?.cart, "cart", customer)) return null;
  return reads.payments.pending(customer);
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
  const reads = waysIn(context).reads;
  // Back from Razorpay's page (or another tab): the order waiting for its payment comes first.
  const pending = await pendingOf(context, customer);
  const cart = await cartOf(context, customer);
  // Read with the session (issue 30), unless an order was waiting for its payment.
  const read = context.get(signedInContext)?.review;
  const { addresses, chosen: deliverTo, chosenServed } = await reads.addresses.book(customer, read?.book);
  const [slots, serviceable] = await Promise.all([reads.delivery.slots(read?.slots), deliverTo ? (chosenServed ?? reads.delivery.isServiceable(deliverTo.zip)) : true]);
  return {
    cart,
    addresses,
    deliverTo,
    selectedId: deliverTo?.id ?? null,
    account: await deliveryAccountOf(context, customer),
    pending: pending && { ...pending, expiresAt: pending.expiresAt.toISOString(), now: new Date().toISOString() },
    slots,
    unservedPin: serviceable ? null : (deliverTo?.zip ?? null),
  };
}

/**
 * What the delivery form knows of the account (issue 41 item 11, decision 066): a new address
 * starts from its name, verified mobile and e-mail; its e-mail may be empty where it has a
 * verified mobile; and an account without an e-mail is offered to keep the one typed, while its
 * session may add one (a sign-in within 10 minutes: one read, for such accounts alone).
 */
export async function deliveryAccountOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<DeliveryAccount> {
  const token = context.get(signedInContext)?.token ?? "";
  return {
    newAddress: newAddressOf(customer),
    emailOptional: addressEmailOptional(customer),
    offerKeepEmail: !customer.email && (await signedInRecently(waysIn(context).reads, token)),
  };
}

/** For every page's header: the cart's lines, the wishlist and where orders go, in one read. */
export async function viewerOf(context: Readonly<RouterContextProvider>, customer: Customer): Promise<Viewer> {
  const read = context.get(signedInContext)?.viewer;
  return { name: customer.name, ...(read ?? (await waysIn(context).reads.viewer.of(customer))) };
}
