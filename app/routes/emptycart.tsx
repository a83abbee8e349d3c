import { EmptyCart } from "../components/cart/EmptyCart.tsx";
import { store } from "../store-config.ts";
import type { Route } from "./+types/emptycart";

export default function EmptyCartPage() {
  return <EmptyCart />;
}

export const meta: Route.MetaFunction = () => [{ title: `Your cart is empty | ${store.name}` }];
