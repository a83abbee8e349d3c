// /revieworder: 'Review Order' (transactions §2): choose or add the delivery address,
// see the order summary with its coupon, and Confirm Order: placed for cash on delivery, or
// on to pay by UPI or card (Razorpay). An order waiting for its payment is shown instead.
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { AddressPicker } from "../components/address/AddressPicker.tsx";
import { AddressActions } from "../components/checkout/AddressActions.tsx";
import { AddressForm } from "../components/checkout/LazyAddressForm.tsx";
import { OrderItems } from "../components/checkout/OrderItems.tsx";
import { GiftMessageForm } from "../components/checkout/GiftMessageForm.tsx";
import { mayCarryGift } from "../domain/gift.ts";
import { PayForm, PendingPayment } from "../components/checkout/PayOnline.tsx";
import { DELIVERY_MESSAGES } from "../domain/delivery.ts";
import { SlotPicker } from "../components/checkout/SlotPicker.tsx";
import { OrderSummary } from "../components/cart/OrderSummary.tsx";
import { EmptyCart } from "../components/cart/EmptyCart.tsx";
import { reviewOrder } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { methodText, place, withElements } from "../components/orders/order-text.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { RefusalNotice } from "../components/ui/RefusalNotice.tsx";
import { ADDRESSES_SHOWN, addressLine } from "../domain/address.ts";
import { CART_MESSAGES, stockProblems } from "../domain/cart.ts";
import { refusalOf } from "../domain/form-reply.ts";
import { parseId } from "../domain/ids.ts";
import { customerIn } from "../server/access.server.ts";
import { shopOf } from "../server/context.server.ts";
import { reviewOrderForm } from "../server/forms/review-order.server.ts";
import { cartOf } from "../server/viewer.server.ts";
import type { Route } from "./+types/revieworder";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const shop = shopOf(context);
  // Back from Razorpay's page (or another tab): the order waiting for its payment comes first.
  const pending = shop.payments.available ? await shop.payments.pending(customer) : null;
  const cart = await cartOf(context, customer);
  const { addresses, chosen: deliverTo, chosenServed } = await shop.addresses.book(customer);
  const editing = addresses.find((a) => a.id === parseId(url.searchParams.get("edit"))) ?? null;
  const [slots, serviceable] = await Promise.all([shop.delivery.slots(), deliverTo ? (chosenServed ?? shop.delivery.isServiceable(deliverTo.zip)) : true]);
  return {
    cart,
    addresses,
    deliverTo,
    selectedId: deliverTo?.id ?? null,
    changing: url.searchParams.get("change") === "1",
    editing,
    showAll: url.searchParams.get("show") === "all",
    adding: url.searchParams.get("address") === "new" || addresses.length === 0,
    email: customer.email ?? "",
    pending: pending && { ...pending, expiresAt: pending.expiresAt.toISOString() },
    slots,
    unservedPin: serviceable ? null : (deliverTo?.zip ?? null),
    now: new Date().toISOString(),
  };
}

export const action = reviewOrderForm.run;

// Standard Checkout's options came back: the modal opens over this page as it is. Reloading
// it now would show the order as waiting for payment and unmount the form that opened it.
export const shouldRevalidate = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  (actionResult as { data?: { checkout?: unknown } } | undefined)?.data?.checkout ? false : defaultShouldRevalidate;

