// The signed-in shopper as every page sees them (the root loader's `viewer`), and the
// optimistic views of their cart and wishlist while fetcher posts are in flight.
import { useFetchers, useLocation, useRouteLoaderData } from "react-router";
import { applyPendingCartForm, entriesCount, type CartEntries } from "../domain/cart.ts";
import type { Viewer } from "../domain/viewer.ts";
import { applyPendingWishlistForm } from "../domain/wishlist.ts";

export type { Viewer };

export interface RootData {
  viewer: Viewer | null;
  toast: { id: string; message: string; type: "success" | "error" | "info" | "warning" } | null;
  /** The request's origin, for absolute links in meta tags. */
  origin: string;
  /** The honeypot fields of the contact and newsletter forms (remix-utils). */
  honeypot: { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string };
}

export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}

export function useViewer(): Viewer | null {
  return useRootData()?.viewer ?? null;
}

function pendingForms(fetchers: ReturnType<typeof useFetchers>, action: string): FormData[] {
  return fetchers.filter((f) => f.formData && f.formAction === action).map((f) => f.formData!);
}

/** The cart as it will be once pending posts land: what badges and steppers show. */
export function useCartEntries(): CartEntries {
  const viewer = useViewer();
  const fetchers = useFetchers();
  let entries = viewer?.cart ?? {};
  if (!viewer) return entries;
  for (const form of pendingForms(fetchers, "/cart")) entries = applyPendingCartForm(entries, form);
  return entries;
}

export function useCartCount(): number {
  return entriesCount(useCartEntries());
}

export function useWishlistRefs(): Set<string> {
  const viewer = useViewer();
  const fetchers = useFetchers();
  let refs = new Set(Object.keys(viewer?.wishlist ?? {}));
  if (!viewer) return refs;
  for (const form of pendingForms(fetchers, "/wishlist")) refs = applyPendingWishlistForm(refs, form);
  return refs;
}

/** Where a form should send the shopper back to: this page. */
export function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}
