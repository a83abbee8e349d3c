// The address book (Specification: Addresses and Transaction failure messages): Review Order's delivery form, the address picker,
// My Account's quick form and the JSON API's address calls all save, change and delete an
// address here. Which address may be deleted (not the primary) and whose it is are the Shop's
// addresses port; what an edit keeps of a form's missing fields, and whether an address may go
// without an e-mail (issue 41 item 11, decision 066), are written here, once.
import { ADDRESS_MESSAGES, addressEmailOptional, snapshotOf, withAddressDefaults, type AddressView } from "../../domain/address.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { ShopError, type Customer, type NewAddress, type Shop } from "../shop/port.server.ts";
import type { SmsSender } from "../sms/sms.server.ts";
import { addEmailToAccount } from "./mobile-sign-in.server.ts";

/** After saving: orders go to it from now on (`deliverHere`), and it is the default address (`makeDefault`). */
export interface AddressChoice {
  deliverHere?: boolean;
  makeDefault?: boolean;
}

/** Review Order's 'Also use this e-mail for my account' (decision 066): what adding it to the account needs. */
export interface KeepEmail {
  mail: Mailer;
  sms: SmsSender | null;
  /** The session's token: adding a way in needs a recent sign-in (decision 053). */
  sessionToken: string;
  i18n?: I18n;
}

export interface AddressOptions extends AddressChoice {
  /**
   * My Account's quick form (Specification: Addresses), which asks for name, phone, address, city and
   * pincode only: its e-mail is optional for every account. Every other way in is the delivery
   * form's (Review Order, the address picker, the JSON API).
   */
  quickForm?: boolean;
  /** The address's e-mail becomes the account's too, when the account has none (decision 066). */
  keepEmail?: KeepEmail;
}

/** The options as a way in gives them: the bound use cases bring the mailer and SMS sender (use-cases/index.server.ts). */
export type AddressOptionsIn = Omit<AddressOptions, "keepEmail"> & { keepEmail?: Omit<KeepEmail, "mail" | "sms"> };

type Saved = { address: AddressView; message: string };

/**
 * An address's e-mail may be left empty only where the account has a verified mobile number
 * (issue 41 item 11); else 'Email address is required' (Specification: Addresses), on the e-mail field.
 */
function checkEmail(customer: Customer, address: Pick<NewAddress, "email">, options: AddressOptions): void {
  if (!options.quickForm && !address.email.trim() && !addressEmailOptional(customer)) throw new ShopError("invalid", ADDRESS_MESSAGES.emailRequired);
}

/**
 * The address's e-mail kept on an account that has none, before the address is saved: its
 * refusals (a stale sign-in, an e-mail another account has) then leave nothing half-done. The
 * message to say after the address's own, or null.
 */
async function keepEmail(shop: Shop, customer: Customer, email: string, keep: KeepEmail | undefined): Promise<string | null> {
  if (!keep || !email.trim() || customer.email) return null;
  const { message } = await addEmailToAccount(shop, keep.mail, keep.sms, customer, { email: email.trim(), sessionToken: keep.sessionToken }, keep.i18n);
  return message;
}

/** The address's message, and the kept e-mail's after it (one sentence each, translated one by one). */
const withKept = (message: string, kept: string | null) => (kept ? `${message} ${kept}` : message);

async function afterSaving(shop: Shop, customer: Customer, address: AddressView, choice: AddressChoice): Promise<void> {
  if (choice.makeDefault) await shop.addresses.makeDefault(customer, address.id);
  if (choice.deliverHere) await shop.addresses.select(customer, address.id);
}

export async function addAddress(shop: Shop, customer: Customer, given: NewAddress, options: AddressOptions = {}): Promise<Saved> {
  const input = withAddressDefaults(given);
  checkEmail(customer, input, options);
  const kept = await keepEmail(shop, customer, input.email, options.keepEmail);
  const address = await shop.addresses.create(customer, input);
  await afterSaving(shop, customer, address, options);
  return { address, message: withKept(ADDRESS_MESSAGES.saved, kept) };
}

/**
 * Changes a saved address. A form without some fields (My Account's quick form has no second
 * line, state or country) sends only what it has: the rest is kept as saved.
 */
export async function changeAddress(shop: Shop, customer: Customer, id: number, change: Partial<NewAddress>, options: AddressOptions = {}): Promise<Saved> {
  const current = await shop.addresses.get(customer, id);
  if (!current) throw new ShopError("not_found", ADDRESS_MESSAGES.invalidId);
  const changed = { ...snapshotOf(current), ...withAddressDefaults(change) };
  checkEmail(customer, changed, options);
  const kept = await keepEmail(shop, customer, changed.email, options.keepEmail);
  const address = await shop.addresses.update(customer, id, changed);
  await afterSaving(shop, customer, address, options);
  return { address, message: withKept(ADDRESS_MESSAGES.updated, kept) };
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
