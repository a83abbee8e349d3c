// The cart's forms: one zod schema per intent, parsed by the /cart action. Server-side
// only in practice (the browser's optimistic view reads the same fields in cart.ts).
import { z } from "zod";
import { CHECKOUT_MESSAGES, DEFAULT_QUANTITY, MAX_QUANTITY_INPUT, MIN_QUANTITY } from "./cart.ts";

const reference = z
  .string({ error: "Missing internal_reference" })
  .trim()
  .min(1, "Missing internal_reference")
  .max(64, "That product reference is not valid.")
  .regex(/^[A-Za-z0-9._-]+$/, "That product reference is not valid.");
const quantity = z.coerce
  .number({ error: "Enter a quantity." })
  .int("Enter a whole number.")
  .min(MIN_QUANTITY, "The quantity must be at least 1.")
  .max(MAX_QUANTITY_INPUT, `The quantity must be at most ${MAX_QUANTITY_INPUT}.`);
const lineId = z.coerce.number({ error: "Missing cart line." }).int().positive("Missing cart line.").max(2 ** 31 - 1, "Missing cart line.");

export const cartIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), internal_reference: reference, quantity: quantity.default(DEFAULT_QUANTITY), then: z.enum(["stay", "cart"]).default("stay") }),
    z.object({ intent: z.literal("set"), line: lineId, quantity }),
    z.object({ intent: z.literal("increment"), line: lineId }),
    z.object({ intent: z.literal("decrement"), line: lineId }),
    z.object({ intent: z.literal("remove"), line: lineId }),
    z.object({ intent: z.literal("clear") }),
    z.object({ intent: z.literal("apply-coupon"), code: z.string().max(40, "Invalid coupon code").optional().default("") }),
    z.object({ intent: z.literal("remove-coupon") }),
    z.object({
      intent: z.literal("checkout"),
      payment: z.enum(["upi", "card", "cod"], { error: CHECKOUT_MESSAGES.choosePayment }),
      terms: z.literal("on", { error: CHECKOUT_MESSAGES.acceptTerms }),
    }),
  ],
  { error: "Unknown cart action." },
);
export type CartIntent = z.infer<typeof cartIntentSchema>;