export default function ReviewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, addresses, deliverTo, selectedId, changing, editing, showAll, adding, email, pending, now, slots, unservedPin } = loaderData;
  const slotField = <SlotPicker slots={slots} name={reviewOrder.field("place", "slot")} />;
  const refusal = refusalOf(actionData);
  // The address the order goes to is always shown: first, then the others up to the limit.
  const ordered = [...addresses.filter((a) => a.id === selectedId), ...addresses.filter((a) => a.id !== selectedId)];
  const shown = showAll ? ordered : ordered.slice(0, ADDRESSES_SHOWN);
  const placing = useNavigation().formData?.get("intent") === "place";
  const stockChanged = stockProblems(cart.lines).length > 0;
  const i18n = useI18n();
  if (pending) {
    return (
      <div className="px-4 py-10">
        <RefusalNotice reply={actionData} className="mx-auto mb-4 max-w-xl" />
        <PendingPayment pending={pending} now={now} />
      </div>
    );
  }
  const online = cart.paymentMethod === "razorpay";
  // Nothing to order (placed in another tab, or emptied): say so, with any refusal that came with it.
  if (cart.lines.length === 0) {
    return (
      <div className="px-4 pt-10">
        <RefusalNotice reply={actionData} className="mx-auto mb-4 max-w-xl" />
        <p role="status" className="mx-auto max-w-xl text-center text-stone-700">
          {i18n._(CART_MESSAGES.empty)}
        </p>
        <EmptyCart />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{i18n._("Review Order")}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="delivery-title">
          <h2 id="delivery-title" className="text-lg font-semibold">
            {i18n._("Delivery address")}
          </h2>
          {/* The address form shows its own errors; a refusal of a button is said here. */}
          {refusal?.intent !== "add-address" && refusal?.intent !== "update-address" && <RefusalNotice reply={actionData} className="mt-2" />}
          {/* The same picker as /address-test and the account's addresses (issue 15), once there are addresses to choose from. */}
          {addresses.length > 0 && (
            <div className="mt-3">
              <AddressPicker chosen={deliverTo} addresses={addresses} changing={changing} here="/revieworder" back="/revieworder">
                <Link to="/revieworder?address=new" className="text-sm font-medium text-brand-700 underline">
                  {i18n._("Add a new address")}
                </Link>
              </AddressPicker>
            </div>
          )}
          <ul aria-label={i18n._("Saved addresses")} className="mt-3 space-y-2">
            {shown.map((a) => (
              <li key={a.id} className={`rounded-lg border p-3 ${a.id === selectedId ? "border-brand-700 bg-brand-50" : "border-stone-200"}`}>
                <p className="font-medium">{a.name}</p>
                <p className="text-sm text-stone-700">{addressLine(a)}</p>
                <p className="text-sm text-stone-600">{a.phone}</p>
                <AddressActions address={a} selected={a.id === selectedId} />
              </li>
            ))}
          </ul>
          {addresses.length > ADDRESSES_SHOWN && (
            <Link to={showAll ? "/revieworder" : "/revieworder?show=all"} replace preventScrollReset className="mt-2 block w-fit text-sm font-medium text-brand-700 underline">
              {showAll ? i18n._("Show less") : i18n._("Show more")}
            </Link>
          )}
          {editing ? (
            <AddressForm key={editing.id} address={editing} lastResult={refusal?.intent === "update-address" ? refusal.result : undefined} email={email} />
          ) : adding ? (
            <AddressForm lastResult={refusal?.intent === "add-address" ? refusal.result : undefined} email={email} />
          ) : (
            <Link to="/revieworder?address=new" className="mt-4 inline-block rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
              {i18n._("Add a new address")}
            </Link>
          )}
          <OrderItems lines={cart.lines} />
          {mayCarryGift(cart.lines) && <GiftMessageForm gift={cart.gift} />}
        </section>
        <OrderSummary summary={cart.summary} couponCode={cart.coupon?.code} estimate={cart.lines.some((l) => l.byWeight)}>
          <p className="mt-3 text-sm">
            {i18n._("Payment:")} <strong>{online ? methodText(i18n, cart.paymentChoice === "card" ? "card" : "upi") : i18n._("Cash On Delivery")}</strong>
            {online && <span className="block text-xs text-stone-600">{i18n._("You pay on Razorpay's secure page next; your items are kept for you while you pay.")}</span>}
          </p>
          {online ? (
            <PayForm
              intent="place"
              fields={{ [reviewOrder.field("place", "cart_id")]: cart.id ?? "", [reviewOrder.field("place", "address_id")]: selectedId ?? "" }}
              disabled={!selectedId || stockChanged || unservedPin !== null}
            >
              {slotField}
            </PayForm>
          ) : (
            <Form method="post" className="mt-4">
              <input type="hidden" {...reviewOrder.intent("place")} />
              <input type="hidden" name={reviewOrder.field("place", "cart_id")} value={cart.id ?? ""} />
              <input type="hidden" name={reviewOrder.field("place", "address_id")} value={selectedId ?? ""} />
              {slotField}
              <button
                type="submit"
                disabled={!selectedId || placing || stockChanged || unservedPin !== null}
                className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {placing ? i18n._("Placing Order...") : i18n._("Confirm Order")}
              </button>
            </Form>
          )}
          {!selectedId && <p className="mt-2 text-xs text-stone-600">{i18n._("Add a delivery address to confirm your order.")}</p>}
          {unservedPin && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {i18n._(DELIVERY_MESSAGES.notServiceable(unservedPin))}
            </p>
          )}
          {stockChanged && (
            <p className="mt-2 text-sm font-medium text-red-700">
              {withElements(i18n._("Some items are no longer in stock as your cart asks. {link} to confirm your order.", { link: place("link") }), {
                link: (
                  <Link to="/addtocart" className="underline">
                    {i18n._("Change them in your cart")}
                  </Link>
                ),
              })}
            </p>
          )}
          <Link to="/addtocart" className="mt-3 inline-block text-sm text-brand-700 underline">
            {i18n._("Back to cart")}
          </Link>
        </OrderSummary>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Review Order"), description: i18n._("Choose the delivery address and confirm your order."), path: "/revieworder" });
};

export function ErrorBoundary() {
  const i18n = useI18n();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{i18n._("Review Order")}</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {i18n._(CART_MESSAGES.updateFailed)}. {i18n._("Please try again from your cart.")}
      </p>
      <Link to="/addtocart" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white">
        {i18n._("Go to Cart")}
      </Link>
    </section>
  );
}
