// The gift form's fields as the page, the JSON API and the Shop read them (issue 29): apart
// from gift.ts so Review Order's JavaScript carries no zod.
import { z } from "zod";
import { GIFT_FROM_MAX, GIFT_MESSAGE_MAX, GIFT_MESSAGES, type Gift } from "./gift.ts";

// Line breaks are kept (a message may have a greeting line); other control characters are not.
const clean = (v: string) =>
  v
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, "")
    .trim();

/** The gift form's fields, as the page, the JSON API and the Shop read them. */
export const giftFields = z.object({
  gift_message: z
    .string({ error: GIFT_MESSAGES.messageRequired })
    .transform(clean)
    .pipe(z.string().min(1, GIFT_MESSAGES.messageRequired).max(GIFT_MESSAGE_MAX, GIFT_MESSAGES.messageTooLong)),
  gift_from: z
    .string()
    .default("")
    .transform((v) => clean(v).replace(/\s+/g, " "))
    .pipe(z.string().max(GIFT_FROM_MAX, GIFT_MESSAGES.fromTooLong)),
  // A checkbox: present ("on") when ticked; the API may send a boolean.
  hide_prices: z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")]).optional(),
});

export function giftOf(value: z.output<typeof giftFields>): Gift {
  const hide = value.hide_prices;
  return { message: value.gift_message, from: value.gift_from, hidePrices: hide === true || hide === "on" || hide === "true" };
}
