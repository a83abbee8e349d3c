// The pending add-to-cart item (browsing §5, transactions §4): what a signed-out shopper
// tapped, kept in a signed cookie through sign-in and added by /post-auth.
import { z } from "zod";
import { DEFAULT_QUANTITY, MAX_QUANTITY_INPUT } from "./cart.ts";

export const PENDING_ITEM_LIFETIME_MS = 30 * 60 * 1000;
export const POST_AUTH_RETRY_DELAY_MS = 400;

export interface PendingItem {
  product_id: number;
  internal_reference: string;
  qty: number;
  ts: number;
}

const pendingItemSchema = z.object({
  product_id: z.number().int().positive(),
  internal_reference: z.string().min(1).max(64),
  qty: z.number().int().max(MAX_QUANTITY_INPUT),
  ts: z.number().int().nonnegative(),
});

/** The stored item, or null when it is missing, unreadable or older than 30 minutes. */
export function readPendingItem(value: unknown, now: number): PendingItem | null {
  const parsed = pendingItemSchema.safeParse(value);
  if (!parsed.success) return null;
  const item = parsed.data;
  if (item.ts > now + 60_000 || now - item.ts > PENDING_ITEM_LIFETIME_MS) return null;
  return { ...item, qty: pendingQuantity(item.qty) };
}

/** Quantity at least 1, default 1. */
export function pendingQuantity(qty: number | null | undefined): number {
  return typeof qty === "number" && Number.isFinite(qty) && qty >= 1 ? Math.trunc(qty) : DEFAULT_QUANTITY;
}
