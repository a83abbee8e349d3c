// /cart: the one action behind every cart button (browsing §3, transactions §2). A
// plain post answers 303 to the page it came from with a toast; a fetcher gets data.
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, redirect } from "react-router";
import { ACCOUNT_MESSAGES } from "../domain/account.ts";
import { addedMessage, CART_MESSAGES, CHECKOUT_MESSAGES } from "../domain/cart.ts";
import { COUPON_MESSAGES, normalizeCouponCode } from "../domain/coupon.ts";
import { cartIntentSchema, type CartIntent } from "../domain/cart-forms.ts";
import { safePath, signInPath } from "../domain/safe-path.ts";
import { actionRan, markActionRan } from "../server/action-ran.server.ts";
import { customerOf } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import { finish, firstError, refuse, type Toast } from "../server/forms.server.ts";
import { savePendingItem } from "../server/pending-item.server.ts";
import { ShopError, type Customer, type Shop } from "../server/shop/port.server.ts";
import type { Route } from "./+types/cart";

// GET /cart is the cart page; after a refused plain post this route's page shows why.
export function loader({ context }: Route.LoaderArgs) {
  if (!actionRan(context)) throw redirect("/addtocart");
  return null;
}

async function perform(shop: Shop, customer: Customer, intent: CartIntent): Promise<Toast | null> {
  switch (intent.intent) {
    case "add": {
      const change = await shop.cart.add(customer, { internalReference: intent.internal_reference, quantity: intent.quantity });
      return change.warning ? { type: "warning", message: change.warning } : { type: "success", message: addedMessage(change.title) };
    }
    case "set": {
      const change = await shop.cart.setQuantity(customer, intent.line, intent.quantity);
      return change.warning ? { type: "warning", message: change.warning } : { type: "success", message: CART_MESSAGES.updated };
    }
    case "increment":
    case "decrement": {
      const change = await shop.cart.step(customer, intent.line, intent.intent === "increment" ? 1 : -1);
      return change.warning ? { type: "warning", message: change.warning } : { type: "success", message: CART_MESSAGES.updated };
    }
    case "remove":
      await shop.cart.remove(customer, intent.line);
      return { type: "success", message: CART_MESSAGES.removed };
    case "clear":
      await shop.cart.clear(customer);
      return { type: "success", message: CART_MESSAGES.cleared };
    case "apply-coupon": {
      const code = normalizeCouponCode(intent.code);
      // An empty code does nothing (transactions §5).
      if (!code) return null;
      const applied = await shop.cart.applyCoupon(customer, code);
      return applied.already ? { type: "info", message: COUPON_MESSAGES.alreadyApplied } : { type: "success", message: COUPON_MESSAGES.applied };
    }
    case "remove-coupon":
      await shop.cart.removeCoupon(customer);
      return { type: "success", message: COUPON_MESSAGES.removed };
    case "checkout": {
      const cart = await shop.cart.get(customer);
      if (cart.lines.length === 0) throw new ShopError("conflict", CART_MESSAGES.empty);
      // Card and UPI arrive with the payment provider (a later issue).
      if (intent.payment !== "cod") throw new ShopError("conflict", CHECKOUT_MESSAGES.onlineUnavailable);
      await shop.cart.choosePayment(customer, "cod");
      return null;
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  markActionRan(context);
  const form = await request.formData();
  const back = safePath(form.get("redirectTo"), "/addtocart");
  const submission = parseWithZod(form, { schema: cartIntentSchema });
  if (submission.status !== "success") {
    const message = firstError(submission.reply());
    // Unticked terms is an answer for the shopper on the cart page; a payment value that no
    // form offers is bad input like any other.
    if (submission.payload.intent === "checkout" && !submission.error?.payment) return finish(request, "/addtocart", { type: "error", message });
    return refuse(message);
  }
  const intent = submission.value;
  const customer = customerOf(context);
  if (!customer) {
    // Signed out: keep what was tapped and resume it after sign-in (/post-auth).
    if (intent.intent !== "add") return finish(request, signInPath(back), { type: "info", message: ACCOUNT_MESSAGES.signInFirst }, { navigate: true });
    const productId = Number(form.get("product_id"));
    const pending = await savePendingItem({
      product_id: Number.isSafeInteger(productId) && productId > 0 ? productId : 0,
      internal_reference: intent.internal_reference,
      qty: intent.quantity,
    });
    return finish(request, signInPath("/post-auth"), { type: "info", message: CART_MESSAGES.signInToAdd }, { navigate: true, headers: { "Set-Cookie": pending } });
  }
  const then = intent.intent === "add" && intent.then === "cart" ? "/addtocart" : intent.intent === "checkout" ? "/revieworder" : back;
  try {
    const toast = await perform(shopOf(context), customer, intent);
    if (!toast) return redirect(then, 303);
    return finish(request, then, toast, { navigate: then !== back });
  } catch (error) {
    if (!(error instanceof ShopError)) {
      console.error(error);
      const message = intent.intent === "add" ? CART_MESSAGES.addFailed : CART_MESSAGES.updateFailed;
      return finish(request, back, { type: "error", message });
    }
    // An unknown reference is bad input (400); a line that is not this customer's is not found (404).
    // A coupon that does not apply is an answer for the shopper, not bad input.
    if (intent.intent === "apply-coupon") return finish(request, back, { type: "error", message: error.message });
    if (error.code === "not_found" || error.code === "invalid") return refuse(error.message, error.code === "not_found" && intent.intent !== "add" ? 404 : 400);
    return finish(request, back, { type: "error", message: error.message });
  }
}

// Only a refused plain post lands here (a fetcher shows the message as a toast).
export default function CartActionResult({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>Cart not changed | Haat</title>
      <h1 className="text-2xl font-semibold">Your cart was not changed</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {actionData && !actionData.ok ? actionData.error : "That request could not be understood."}
      </p>
      <Link to="/addtocart" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Go to Cart
      </Link>
    </section>
  );
}
