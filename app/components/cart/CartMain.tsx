// The cart page's content (Specification: Cart): its lines, the order summary with its coupon,
// payment method and PIN check. A part of the page on its own (issue 30): the splice renders it
// for a signed-in shopper into the cart page's shell, as routes/cart.tsx renders it whole.
import { Form, Link } from "react-router";
import { CartLines } from "./CartLines.tsx";
import { EmptyCartPage } from "./EmptyCart.tsx";
import { CheckoutForm, CouponForm } from "./CheckoutForms.tsx";
import { OrderSummary } from "./OrderSummary.tsx";
import { PinCheck } from "./PinCheck.tsx";
import { ReplacementChoices } from "./ReplacementChoices.tsx";
import { cart } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import type { CartPageFacts } from "../splice-protocol.tsx";
import { useSplicePart } from "../splice-protocol.tsx";
import { RefusalNotice } from "../ui/RefusalNotice.tsx";
import { useCartEntries, usePaymentOffer } from "../root-data.ts";
import { cartCount, summarize } from "../../domain/cart.ts";
import { COUPON_MESSAGES } from "../../domain/coupon.ts";
import { DEFAULT_REPLACEMENT } from "../../domain/replacement.ts";

export interface PinAnswer {
  ok: boolean;
  message: string;
}

export function CartMain({ facts, pin, pinAnswer, reply }: { facts: CartPageFacts; pin: string | null; pinAnswer: PinAnswer | null; reply?: unknown }) {
  useSplicePart("cart-main", { pin, pinAnswer });
  const { view, pendingOrder } = facts;
  const entries = useCartEntries();
  const { prepaidPercent } = usePaymentOffer();
  const i18n = useI18n();
  // The summary follows pending quantity changes too.
  const lines = view.lines.filter((l) => entries[l.internalReference]).map((l) => ({ ...l, quantity: entries[l.internalReference]!.quantity }));
  const refusal = (
    <>
      <RefusalNotice reply={reply} className="mx-auto mb-4 max-w-6xl" />
      {pendingOrder !== null && (
        <p role="status" className="mx-auto mb-4 max-w-6xl rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {/* No number yet: an order takes its number when it is paid for (decision 065). */}
          {i18n._("Your order is waiting for your payment.")}{" "}
          <Link to="/revieworder" className="font-semibold underline">
            {i18n._("Complete your payment")}
          </Link>
        </p>
      )}
    </>
  );
  if (lines.length === 0) {
    return <EmptyCartPage>{refusal}</EmptyCartPage>;
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {refusal}
      <h1 className="text-2xl font-semibold">
        {i18n._("Your Cart")} <span className="text-base font-normal text-stone-600">({i18n._("{count, plural, one {# item} other {# items}}", { count: cartCount(lines) })})</span>
      </h1>
      {/* min-w-0: a grid's column otherwise grows to its widest line, past a 360 px screen. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] [&>*]:min-w-0">
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
