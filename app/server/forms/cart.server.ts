// The cart's form (Specification: Adding to cart and Cart): every cart button on every page posts
// here, to the cart page's route. Signed out, an add is kept and done after sign-in.
import { z } from "zod";
import { CART_ACTION } from "../../domain/offline-queue.ts";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import { addedMessage, CART_MESSAGES, CHECKOUT_MESSAGES, DEFAULT_QUANTITY } from "../../domain/cart.ts";
import { COUPON_MESSAGES } from "../../domain/coupon.ts";
import { browserHint, productReference, quantity } from "../../domain/form-fields.ts";
import type { Toast } from "../../domain/form-reply.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { signInPath } from "../../domain/safe-path.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { i18nOf } from "../i18n.server.ts";
import { savePendingItem } from "../pending-item.server.ts";
import type { CartChange } from "../shop/port.server.ts";
import { replacementFields } from "../../domain/replacement-form.ts";
import { defineForm, intent } from "./pipeline.server.ts";

// A cart line is named by its variant (the port's key, and the ERP's).
const line = z.object({ internal_reference: productReference });

/**
 * What a change says: the clamp to stock, a coupon the cart no longer qualifies for, or `done`.
 * One message is translated where the toast shows it; the sentences joined for a dropped coupon
 * are said here, in the request's language (`i18n`).
 */
export function changeToast(change: Pick<CartChange, "warning" | "couponDropped">, done: string, i18n: Pick<I18n, "_"> = i18nFor("en")): Toast {
  if (change.couponDropped) {
    return { type: "warning", message: `${i18n._(change.warning ?? done)}. ${i18n._(COUPON_MESSAGES.droppedPrefix)} ${i18n._(change.couponDropped)}` };
  }
  return change.warning ? { type: "warning", message: change.warning } : { type: "success", message: done };
}

export const cartForm = defineForm({
  action: CART_ACTION,
  back: "/addtocart",
  fetcher: true,
  unknownIntent: /*i18n*/ "Unknown cart action.",
  // A change queued offline is replayed with its key (issue 26): made once.
  keyed: true,
  signInToast: { type: "info", message: ACCOUNT_MESSAGES.signInFirst },
  intents: {
    add: intent(
      z.object({
        internal_reference: productReference,
        quantity: quantity.default(DEFAULT_QUANTITY),
        then: z.enum(["stay", "cart"]).default("stay"),
        product_id: browserHint,
        // What the optimistic view needs before the server answers.
        price: browserHint,
        stock: browserHint,
      }),
      async ({ useCases, customer, value, request }) => {
        const change = await useCases.cart.addToCart(customer, { internalReference: value.internal_reference, quantity: value.quantity });
        return { toast: changeToast(change, addedMessage(change.title), i18nOf(request)), to: value.then === "cart" ? "/addtocart" : undefined };
      },
      {
        // Signed out: keep what was tapped and add it after sign-in (/post-auth).
        async signedOut({ value }) {
          const productId = Number(value.product_id);
          const pending = await savePendingItem({
            product_id: Number.isSafeInteger(productId) && productId > 0 ? productId : 0,
            internal_reference: value.internal_reference,
            qty: value.quantity,
          });
          return { to: signInPath("/post-auth"), toast: { type: "info", message: CART_MESSAGES.signInToAdd }, headers: { "Set-Cookie": pending } };
        },
      },
    ),
    increment: intent(line, async ({ useCases, customer, value, request }) => ({
      toast: changeToast(await useCases.cart.stepCartLine(customer, value.internal_reference, 1), CART_MESSAGES.updated, i18nOf(request)),
    })),
    decrement: intent(line, async ({ useCases, customer, value, request }) => ({
      toast: changeToast(await useCases.cart.stepCartLine(customer, value.internal_reference, -1), CART_MESSAGES.updated, i18nOf(request)),
    })),
    remove: intent(line, async ({ useCases, customer, value, request }) => ({
      toast: changeToast(await useCases.cart.removeFromCart(customer, value.internal_reference), CART_MESSAGES.removed, i18nOf(request)),
    })),
    clear: intent(z.object({}), async ({ useCases, customer }) => {
      await useCases.cart.clearCart(customer);
      return { toast: { type: "success", message: CART_MESSAGES.cleared } };
    }),
    "apply-coupon": intent(z.object({ code: z.string().max(40, COUPON_MESSAGES.invalid).optional().default("") }), async ({ useCases, customer, value }) => {
      const applied = await useCases.coupons.applyCoupon(customer, { code: value.code });
      // An empty code does nothing (Specification: Coupons).
      if (applied.kind === "empty") return {};
      return { toast: { type: applied.already ? "info" : "success", message: applied.message } };
    }),
    // What to do with an item out of stock at packing (issue 29), for the order and per line.
    replacement: intent(replacementFields, async ({ useCases, customer, value }) => ({
      toast: { type: "success", message: (await useCases.replacement.setReplacement(customer, value)).message },
    })),
    "remove-coupon": intent(z.object({}), async ({ useCases, customer }) => ({ toast: { type: "success", message: (await useCases.coupons.removeCoupon(customer)).message } })),
    checkout: intent(
      z.object({
        payment: z.enum(["upi", "card", "cod"], { error: CHECKOUT_MESSAGES.choosePayment }),
        terms: z.literal("on", { error: CHECKOUT_MESSAGES.acceptTerms }),
      }),
      async ({ useCases, customer, value, request }) => {
        await useCases.checkout.checkout(customer, value.payment, i18nOf(request));
        return { to: "/revieworder" };
      },
    ),
  },
});
