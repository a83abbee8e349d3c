// The gift form's fields as the page, the JSON API and the Shop read them (issue 29): apart
// from gift.ts so Review Order's JavaScript carries no zod.
import { z } from "zod";
import { GIFT_FROM_MAX, GIFT_MESSAGE_MAX, GIFT_MESSAGES, type Gift } from "./gift.ts";
import { unprintableOnGiftSlip } from "./gift-print.ts";
import { say } from "./i18n/messages.ts";

// Line breaks are kept (a message may have a greeting line); other control characters are not.
const clean = (v: string) =>
  v
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, "")
    .trim();

/** Refuses what the gift slip cannot print, naming it (gift-print.ts): never dropped in silence. */
const printable = (message: string) => (v: string, ctx: z.RefinementCtx) => {
  const characters = unprintableOnGiftSlip(v);
  if (characters.length > 0) ctx.addIssue({ code: "custom", message: say(message, { characters: characters.join(" ") }) });
};

/** The gift form's fields, as the page, the JSON API and the Shop read them. */
export const giftFields = z.object({
  gift_message: z
    .string({ error: GIFT_MESSAGES.messageRequired })
    .transform(clean)
    .pipe(z.string().min(1, GIFT_MESSAGES.messageRequired).max(GIFT_MESSAGE_MAX, GIFT_MESSAGES.messageTooLong).superRefine(printable(GIFT_MESSAGES.messageUnprintable))),
  // Optional, and left empty by most: a form's empty field arrives as nothing (Conform), never as
  // an error. Checked after cleaning without a pipe: Conform reads a pipe's string as a form field
  // again, and would take the cleaned "" for a field left out (issue 41 item 8).
  gift_from: z
    .string()
    .optional()
    .transform((v) => clean(v ?? "").replace(/\s+/g, " "))
    .superRefine((v, ctx) => {
      if (v.length > GIFT_FROM_MAX) ctx.addIssue({ code: "custom", message: GIFT_MESSAGES.fromTooLong });
      else printable(GIFT_MESSAGES.fromUnprintable)(v, ctx);
    }),
  // A checkbox: present ("on") when ticked; the API may send a boolean.
  hide_prices: z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")]).optional(),
});

export function giftOf(value: z.output<typeof giftFields>): Gift {
  const hide = value.hide_prices;
  return { message: value.gift_message, from: value.gift_from, hidePrices: hide === true || hide === "on" || hide === "true" };
}
