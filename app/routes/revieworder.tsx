// /revieworder: 'Review Order' (transactions §2): choose or add the delivery address,
// see the order summary with its coupon, and Confirm Order (cash on delivery).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AddressActions } from "../components/checkout/AddressActions.tsx";
import { AddressForm } from "../components/checkout/AddressForm.tsx";
import { OrderSummary } from "../components/cart/OrderSummary.tsx";
import { ADDRESS_MESSAGES, ADDRESSES_SHOWN, addressLine, deliveryAddressSchema, fromDeliveryForm, missingFieldsMessage } from "../domain/address.ts";
import { CART_MESSAGES } from "../domain/cart.ts";
import { actionRan, markActionRan } from "../server/action-ran.server.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { cartOf } from "../server/viewer.server.ts";
import { shopOf } from "../server/context.server.ts";
import { finish } from "../server/forms.server.ts";
import { ShopError } from "../server/shop/port.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/revieworder";
import { privatePageMeta } from "../components/seo.ts";
import { parseId } from "../domain/ids.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, "/revieworder");
  const shop = shopOf(context);
  const cart = await cartOf(context, customer);
  if (cart.lines.length === 0 && !actionRan(context)) throw redirect("/addtocart", 303);
  const [addresses, selectedId] = await Promise.all([shop.addresses.list(customer), shop.addresses.selected(customer)]);
  const editing = addresses.find((a) => a.id === parseId(url.searchParams.get("edit"))) ?? null;
  return { cart, addresses, selectedId, editing, showAll: url.searchParams.get("show") === "all", adding: url.searchParams.get("address") === "new" || addresses.length === 0, email: customer.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  markActionRan(context);
  const customer = requireCustomer(context, "/revieworder");
  const shop = shopOf(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "select") {
    const id = parseId(form.get("address")) ?? 0;
    try {
      await shop.addresses.select(customer, id);
    } catch (error) {
      if (error instanceof ShopError) return data({ intent: "select" as const, error: ADDRESS_MESSAGES.invalidId, result: undefined }, { status: 404 });
      throw error;
    }
    return redirect("/revieworder", 303);
  }
  if (intent === "add-address" || intent === "update-address") {
    const submission = parseWithZod(form, { schema: deliveryAddressSchema });
    if (submission.status !== "success") {
      const missing = missingFieldsMessage(form);
      return data({ intent, error: missing, result: submission.reply({ formErrors: missing ? [missing] : [] }) }, { status: 400 });
    }
    try {
      const address =
        intent === "add-address"
          ? await shop.addresses.create(customer, fromDeliveryForm(submission.value))
          : await shop.addresses.update(customer, parseId(form.get("id")) ?? 0, fromDeliveryForm(submission.value));
      await shop.addresses.select(customer, address.id);
    } catch (error) {
      if (error instanceof ShopError) return data({ intent, error: ADDRESS_MESSAGES.invalidId, result: undefined }, { status: 404 });
      throw error;
    }
    return finish(request, "/revieworder", { type: "success", message: intent === "add-address" ? ADDRESS_MESSAGES.saved : ADDRESS_MESSAGES.updated }, { navigate: true });
  }
  if (intent === "delete-address") {
    try {
      await shop.addresses.remove(customer, parseId(form.get("id")) ?? 0);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      if (error.code === "not_found") return data({ intent, error: ADDRESS_MESSAGES.invalidId, result: undefined }, { status: 404 });
      return finish(request, "/revieworder", { type: "error", message: error.message }, { navigate: true });
    }
    return finish(request, "/revieworder", { type: "success", message: ADDRESS_MESSAGES.deleted }, { navigate: true });
  }
  if (intent === "place") {
    try {
      await shop.orders.place(customer, { cartId: parseId(form.get("cart_id")) ?? 0, addressId: parseId(form.get("address_id")) ?? 0, paymentMethod: "cod" });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      // Bad ids are bad input (400, shown on the page); stock or coupon changes are news for the shopper.
      if (error.code === "invalid") return data({ intent, error: error.message, result: undefined }, { status: 400 });
      return finish(request, "/revieworder", { type: "error", message: `Order failed: ${error.message}` }, { navigate: true });
    }
    return redirect("/ordersuccess", 303);
  }
  return data({ intent: null, error: "That request could not be understood.", result: undefined }, { status: 400 });
}

export default function ReviewOrder({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { cart, addresses, selectedId, editing, showAll, adding, email } = loaderData;
  // Only this page's refusals come back as data; everything else redirects.
  const actionData = reply && "intent" in reply ? reply : undefined;
  const shown = showAll ? addresses : addresses.slice(0, ADDRESSES_SHOWN);
  const placing = useNavigation().formData?.get("intent") === "place";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Review Order</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="delivery-title">
          <h2 id="delivery-title" className="text-lg font-semibold">
            Delivery address
          </h2>
          {actionData?.error && !actionData.result && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {actionData.error}
            </p>
          )}
          <ul aria-label="Saved addresses" className="mt-3 space-y-2">
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
            <Link to={showAll ? "/revieworder" : "/revieworder?show=all"} replace preventScrollReset className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
              {showAll ? "Show less" : "Show more"}
            </Link>
          )}
          {editing ? (
            <AddressForm key={editing.id} address={editing} lastResult={actionData?.intent === "update-address" ? actionData.result : undefined} email={email} />
          ) : adding ? (
            <AddressForm lastResult={actionData?.intent === "add-address" ? actionData.result : undefined} email={email} />
          ) : (
            <Link to="/revieworder?address=new" className="mt-4 inline-block rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
              Add a new address
            </Link>
          )}
        </section>
        <OrderSummary summary={cart.summary} couponCode={cart.coupon?.code}>
          <p className="mt-3 text-sm">
            Payment: <strong>Cash On Delivery</strong>
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="place" />
            <input type="hidden" name="cart_id" value={cart.id ?? ""} />
            <input type="hidden" name="address_id" value={selectedId ?? ""} />
            <button type="submit" disabled={!selectedId || placing} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60">
              {placing ? "Placing Order..." : "Confirm Order"}
            </button>
            {!selectedId && <p className="mt-2 text-xs text-stone-600">Add a delivery address to confirm your order.</p>}
          </Form>
          <Link to="/addtocart" className="mt-3 inline-block text-sm text-brand-700 underline">
            Back to cart
          </Link>
        </OrderSummary>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Review Order", description: "Choose the delivery address and confirm your order.", path: "/revieworder" });

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Review Order</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {CART_MESSAGES.updateFailed}. Please try again from your cart.
      </p>
      <Link to="/addtocart" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white">
        Go to Cart
      </Link>
    </section>
  );
}
