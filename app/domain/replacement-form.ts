// The replacement choices as a form and the JSON API send them (issue 29): apart from
// replacement.ts so the cart page's JavaScript carries no zod.
import { z } from "zod";
import { REPLACEMENT_CHOICES } from "./replacement.ts";

const choice = z.enum(REPLACEMENT_CHOICES);

/** The cart's form (and the JSON API's call): the order's choice and, optionally, each line's ('' for the order's). */
export const replacementFields = z.object({
  replacement: choice,
  lines: z
    .array(
      z.object({
        internal_reference: z.string().trim().min(1).max(64),
        replacement: z.union([choice, z.literal("")]).optional(),
      }),
    )
    .max(200)
    .default([]),
});
