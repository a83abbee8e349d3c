// What a signed-out shopper tapped (Specification: Adding to cart and After sign-in): an add to cart, or a
// heart, kept in a signed cookie through sign-in and done by /post-auth.
import { z } from "zod";
import { DEFAULT_QUANTITY, MAX_QUANTITY_INPUT } from "./cart.ts";

export const PENDING_ITEM_LIFETIME_MS = 30 * 60 * 1000;
export const POST_AUTH_RETRY_DELAY_MS = 400;

/** An add to cart (the specifications' pending item). */
export interface PendingCartItem {
  product_id: number;
  internal_reference: string;
  qty: number;
  ts: number;
}

/** A heart tapped while signed out: added to the wishlist, then back to the page it was on. */
export interface PendingWishlistItem {
  kind: "wishlist";
  internal_reference: string;
  return_to: string;
  ts: number;
}

/** 'Notify Me' tapped while signed out (issue 29): asked for after sign-in, then back to the page. */
export interface PendingNotifyItem {
  kind: "notify";
  internal_reference: string;
  return_to: string;
  ts: number;
}

export type PendingItem = PendingCartItem | PendingWishlistItem | PendingNotifyItem;

const ts = z.number().int().nonnegative();
const reference = z.string().min(1).max(64);
const pendingItemSchema = z.union([
  z.object({ kind: z.enum(["wishlist", "notify"]), internal_reference: reference, return_to: z.string().min(1).max(2000), ts }),
  z.object({ product_id: z.number().int().positive(), internal_reference: reference, qty: z.number().int().max(MAX_QUANTITY_INPUT), ts }),
]);

/** The stored item, or null when it is missing, unreadable or older than 30 minutes. */
export function readPendingItem(value: unknown, now: number): PendingItem | null {
  const parsed = pendingItemSchema.safeParse(value);
  if (!parsed.success) return null;
  const item = parsed.data;
  if (item.ts > now + 60_000 || now - item.ts > PENDING_ITEM_LIFETIME_MS) return null;
  return "kind" in item ? item : { ...item, qty: pendingQuantity(item.qty) };
}

/** Quantity at least 1, default 1. */
export function pendingQuantity(qty: number | null | undefined): number {
  return typeof qty === "number" && Number.isFinite(qty) && qty >= 1 ? Math.trunc(qty) : DEFAULT_QUANTITY;
}
