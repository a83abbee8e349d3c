// Standing orders (issue 45): what the pages, the JSON API and the reminder's link do. The rules
// are domain/subscription.ts's and the Shop's (shop/subscriptions.server.ts); these say it.
import type { Locale } from "../../domain/i18n/locale.ts";
import { dayText } from "../../domain/delivery.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { changeable, SUBSCRIPTION_MESSAGES, type Pause } from "../../domain/subscription.ts";
import { appEnv } from "../env.server.ts";
import { cookieSecret } from "../security/secret.server.ts";
import { AUTOPAY_MESSAGES } from "../../domain/autopay.ts";
import {
  ShopError,
  type AutopayReturn,
  type Customer,
  type NewSubscription,
  type Shop,
  type SubscriptionChange,
  type SubscriptionPayment,
  type SubscriptionView,
} from "../shop/port.server.ts";
import { readSkipLink } from "../subscriptions/skip-link.server.ts";

function refuseWithoutSubscriptions(shop: Shop): void {
  if (!shop.capabilities.subscriptions) throw new ShopError("unavailable", SUBSCRIPTION_MESSAGES.unavailable);
}

/** A day as the messages say it, in the page's language ("Mon, 30 Nov"). */
const dayIn = (date: string, locale: Locale) => dayText(i18nFor(locale), date);

/**
 * A new standing order. Paid by Autopay, the shopper is then sent to Razorpay's page to approve
 * the mandate (`autopayUrl`); if Razorpay cannot make the link just now, the subscription stays,
 * said so, with Set up Autopay in My Account (nothing is made until it is approved).
 */
export async function subscribe(shop: Shop, customer: Customer, input: NewSubscription & SubscriptionPayment): Promise<{ id: number; message: string; autopayUrl: string | null }> {
  refuseWithoutSubscriptions(shop);
  const { id } = await shop.subscriptions.create(customer, input);
  if (input.paymentMethod !== "razorpay") return { id, message: SUBSCRIPTION_MESSAGES.subscribed, autopayUrl: null };
  const { url, linkFailed } = await shop.subscriptions.autopay(customer, id);
  return { id, message: linkFailed ? AUTOPAY_MESSAGES.linkFailed : SUBSCRIPTION_MESSAGES.subscribed, autopayUrl: url };
}

/** Set up Autopay (again): the registration link to approve the mandate on; null when it is approved already. */
export async function setUpAutopay(shop: Shop, customer: Customer, id: number): Promise<{ url: string | null; message: string }> {
  refuseWithoutSubscriptions(shop);
  const { url, linkFailed } = await shop.subscriptions.autopay(customer, id);
  if (linkFailed) throw new ShopError("unavailable", AUTOPAY_MESSAGES.linkFailed);
  return { url, message: AUTOPAY_MESSAGES.approved };
}

/** Razorpay's return from the registration link: approved, or not heard of yet (the webhook or the next look will say). */
export async function autopayReturned(shop: Shop, fields: AutopayReturn): Promise<{ message: string; approved: boolean; language: Locale }> {
  const { approved, language } = await shop.subscriptions.autopayReturn(fields);
  return { approved, language, message: approved ? AUTOPAY_MESSAGES.approved : AUTOPAY_MESSAGES.waiting };
}

/** The subscriptions page opening: links still waiting for approval are asked about first. */
export async function refreshAutopay(shop: Shop, customer: Customer): Promise<void> {
  if (shop.capabilities.subscriptions) await shop.subscriptions.autopayRefresh(customer);
}

export async function changeSubscription(shop: Shop, customer: Customer, id: number, change: SubscriptionChange): Promise<{ message: string }> {
  await shop.subscriptions.change(customer, id, change);
  return { message: SUBSCRIPTION_MESSAGES.changed };
}

export async function pauseSubscription(shop: Shop, customer: Customer, id: number, pause: Pause): Promise<{ message: string }> {
  await shop.subscriptions.pause(customer, id, pause);
  return { message: SUBSCRIPTION_MESSAGES.paused };
}

export async function resumeSubscription(shop: Shop, customer: Customer, id: number): Promise<{ message: string }> {
  await shop.subscriptions.resume(customer, id);
  return { message: SUBSCRIPTION_MESSAGES.resumed };
}

export async function skipDelivery(shop: Shop, customer: Customer, id: number, date: string, locale: Locale, via: "account" | "api" = "account"): Promise<{ message: string }> {
  const { skipped } = await shop.subscriptions.skip(customer, id, date, via);
  return { message: skipped ? SUBSCRIPTION_MESSAGES.skipped(dayIn(date, locale)) : SUBSCRIPTION_MESSAGES.alreadySkipped(dayIn(date, locale)) };
}

/**
 * The evening reminder's link: skips the one day it names without signing in. A link not made
 * by the shop is not found; one used again says the day was already skipped; one used after the
 * cut-off is refused with why (the Shop's checkSkip).
 */
export async function skipFromLink(
  shop: Shop,
  parts: { id: string | undefined; date: string | undefined; mac: string | undefined },
  locale: Locale,
): Promise<{ message: string; skipped: boolean; subscription: SubscriptionView; date: string }> {
  const link = readSkipLink(cookieSecret(appEnv()), parts);
  if (!link) throw new ShopError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  const { skipped, view } = await shop.subscriptions.skip(null, link.subscriptionId, link.date, "link");
  const day = dayIn(link.date, locale);
  return { message: skipped ? SUBSCRIPTION_MESSAGES.skipped(day) : SUBSCRIPTION_MESSAGES.alreadySkipped(day), skipped, subscription: view, date: link.date };
}

/** What the reminder's link page shows before its one press: the delivery, and whether it can still be skipped. */
export async function skipLinkView(
  shop: Shop,
  parts: { id: string | undefined; date: string | undefined; mac: string | undefined },
): Promise<{ subscription: SubscriptionView; date: string; skipped: boolean; open: boolean } | null> {
  const link = readSkipLink(cookieSecret(appEnv()), parts);
  if (!link) return null;
  const [subscription, settings] = await Promise.all([shop.subscriptions.linked(link.subscriptionId), shop.delivery.settings()]);
  if (!subscription) return null;
  return { subscription, date: link.date, skipped: subscription.skips.includes(link.date), open: changeable(link.date, new Date(), settings.subscriptionCutoffHour) };
}

export async function cancelSubscription(shop: Shop, customer: Customer, id: number): Promise<{ message: string }> {
  await shop.subscriptions.cancel(customer, id);
  // Its Autopay mandate ends with it, after the commit (Razorpay is never called inside one).
  await shop.subscriptions.autopayStop(id);
  return { message: SUBSCRIPTION_MESSAGES.cancelled };
}

/** Staff: a discontinued product's subscriptions held back, each shopper told by mail why. */
export async function holdBack(shop: Shop, staffId: number, variantId: number, reason: string = SUBSCRIPTION_MESSAGES.held): Promise<{ message: string }> {
  const count = await shop.subscriptions.hold(staffId, variantId, reason);
  return { message: count === 0 ? "No active subscription of that item to hold back." : `${count} subscription${count === 1 ? "" : "s"} held back; each shopper is told by mail.` };
}

/** Staff: held subscriptions of a variant made again from the next open day. */
export async function releaseHeld(shop: Shop, staffId: number, variantId: number): Promise<{ message: string }> {
  const count = await shop.subscriptions.hold(staffId, variantId, null);
  return { message: `${count} subscription${count === 1 ? "" : "s"} released.` };
}
