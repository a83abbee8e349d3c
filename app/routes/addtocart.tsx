// /addtocart: the cart page (transactions §2): lines, the order summary with its coupon,
// payment method and terms, and Place order on to /revieworder.
import { Form } from "react-router";
import { CartLines } from "../components/cart/CartLines.tsx";
import { EmptyCart } from "../components/cart/EmptyCart.tsx";
import { CheckoutForm, CouponForm } from "../components/cart/CheckoutForms.tsx";
import { OrderSummary } from "../components/cart/OrderSummary.tsx";
import { useCartEntries } from "../components/viewer.ts";
import { CART_MESSAGES, cartCount, summarize } from "../domain/cart.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { cartOf } from "../server/viewer.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/addtocart";
import { privatePageMeta } from "../components/seo.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, "/addtocart");
  return { cart: await cartOf(context, customer) };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const entries = useCartEntries();
  // The summary follows pending quantity changes too.
  const lines = cart.lines.filter((l) => entries[l.internalReference]).map((l) => ({ ...l, quantity: entries[l.internalReference]!.quantity }));
  if (lines.length === 0) {
    return (
      <div>
        <p role="status" className="mx-auto max-w-xl px-4 pt-10 text-center text-stone-700">
          {CART_MESSAGES.empty}
        </p>
        <EmptyCart />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold">
        Your Cart <span className="text-base font-normal text-stone-600">({cartCount(lines)} items)</span>
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div>
          <CartLines lines={cart.lines} />
          <Form method="post" action="/cart" className="mt-3 text-right">
            <input type="hidden" name="redirectTo" value="/addtocart" />
            <button type="submit" name="intent" value="clear" className="text-sm font-medium text-stone-600 underline-offset-2 hover:underline">
              Clear cart
            </button>
          </Form>
        </div>
        <OrderSummary summary={summarize(lines, cart.coupon?.discountPaise ?? 0)} couponCode={cart.coupon?.code}>
          {cart.couponDropped && (
            <p role="status" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              Your coupon was removed: {cart.couponDropped}
            </p>
          )}
          <CouponForm applied={cart.coupon} />
          <CheckoutForm chosen={cart.paymentMethod} onlineAvailable={false} />
        </OrderSummary>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your Cart", description: "The products in your cart, your order summary, coupon and payment method.", path: "/addtocart" });
