import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Cart and wishlist posts change nothing a catalogue page loaded (the root loader carries
 * the shopper's cart and wishlist, and it still revalidates): catalogue routes skip
 * reloading their data after them.
 */
export function catalogueShouldRevalidate({ formAction, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod !== "GET" && (formAction === "/cart" || formAction === "/wishlist")) return false;
  return defaultShouldRevalidate;
}
