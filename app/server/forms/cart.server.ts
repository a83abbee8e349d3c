// The cart's form (browsing §3, transactions §2, §5): every cart button on every page posts
// here, to the cart page's route. Signed out, an add is kept and done after sign-in.
import { z } from "zod";
import { CART_ACTION } from "../../domain/offline-queue.ts";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import { addedMessage, CART_MESSAGES, CHECKOUT_MESSAGES, DEFAULT_QUANTITY, stockProblems, stockStopMessage } from "../../domain/cart.ts";
import { COUPON_MESSAGES } from "../../domain/coupon.ts";
import { browserHint, productReference, quantity } from "../../domain/form-fields.ts";
import type { Toast } from "../../domain/form-reply.ts";
import { signInPath } from "../../domain/safe-path.ts";
import { savePendingItem } from "../pending-item.server.ts";
import { ShopError, type CartChange } from "../shop/port.server.ts";
import { applyCoupon, removeCoupon } from "../use-cases/coupons.server.ts";
import { defineForm, intent } from "./pipeline.server.ts";

// A cart line is named by its variant (the port's key, and the ERP's).
const line = z.object({ internal_reference: productReference });

/** What a change says: the clamp to stock, a coupon the cart no longer qualifies for, or `done`. */
export function changeToast(change: Pick<CartChange, "warning" | "couponDropped">, done: string): Toast {
  if (change.couponDropped) return { type: "warning", message: `${change.warning ?? done}. ${COUPON_MESSAGES.droppedPrefix} ${change.couponDropped}` };
  return change.warning ? { type: "warning", message: change.warning } : { type: "success", message: done };
}

export const cartForm = defineForm({
  action: CART_ACTION,
  back: "/addtocart",
  fetcher: true,
  unknownIntent: "Unknown cart action.",
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
      async ({ shop, customer, value }) => {
        const change = await shop.cart.add(customer, { internalReference: value.internal_reference, quantity: value.quantity });
        return { toast: changeToast(change, addedMessage(change.title)), to: value.then === "cart" ? "/addtocart" : undefined };
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
    increment: intent(line, async ({ shop, customer, value }) => ({ toast: changeToast(await shop.cart.step(customer, value.internal_reference, 1), CART_MESSAGES.updated) })),
    decrement: intent(line, async ({ shop, customer, value }) => ({ toast: changeToast(await shop.cart.step(customer, value.internal_reference, -1), CART_MESSAGES.updated) })),
    remove: intent(line, async ({ shop, customer, value }) => ({ toast: changeToast(await shop.cart.remove(customer, value.internal_reference), CART_MESSAGES.removed) })),
    clear: intent(z.object({}), async ({ shop, customer }) => {
      await shop.cart.clear(customer);
      return { toast: { type: "success", message: CART_MESSAGES.cleared } };
    }),
    "apply-coupon": intent(z.object({ code: z.string().max(40, COUPON_MESSAGES.invalid).optional().default("") }), async ({ shop, customer, value }) => {
      const applied = await applyCoupon(shop, customer, { code: value.code });
      // An empty code does nothing (transactions §5).
      if (applied.kind === "empty") return {};
      return { toast: { type: applied.already ? "info" : "success", message: applied.message } };
    }),
    "remove-coupon": intent(z.object({}), async ({ shop, customer }) => ({ toast: { type: "success", message: (await removeCoupon(shop, customer)).message } })),
    checkout: intent(
      z.object({
        payment: z.enum(["upi", "card", "cod"], { error: CHECKOUT_MESSAGES.choosePayment }),
        terms: z.literal("on", { error: CHECKOUT_MESSAGES.acceptTerms }),
      }),
      async ({ shop, customer, value }) => {
        const cart = await shop.cart.get(customer);
        if (cart.lines.length === 0) throw new ShopError("conflict", CART_MESSAGES.empty);
        // Another shopper may have bought what this cart holds: say it here, on the cart, with
        // short lines lowered to what is left, rather than fail at Confirm Order.
        const problems = stockProblems(cart.lines);
        let couponDropped: string | null = null;
        for (const p of problems) if (p.kind === "short") couponDropped = (await shop.cart.setQuantity(customer, p.line.internalReference, p.available)).couponDropped ?? couponDropped;
        if (problems.length) throw new ShopError("conflict", stockStopMessage(problems, couponDropped));
        // Card and UPI go through Razorpay: only when its keys are set.
        if (value.payment !== "cod" && !shop.payments.available) throw new ShopError("conflict", CHECKOUT_MESSAGES.onlineUnavailable);
        await shop.cart.choosePayment(customer, value.payment);
        return { to: "/revieworder" };
      },
    ),
  },
});
