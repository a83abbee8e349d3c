// The customer's profile (Specification: Account): name and phone, from 'My Account' and the JSON API.
import type { Customer, Shop } from "../shop/port.server.ts";

export function updateProfile(shop: Shop, customer: Customer, profile: { name: string; phone: string }): Promise<Customer> {
  return shop.accounts.updateProfile(customer, profile);
}

/** Whether order updates come by SMS to the verified mobile (issue 28). */
export function setSmsUpdates(shop: Shop, ...args: Parameters<Shop["accounts"]["setSmsUpdates"]>): ReturnType<Shop["accounts"]["setSmsUpdates"]> {
  return shop.accounts.setSmsUpdates(...args);
}
