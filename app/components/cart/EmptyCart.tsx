import type { ReactNode } from "react";
import { Link } from "react-router";
import { CART_MESSAGES } from "../../domain/cart.ts";
import { useI18n } from "../i18n.tsx";

/** The cart's pages with nothing in the cart: the message said, after any refusal that came with it (`children`). */
export function EmptyCartPage({ children }: { children?: ReactNode }) {
  const i18n = useI18n();
  return (
    <div className="px-4 pt-10">
      {children}
      <p role="status" className="mx-auto max-w-xl text-center text-stone-700">
        {i18n._(CART_MESSAGES.empty)}
      </p>
      <EmptyCart />
    </div>
  );
}

export function EmptyCart() {
  const i18n = useI18n();
  return (
    <section aria-labelledby="empty-cart-title" className="mx-auto max-w-xl px-4 py-16 text-center">
      <svg width={72} height={72} viewBox="0 0 24 24" aria-hidden="true" className="mx-auto text-stone-400" fill="none" stroke="currentColor" strokeWidth={1.5}>
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.2" />
        <circle cx="17" cy="20" r="1.2" />
      </svg>
      <h1 id="empty-cart-title" className="mt-4 text-xl font-bold tracking-wide">
        {i18n._("YOUR CART IS CURRENTLY EMPTY")}
      </h1>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        {i18n._("Return to shop")}
      </Link>
    </section>
  );
}
