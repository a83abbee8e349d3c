// /addtocart: the cart page (Specification: Cart): lines, the order summary with its coupon,
// payment method and terms, and Place order on to /revieworder. Every cart button on every
// page posts here; a refused plain post shows this page with the reason. /cart is its alias.
import { waysIn } from "../server/ways-in.server.ts";
import { CartMain } from "../components/cart/CartMain.tsx";
import { i18nFor } from "../components/i18n.tsx";
import { useCartPageFacts } from "../components/splice-protocol.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { requireCustomer } from "../server/auth/session.server.ts";
import { documentCarries } from "../server/context.server.ts";
import { cartForm } from "../server/forms/cart.server.ts";
import { cartPageFacts } from "../server/shopper-facts.server.ts";
import { DELIVERY_MESSAGES, normalizePin } from "../domain/delivery.ts";
import type { Route } from "./+types/cart";

export async function loader({ context, url }: Route.LoaderArgs) {
  const customer = requireCustomer(context, "/addtocart");
  const reads = waysIn(context).reads;
  // 'Check delivery to your PIN' (a GET form on this page).
  const typedPin = url.searchParams.get("pin");
  const pin = typedPin === null ? null : normalizePin(typedPin);
  const pinAnswer =
    typedPin === null
      ? null
      : pin === null
        ? { ok: false, message: DELIVERY_MESSAGES.invalidPin }
        : (await reads.delivery.isServiceable(pin))
          ? { ok: true, message: DELIVERY_MESSAGES.serviceable(pin) }
          : { ok: false, message: DELIVERY_MESSAGES.notServiceable(pin) };
  // The shopper's cart goes in the document's own script (issue 30: the rest is the same for everyone).
  const facts = await cartPageFacts(context, customer);
  return { ...(!documentCarries(context, "cart", facts) && { facts }), pin: typedPin?.slice(0, 7) ?? null, pinAnswer };
}

export const action = cartForm.run;

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const facts = useCartPageFacts(loaderData.facts);
  return <CartMain facts={facts} pin={loaderData.pin} pinAnswer={loaderData.pinAnswer} reply={actionData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Your Cart"),
    description: i18n._("The products in your cart, your order summary, coupon and payment method."),
    path: "/addtocart",
  });
};
