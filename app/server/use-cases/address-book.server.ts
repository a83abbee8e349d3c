// The address book (transactions §2, §5, §8): Review Order's delivery form, the address picker,
// My Account's quick form and the JSON API's address calls all save, change and delete an
// address here. Which address may be deleted (not the primary) and whose it is are the Shop's
// addresses port; what an edit keeps of a form's missing fields is written here, once.
import { ADDRESS_MESSAGES, snapshotOf, type AddressView } from "../../domain/address.ts";
import { ShopError, type Customer, type NewAddress, type Shop } from "../shop/port.server.ts";

/** After saving: orders go to it from now on (`deliverHere`), and it is the default address (`makeDefault`). */
export interface AddressChoice {
  deliverHere?: boolean;
  makeDefault?: boolean;
}

type Saved = { address: AddressView; message: string };

async function afterSaving(shop: Shop, customer: Customer, address: AddressView, choice: AddressChoice): Promise<void> {
  if (choice.makeDefault) await shop.addresses.makeDefault(customer, address.id);
  if (choice.deliverHere) await shop.addresses.select(customer, address.id);
}

export async function addAddress(shop: Shop, customer: Customer, input: NewAddress, choice: AddressChoice = {}): Promise<Saved> {
  const address = await shop.addresses.create(customer, input);
  await afterSaving(shop, customer, address, choice);
  return { address, message: ADDRESS_MESSAGES.saved };
}

/**
 * Changes a saved address. A form without some fields (My Account's quick form has no second
 * line, state or country) sends only what it has: the rest is kept as saved.
 */
export async function changeAddress(shop: Shop, customer: Customer, id: number, change: Partial<NewAddress>, choice: AddressChoice = {}): Promise<Saved> {
  const current = await shop.addresses.get(customer, id);
  if (!current) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
  const address = await shop.addresses.update(customer, id, { ...snapshotOf(current), ...change });
  await afterSaving(shop, customer, address, choice);
  return { address, message: ADDRESS_MESSAGES.updated };
}

/** The primary address cannot be deleted; anyone else's is not found (the port's rules). */
export async function deleteAddress(shop: Shop, customer: Customer, id: number): Promise<{ message: string }> {
  await shop.addresses.remove(customer, id);
  return { message: ADDRESS_MESSAGES.deleted };
}

export async function makeDefaultAddress(shop: Shop, customer: Customer, id: number): Promise<{ message: string }> {
  await shop.addresses.makeDefault(customer, id);
  return { message: ADDRESS_MESSAGES.madeDefault };
}

/** The address this order (and the next, for 30 days) goes to. */
export function deliverTo(shop: Shop, customer: Customer, id: number): Promise<void> {
  return shop.addresses.select(customer, id);
}
