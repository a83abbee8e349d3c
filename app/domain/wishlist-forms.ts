// The wishlist's forms, parsed by the /wishlist action.
import { z } from "zod";
import { WISHLIST_MESSAGES } from "./wishlist.ts";

const reference = z
  .string({ error: WISHLIST_MESSAGES.missingReference })
  .trim()
  .min(1, WISHLIST_MESSAGES.missingReference)
  .max(64, "That product reference is not valid.")
  .regex(/^[A-Za-z0-9._-]+$/, "That product reference is not valid.");
const itemId = z.coerce.number({ error: WISHLIST_MESSAGES.notFound }).int().positive(WISHLIST_MESSAGES.notFound).max(2 ** 31 - 1, WISHLIST_MESSAGES.notFound);

export const wishlistIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), internal_reference: reference }),
    z.object({ intent: z.literal("toggle"), internal_reference: reference }),
    // Remove accepts an item id or an internal_reference (browsing §8); one of them must be there.
    z.object({ intent: z.literal("remove"), item: itemId.optional(), internal_reference: reference.optional() }),
    z.object({ intent: z.literal("move-to-cart"), item: itemId }),
  ],
  { error: WISHLIST_MESSAGES.failed },
);
export type WishlistIntent = z.infer<typeof wishlistIntentSchema>;

