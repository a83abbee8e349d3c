// Review Order's content (Specification: Checkout): the delivery address, the order's items, its summary
// and Confirm Order, or the order waiting for its payment. A part of the page on its own (issue
// 30): the splice renders it for a signed-in shopper into the page's shell, as
// routes/revieworder.tsx renders it whole.
import { Form, Link, useNavigation } from "react-router";
import { AddressPicker } from "../address/AddressPicker.tsx";
import { AddressActions } from "./AddressActions.tsx";
import { AddressForm } from "./LazyAddressForm.tsx";
import { OrderItems } from "./OrderItems.tsx";
import { GiftMessageForm } from "./GiftMessageForm.tsx";
import { PayForm, PendingPayment } from "./PayOnline.tsx";
import { SlotPicker } from "./SlotPicker.tsx";
import { OrderSummary } from "../cart/OrderSummary.tsx";
import { EmptyCartPage } from "../cart/EmptyCart.tsx";
import { reviewOrder } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { methodText, place, withElements } from "../orders/order-text.tsx";
import type { ReviewOrderFacts } from "../splice-protocol.tsx";
import { useSplicePart } from "../splice-protocol.tsx";
import { RefusalNotice } from "../ui/RefusalNotice.tsx";
import { mayCarryGift } from "../../domain/gift.ts";
import { DELIVERY_MESSAGES } from "../../domain/delivery.ts";
import { ADDRESSES_SHOWN, addressLine, type AddressView } from "../../domain/address.ts";
import { stockProblems } from "../../domain/cart.ts";
import { refusalOf } from "../../domain/form-reply.ts";

/** What the page's URL asks of it: the picker open, an address to edit, all addresses, a new one. */
export interface ReviewOrderFlags {
  changing: boolean;
  editId: number | null;
  showAll: boolean;
  addressNew: boolean;
}

/**
 * The address form the page shows: an address to edit, or a new one (asked for, or none saved
 * yet). The splice renders such a page whole (its fields' ids come from where it sits).
 */
export function addressFormOf({ editId, addressNew }: Pick<ReviewOrderFlags, "editId" | "addressNew">, addresses: readonly AddressView[]) {
  return { editing: addresses.find((a) => a.id === editId) ?? null, adding: addressNew || addresses.length === 0 };
}

export function ReviewOrderMain({ facts, changing, editId, showAll, addressNew, reply: actionData }: { facts: ReviewOrderFacts; reply?: unknown } & ReviewOrderFlags) {
  useSplicePart("review-main", { changing, editId, showAll, addressNew });
  const { cart, addresses, deliverTo, selectedId, account, pending, slots, unservedPin } = facts;
  const { editing, adding } = addressFormOf({ editId, addressNew }, addresses);
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
        <PendingPayment pending={pending} now={pending.now} />
      </div>
    );
  }
  const online = cart.paymentMethod === "razorpay";
  // Nothing to order (placed in another tab, or emptied): say so, with any refusal that came with it.
  if (cart.lines.length === 0) {
    return (
      <EmptyCartPage>
        <RefusalNotice reply={actionData} className="mx-auto mb-4 max-w-xl" />
      </EmptyCartPage>
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
            <AddressForm key={editing.id} address={editing} lastResult={refusal?.intent === "update-address" ? refusal.result : undefined} account={account} />
          ) : adding ? (
            <AddressForm lastResult={refusal?.intent === "add-address" ? refusal.result : undefined} account={account} />
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
