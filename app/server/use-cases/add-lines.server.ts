// Putting things in the cart several at a time (Specification: Cart; issues 14, 15): an order's
// lines bought again, and a spoken or typed shopping list. Each line is its own add by the
// cart's rules (stock clamp, sold or not), in the Shop's cart port.
import { MAX_QUANTITY_INPUT } from "../../domain/cart.ts";
import { LIFE_MESSAGES } from "../../domain/order-life.ts";
import { ORDER_MESSAGES } from "../../domain/order.ts";
import { VOICE_MESSAGES } from "../../domain/voice-order.ts";
import type { ToastType } from "../../domain/form-reply.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

export interface LinesAdded {
  /** How many lines went in. */
  added: number;
  type: ToastType;
  message: string;
}

/** The order's lines that are still sold, into the cart. ShopError "conflict" when none is. */
export async function buyAgain(shop: Shop, customer: Customer, orderId: number): Promise<LinesAdded> {
  const placed = await shop.orders.get(customer, orderId);
  if (!placed) throw new ShopError("not_found", ORDER_MESSAGES.notFound);
  const { added, refused } = await shop.cart.addMany(
    customer,
    placed.lines.map((l) => ({ internalReference: l.internalReference, quantity: l.quantity, label: l.title })),
  );
  const gone = refused.map((r) => r.label);
  const warnings = added.flatMap((c) => (c.warning ? [`${c.title}: ${c.warning}`] : []));
  if (gone.length === placed.lines.length) throw new ShopError("conflict", LIFE_MESSAGES.notSoldAnyMore(gone));
  const message = [LIFE_MESSAGES.boughtAgain, ...warnings, ...(gone.length ? [LIFE_MESSAGES.notSoldAnyMore(gone)] : [])].join(" ");
  return { added: added.length, type: gone.length || warnings.length ? "warning" : "success", message };
}

/** The items of a voice order the shopper kept, each with its quantity (whole, 1 to MAX_QUANTITY_INPUT), into the cart. */
export async function addVoiceOrder(shop: Shop, customer: Customer, items: readonly { internalReference: string; quantity: number }[]): Promise<LinesAdded> {
  const result = await shop.cart.addMany(
    customer,
    items.map((i) => ({ internalReference: i.internalReference, quantity: Math.min(Math.max(1, Math.trunc(i.quantity)), MAX_QUANTITY_INPUT), label: i.internalReference })),
  );
  const added = result.added.length;
  const warnings = [...result.added.flatMap((c) => (c.warning ? [`${c.title}: ${c.warning}`] : [])), ...result.refused.map((r) => `${r.label}: ${r.reason}`)];
  if (added === 0) return { added, type: "error", message: warnings.join(" ") || VOICE_MESSAGES.noneChosen };
  return { added, type: warnings.length ? "warning" : "success", message: warnings.length ? `${VOICE_MESSAGES.added(added)} ${warnings.join(" ")}` : VOICE_MESSAGES.added(added) };
}
