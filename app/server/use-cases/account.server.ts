// The customer's profile (Specification: Account): name and phone, from 'My Account' and the JSON API.
import type { Customer, Shop } from "../shop/port.server.ts";
import type { Locale } from "../../domain/i18n/locale.ts";

export function updateProfile(shop: Shop, customer: Customer, profile: { name: string; phone: string }): Promise<Customer> {
  return shop.accounts.updateProfile(customer, profile);
}

/** The language switch, kept on the account too so that the next sign-in anywhere uses it. */
export function setLanguage(shop: Shop, customer: Customer, language: Locale): Promise<void> {
  return shop.accounts.setLanguage(customer.id, language);
}
