// Staff: delivery (decision 033): the PINs served, each slot's capacity, the minimum order and
// the cut-off. Every change writes the staff audit row in its transaction.
import type { DeliveryPort, Shop } from "../shop/port.server.ts";

export function setSlotCapacity(shop: Shop, ...args: Parameters<DeliveryPort["setCapacity"]>): ReturnType<DeliveryPort["setCapacity"]> {
  return shop.delivery.setCapacity(...args);
}

export function setDeliverySettings(shop: Shop, ...args: Parameters<DeliveryPort["setSettings"]>): ReturnType<DeliveryPort["setSettings"]> {
  return shop.delivery.setSettings(...args);
}

export function addServedPin(shop: Shop, ...args: Parameters<DeliveryPort["addPin"]>): ReturnType<DeliveryPort["addPin"]> {
  return shop.delivery.addPin(...args);
}

export function removeServedPin(shop: Shop, ...args: Parameters<DeliveryPort["removePin"]>): ReturnType<DeliveryPort["removePin"]> {
  return shop.delivery.removePin(...args);
}
