// Standing orders' forms (issue 45): subscribing (its own page, so a refusal shows beside what
// was typed), the account's list (change, pause, resume, skip, cancel) and the reminder's link.
import { z } from "zod";
import { SLOT_KINDS } from "../../domain/delivery.ts";
import { productReference, recordId, typedNumber } from "../../domain/form-fields.ts";
import { MAX_SUBSCRIPTION_QUANTITY, parseFrequency, SUBSCRIPTION_MESSAGES, WEEKDAYS, type Frequency } from "../../domain/subscription.ts";
import { withoutLocale } from "../../domain/i18n/locale.ts";
import { staffOf } from "../access.server.ts";
import { localeOf } from "../i18n.server.ts";
import { defineForm, intent, openIntent } from "./pipeline.server.ts";

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), message);

const count = typedNumber(
  SUBSCRIPTION_MESSAGES.quantity(MAX_SUBSCRIPTION_QUANTITY),
  z
    .number()
    .int(SUBSCRIPTION_MESSAGES.quantity(MAX_SUBSCRIPTION_QUANTITY))
    .min(1, SUBSCRIPTION_MESSAGES.quantity(MAX_SUBSCRIPTION_QUANTITY))
    .max(MAX_SUBSCRIPTION_QUANTITY, SUBSCRIPTION_MESSAGES.quantity(MAX_SUBSCRIPTION_QUANTITY)),
);
const slot = z.enum(SLOT_KINDS, { error: /*i18n*/ "Choose a delivery slot." });
const subscription = recordId(SUBSCRIPTION_MESSAGES.notFound);

/** How often, as the form sends it: `every` one of the kinds, `days` the weekdays ticked, `weeks` for every N weeks. */
const rhythm = {
  every: z.enum(["daily", "alternate", "weekdays", "days", "weeks"], { error: /*i18n*/ "Choose how often." }),
  days: z.union([z.array(z.enum(WEEKDAYS)), z.enum(WEEKDAYS).transform((d) => [d])]).default([]),
  weeks: z.string().trim().optional(),
};

function parsedRhythm(value: { every: string; days: string[]; weeks?: string }): Frequency | { error: string } {
  const every = value.weeks && /^\d+$/.test(value.weeks) ? Number(value.weeks) : null;
  return parseFrequency(value.every, value.days, value.every === "weeks" ? every : null);
}

/** A rhythm that makes no frequency is a field error on `days` or `weeks`. */
function checkRhythm(value: { every: string; days: string[]; weeks?: string }, ctx: z.RefinementCtx): void {
  const parsed = parsedRhythm(value);
  if ("error" in parsed) ctx.addIssue({ code: "custom", message: parsed.error, path: [value.every === "weeks" ? "weeks" : "days"] });
}

/** The frequency of a rhythm checkRhythm passed. */
function frequencyOf(value: { every: string; days: string[]; weeks?: string }): Frequency {
  return parsedRhythm(value) as Frequency;
}

export const SUBSCRIBE_ACTION = "/myaccount/subscriptions/new";

export const subscribeForm = defineForm({
  action: SUBSCRIBE_ACTION,
  intents: {
    subscribe: intent(
      z
        .object({
          internal_reference: productReference,
          quantity: count,
          ...rhythm,
          start: day(/*i18n*/ "Choose the first delivery day."),
          slot,
          address: recordId(/*i18n*/ "Choose a delivery address."),
          pay: z.enum(["cod", "upi", "card"], { error: /*i18n*/ "Choose how to pay." }).default("cod"),
        })
        .superRefine(checkRhythm),
      async ({ useCases, customer, value, request }) => {
        const made = await useCases.subscriptions.subscribe(customer, {
          internalReference: value.internal_reference,
          quantity: value.quantity,
          frequency: frequencyOf(value),
          startDate: value.start,
          slotKind: value.slot,
          addressId: value.address,
          ...(value.pay === "cod" ? { paymentMethod: "cod" as const } : { paymentMethod: "razorpay" as const, instrument: value.pay }),
          language: localeOf(request),
        });
        // Autopay: on to Razorpay's page to approve the mandate; its return says what came of it.
        if (made.autopayUrl) return { to: made.autopayUrl };
        return { to: "/myaccount/subscriptions", toast: { type: made.message === SUBSCRIPTION_MESSAGES.subscribed ? "success" : "warning", message: made.message } };
      },
    ),
  },
});

export const subscriptionsForm = defineForm({
  action: "/myaccount/subscriptions",
  intents: {
    change: intent(z.object({ subscription, quantity: count, slot, ...rhythm }).superRefine(checkRhythm), async ({ useCases, customer, value }) => ({
      toast: {
        type: "success",
        message: (await useCases.subscriptions.changeSubscription(customer, value.subscription, { quantity: value.quantity, slotKind: value.slot, frequency: frequencyOf(value) }))
          .message,
      },
    })),
    pause: intent(
      z.object({ subscription, from: day(/*i18n*/ "Choose the first day of the pause."), to: day(/*i18n*/ "Choose the last day of the pause.") }),
      async ({ useCases, customer, value }) => ({
        toast: { type: "success", message: (await useCases.subscriptions.pauseSubscription(customer, value.subscription, { from: value.from, to: value.to })).message },
      }),
    ),
    resume: intent(z.object({ subscription }), async ({ useCases, customer, value }) => ({
      toast: { type: "success", message: (await useCases.subscriptions.resumeSubscription(customer, value.subscription)).message },
    })),
    skip: intent(z.object({ subscription, date: day(SUBSCRIPTION_MESSAGES.notDue) }), async ({ useCases, customer, value, request }) => ({
      toast: { type: "success", message: (await useCases.subscriptions.skipDelivery(customer, value.subscription, value.date, localeOf(request))).message },
    })),
    autopay: intent(z.object({ subscription }), async ({ useCases, customer, value }) => {
      const { url, message } = await useCases.subscriptions.setUpAutopay(customer, value.subscription);
      return url ? { to: url } : { toast: { type: "success", message } };
    }),
    cancel: intent(z.object({ subscription }), async ({ useCases, customer, value }) => ({
      toast: { type: "success", message: (await useCases.subscriptions.cancelSubscription(customer, value.subscription)).message },
    })),
  },
});

/** The evening reminder's link: one press skips the day it names, signed in or not (the link is the proof). */
export const skipLinkForm = defineForm({
  action: "/subscriptions/skip",
  intents: {
    skip: openIntent(z.object({}), async ({ useCases, url, request }) => {
      const [, , , id, date, mac] = withoutLocale(url.pathname).split("/");
      const done = await useCases.subscriptions.skipFromLink({ id, date, mac }, localeOf(request));
      return { stay: true, data: { message: done.message }, toast: { type: "success", message: done.message } };
    }),
  },
});

/** Staff: a variant's standing orders held back (discontinued) or released (issue 45 item 5). */
export const staffSubscriptionsForm = defineForm({
  action: "/staff/subscriptions",
  intents: {
    hold: intent(z.object({ variant: recordId("That item was not found.") }), async ({ useCases, context, value }) => ({
      toast: { type: "success", message: (await useCases.subscriptions.holdBack(staffOf(context).id, value.variant)).message },
    })),
    release: intent(z.object({ variant: recordId("That item was not found.") }), async ({ useCases, context, value }) => ({
      toast: { type: "success", message: (await useCases.subscriptions.releaseHeld(staffOf(context).id, value.variant)).message },
    })),
  },
});
