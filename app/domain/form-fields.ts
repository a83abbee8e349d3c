// The fields the shop's forms share, as zod schemas: each rule and its message written once.
// Server-side and on pages that already load zod (the form declarations in app/server/forms).
import { z } from "zod";
import { MAX_QUANTITY_INPUT, MIN_QUANTITY } from "./cart.ts";
import { say } from "./i18n/messages.ts";

/** A variant's internal_reference as a form sends it. */
// The words of Specification: Wishlist, catalogued like the rest.
export const productReference = z
  .string({ error: /*i18n*/ "Missing internal_reference" })
  .trim()
  .min(1, /*i18n*/ "Missing internal_reference")
  .max(64, /*i18n*/ "That product reference is not valid.")
  .regex(/^[A-Za-z0-9._-]+$/, /*i18n*/ "That product reference is not valid.");

/** Decimal digits as a person types them, with a sign or a fraction the field's own rules then answer. */
const DECIMAL = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/**
 * A number as JSON sends it, or as a form does (decimal digits), checked by `number`. Never hex,
 * an exponent or Infinity, which Number() would read ("0x10" as 16, "1e3" as 1000): those are
 * `message`, as anything else that is not a number (issue 25).
 */
export function typedNumber(message: string, number: z.ZodNumber = z.number()) {
  return z.union([z.number(), z.string().regex(DECIMAL).transform(Number)], { error: message }).pipe(number);
}

export const quantity = typedNumber(
  /*i18n*/ "Enter a quantity.",
  z
    .number()
    .int(/*i18n*/ "Enter a whole number.")
    .min(MIN_QUANTITY, /*i18n*/ "The quantity must be at least 1.")
    .max(MAX_QUANTITY_INPUT, say(/*i18n*/ "The quantity must be at most {max}.", { max: MAX_QUANTITY_INPUT })),
);

/** A database id (a positive 32-bit integer); anything else reads as `message`. */
export function recordId(message: string) {
  return typedNumber(
    message,
    z
      .number()
      .int(message)
      .positive(message)
      .max(2 ** 31 - 1, message),
  );
}

/** A number the browser sends for its own use (the optimistic view), never trusted by the server. */
export const browserHint = z.string().max(32).optional();
