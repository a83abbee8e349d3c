import { EmptyCart } from "../components/cart/EmptyCart.tsx";
import type { Route } from "./+types/emptycart";
import { privatePageMeta } from "../components/seo.ts";

export default function EmptyCartPage() {
  return <EmptyCart />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Your cart is empty", description: "Your cart is currently empty: return to the shop to add products.", path: "/emptycart" });
