// /addtocart: the cart page (transactions §2): lines, the order summary with its coupon,
// payment method and terms, and Place order on to /revieworder. Every cart button on every
// page posts here; a refused plain post shows this page with the reason. /cart is its alias.
import { Form, Link } from "react-router";
import { CartLines } from "../components/cart/CartLines.tsx";
import { EmptyCart } from "../components/cart/EmptyCart.tsx";
import { CheckoutForm, CouponForm } from "../components/cart/CheckoutForms.tsx";
import { ReplacementChoices } from "../components/cart/ReplacementChoices.tsx";
import { DEFAULT_REPLACEMENT } from "../domain/replacement.ts";
import { OrderSummary } from "../components/cart/OrderSummary.tsx";
import { cart } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { useCartEntries, usePaymentOffer } from "../components/viewer.ts";
import { CART_MESSAGES, cartCount, summarize } from "../domain/cart.ts";
import { COUPON_MESSAGES } from "../domain/coupon.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { cartForm } from "../server/forms/cart.server.ts";
import { cartOf } from "../server/viewer.server.ts";
import { shopOf } from "../server/context.server.ts";
import { DELIVERY_MESSAGES, normalizePin } from "../domain/delivery.ts";
import { PinCheck } from "../components/cart/PinCheck.tsx";
import type { Route } from "./+types/addtocart";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, "/addtocart");
  const shop = shopOf(context);
  // An order waiting for its online payment is not in the cart: the page points to it.
  const pending = shop.payments.available ? await shop.payments.pending(customer) : null;
  // 'Check delivery to your PIN' (a GET form on this page).
  const typedPin = url.searchParams.get("pin");
  const pin = typedPin === null ? null : normalizePin(typedPin);
  const pinAnswer =
    typedPin === null
      ? null
      : pin === null
        ? { ok: false, message: DELIVERY_MESSAGES.invalidPin }
        : (await shop.delivery.isServiceable(pin))
          ? { ok: true, message: DELIVERY_MESSAGES.serviceable(pin) }
          : { ok: false, message: DELIVERY_MESSAGES.notServiceable(pin) };
  return { cart: await cartOf(context, customer), pendingOrder: pending?.orderId ?? null, pin: typedPin?.slice(0, 7) ?? null, pinAnswer };
}

export const action = cartForm.run;

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart: view, pendingOrder, pin, pinAnswer } = loaderData;
  const entries = useCartEntries();
  const { prepaidPercent } = usePaymentOffer();
  const i18n = useI18n();
  // The summary follows pending quantity changes too.
  const lines = view.lines.filter((l) => entries[l.internalReference]).map((l) => ({ ...l, quantity: entries[l.internalReference]!.quantity }));
  const refusal = (
    <>
      <RefusalNotice reply={actionData} className="mx-auto mb-4 max-w-6xl" />
      {pendingOrder !== null && (
        <p role="status" className="mx-auto mb-4 max-w-6xl rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {i18n._("Order #{id} is waiting for your payment.", { id: pendingOrder })}{" "}
          <Link to="/revieworder" className="font-semibold underline">
            {i18n._("Complete your payment")}
          </Link>
        </p>
      )}
    </>
  );
  if (lines.length === 0) {
    return (
      <div className="px-4 pt-10">
        {refusal}
        <p role="status" className="mx-auto max-w-xl text-center text-stone-700">
          {i18n._(CART_MESSAGES.empty)}
        </p>
        <EmptyCart />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {refusal}
      <h1 className="text-2xl font-semibold">
        {i18n._("Your Cart")} <span className="text-base font-normal text-stone-600">({i18n._("{count, plural, one {# item} other {# items}}", { count: cartCount(lines) })})</span>
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div>
          <CartLines lines={view.lines} />
          <Form method="post" action={cart.action} className="mt-3 text-right">
            <button type="submit" {...cart.intent("clear")} className="text-sm font-medium text-stone-600 underline-offset-2 hover:underline">
              {i18n._("Clear cart")}
            </button>
          </Form>
          <ReplacementChoices choice={view.replacement ?? DEFAULT_REPLACEMENT} lines={view.lines} />
        </div>
        <OrderSummary
          summary={summarize(lines, view.coupon?.discountPaise ?? 0, view.paymentMethod === "razorpay" ? prepaidPercent : 0, view.summary.deliveryFee ?? undefined)}
          couponCode={view.coupon?.code}
          estimate={lines.some((l) => l.byWeight)}
        >
          {view.couponDropped && (
            <p role="status" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              {i18n._(COUPON_MESSAGES.droppedPrefix)} {i18n._(view.couponDropped)}
            </p>
          )}
          <CouponForm applied={view.coupon} />
          <CheckoutForm chosen={view.paymentChoice} />
          <PinCheck pin={pin} answer={pinAnswer} />
        </OrderSummary>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Your Cart"),
    description: i18n._("The products in your cart, your order summary, coupon and payment method."),
    path: "/addtocart",
  });
};
