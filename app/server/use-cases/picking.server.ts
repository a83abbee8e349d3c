// A slot's pick list (issue 46): staff tick what they have taken from the shelves.
import { PICK_MESSAGES } from "../../domain/picking.ts";
import type { Slot } from "../../domain/delivery.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

/** Staff: ticks a line of a slot's pick list as picked, or takes the tick back; says which. */
export async function tickPicked(shop: Shop, staff: Customer, slot: Slot, variantId: number, picked: boolean): Promise<{ message: string }> {
  const { title } = await shop.staff.tickPicked(slot, variantId, picked, staff.id);
  return { message: picked ? PICK_MESSAGES.picked(title) : PICK_MESSAGES.unpicked(title) };
}
