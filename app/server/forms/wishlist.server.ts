// The wishlist's form (Specification: Wishlist and Browsing failure messages): every heart and the wishlist page post here.
// Signed out, a heart is remembered and added after sign-in, back on the page it was on.
import { z } from "zod";
import { WISHLIST_ACTION } from "../../domain/offline-queue.ts";
import { productReference, recordId } from "../../domain/form-fields.ts";
import { signInPath } from "../../domain/safe-path.ts";
import { WISHLIST_MESSAGES } from "../../domain/wishlist.ts";
import { i18nOf } from "../i18n.server.ts";
import { savePendingItem } from "../pending-item.server.ts";
import { changeToast } from "./cart.server.ts";
import { defineForm, intent, type Outcome } from "./pipeline.server.ts";

const reference = z.object({ internal_reference: productReference });

async function rememberHeart({ value, back }: { value: { internal_reference: string }; back: string }): Promise<Outcome> {
  const pending = await savePendingItem({ kind: "wishlist", internal_reference: value.internal_reference, return_to: back });
  return { to: signInPath("/post-auth"), toast: { type: "info", message: WISHLIST_MESSAGES.signInToSave }, headers: { "Set-Cookie": pending } };
}

export const wishlistForm = defineForm({
  action: WISHLIST_ACTION,
  back: "/wishlist",
  fetcher: true,
  unknownIntent: WISHLIST_MESSAGES.failed,
  // A heart tapped offline is replayed with its key (issue 26): toggled once.
  keyed: true,
  signInToast: { type: "info", message: WISHLIST_MESSAGES.signInToSave },
  intents: {
    add: intent(
      reference,
      async ({ useCases, customer, value }) => {
        await useCases.wishlist.addToWishlist(customer, value.internal_reference);
        return { toast: { type: "success", message: WISHLIST_MESSAGES.added } };
      },
      { signedOut: rememberHeart },
    ),
    toggle: intent(
      reference,
      async ({ useCases, customer, value }) => {
        const { added } = await useCases.wishlist.toggleWishlist(customer, value.internal_reference);
        return { toast: { type: "success", message: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed } };
      },
      { signedOut: rememberHeart },
    ),
    // Remove accepts an item id or an internal_reference (Specification: Wishlist).
    remove: intent(z.object({ item: recordId(WISHLIST_MESSAGES.notFound).optional(), internal_reference: productReference.optional() }), async ({ useCases, customer, value }) => {
      await useCases.wishlist.removeFromWishlist(customer, { item: value.item, internalReference: value.internal_reference });
      return { toast: { type: "success", message: WISHLIST_MESSAGES.removed } };
    }),
    "move-to-cart": intent(
      z.object({ item: recordId(WISHLIST_MESSAGES.notFound), internal_reference: productReference.optional() }),
      async ({ useCases, customer, value, request }) => ({
        toast: changeToast(await useCases.wishlist.moveToCart(customer, value.item), WISHLIST_MESSAGES.moved, i18nOf(request)),
      }),
    ),
  },
});
