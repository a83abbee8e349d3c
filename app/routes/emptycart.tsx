import { EmptyCart } from "../components/cart/EmptyCart.tsx";
import type { Route } from "./+types/emptycart";
import { i18nFor } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";

export default function EmptyCartPage() {
  return <EmptyCart />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, {
    title: i18n._("Your cart is empty"),
    description: i18n._("Your cart is currently empty: return to the shop to add products."),
    path: "/emptycart",
  });
};
