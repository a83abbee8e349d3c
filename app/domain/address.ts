// Delivery addresses (Specification: Addresses and Transaction constants): how they are shown, and their messages. The
// forms' rules are in address-form.ts, so a page that only shows addresses carries no zod. No I/O.
import { say } from "./i18n/messages.ts";

export const ADDRESS_DEFAULTS = { country: "India", state: "Haryana", city: "Gurgaon" } as const;

/**
 * An address's city, state and country where a form left them empty (Specification: Addresses):
 * the shop's own. Applied once, by the address book's use cases, for every way in and both back
 * ends; a field the change does not send stays absent (an edit keeps what was saved).
 */
export function withAddressDefaults<A extends { city?: string; state?: string; country?: string }>(address: A): A {
  const filled = { ...address };
  for (const key of ["city", "state", "country"] as const) if (key in filled && !filled[key]?.trim()) filled[key] = ADDRESS_DEFAULTS[key];
  return filled;
}
export const ADDRESSES_SHOWN = 2;
export const SELECTED_ADDRESS_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The address orders go to: the one the shopper chose at checkout while the choice lasts (and
 * the address exists), else the default, else the primary, else the oldest. The embedded Shop
 * asks the database's haat_chosen_address() (drizzle/0031), which orders the same way; the ERP's
 * addresses are not in Haat's database, so its Shop asks this. A test holds the two together.
 */
export function chosenAddress<A extends Pick<AddressView, "id" | "isDefault" | "isPrimary">>(
  addresses: readonly A[],
  remembered: { id: number; at: Date } | null,
  now: number,
): A | null {
  const fresh = remembered && now - remembered.at.getTime() < SELECTED_ADDRESS_LIFETIME_MS ? remembered.id : null;
  // haat_chosen_address()'s ORDER BY: chosen, then default, then primary; then the oldest (lowest id).
  const rank = (a: A) => (a.id === fresh ? 4 : 0) + (a.isDefault ? 2 : 0) + (a.isPrimary ? 1 : 0);
  return addresses.reduce<A | null>((best, a) => (!best || rank(a) > rank(best) || (rank(a) === rank(best) && a.id < best.id) ? a : best), null);
}

export const ADDRESS_MESSAGES = {
  saved: /*i18n*/ "Address saved!",
  updated: /*i18n*/ "Address updated!",
  deleted: /*i18n*/ "Address deleted successfully",
  invalidId: /*i18n*/ "Invalid address id",
  primaryKept: /*i18n*/ "The primary address cannot be deleted.",
  quickAddMissing: /*i18n*/ "Please fill name, phone, address, city and pincode.",
  madeDefault: /*i18n*/ "Default address updated",
  /** The words of Specification: Addresses for an address without an e-mail, where the account may not leave it empty (addressEmailOptional). */
  emailRequired: /*i18n*/ "Email address is required",
} as const;

/**
 * Whether an address of this account may go without an e-mail (issue 41 item 11, decision 066):
 * yes when the account has a verified mobile number, by which the shop reaches the shopper (its
 * SMS). Else 'Email address is required' (Specification: Addresses) stands. The address book's use case
 * holds every way in to it; the delivery form says '(optional)' by it.
 */
export function addressEmailOptional(account: { mobile?: string | null }): boolean {
  return Boolean(account.mobile);
}

/** What the delivery form knows of the account (Review Order's facts, the address picker's page). */
export interface DeliveryAccount {
  /** A new address's form starts from the account: its name, its verified mobile (else its phone) and its e-mail. */
  newAddress: { firstName: string; lastName: string; email: string; phone: string };
  /** The account has a verified mobile number: an address's e-mail may be left empty. */
  emailOptional: boolean;
  /** The account has no e-mail and this session may add one: the form offers to keep the one typed (decision 066). */
  offerKeepEmail: boolean;
}

/** A name as the delivery form's two fields: split at its first space. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/** A new address's form as the account starts it: name, verified mobile (else the profile's phone), e-mail. */
export function newAddressOf(account: { name: string; email: string | null; mobile?: string | null; phone: string }): DeliveryAccount["newAddress"] {
  return { ...splitName(account.name), email: account.email ?? "", phone: account.mobile || account.phone };
}

/** The delivery form's required fields and their labels, in the form's order. */
export const REQUIRED_LABELS = {
  firstName: /*i18n*/ "First name",
  lastName: /*i18n*/ "Last name",
  email: /*i18n*/ "Email address",
  phone: /*i18n*/ "Phone number",
  street: /*i18n*/ "Address line 1",
  zip: /*i18n*/ "PIN code",
} as const;
export type RequiredLabel = (typeof REQUIRED_LABELS)[keyof typeof REQUIRED_LABELS];

const PLEASE_FILL = "Please fill: ";

/** The labels of the required fields left empty, in the form's order (the e-mail only where the account must give one). */
export function missingLabels(form: FormData | URLSearchParams, { emailOptional = false }: { emailOptional?: boolean } = {}): RequiredLabel[] {
  return Object.entries(REQUIRED_LABELS)
    .filter(([name]) => {
      if (name === "email" && emailOptional) return false;
      const v = form.get(name);
      return typeof v !== "string" || v.trim() === "";
    })
    .map(([, label]) => label);
}

/** The 'Please fill: …' toast: the required fields left empty, by label. */
export function missingFieldsMessage(form: FormData | URLSearchParams, options: { emailOptional?: boolean } = {}): string | null {
  const missing = missingLabels(form, options);
  return missing.length ? say(/*i18n*/ "Please fill: {fields}", { fields: missing.join(", ") }) : null;
}

/** The labels a 'Please fill: …' message names (the server says it in English; the page says its labels in its language), or null for another message. */
export function labelsOfMissingMessage(message: string): string[] | null {
  return message.startsWith(PLEASE_FILL) ? message.slice(PLEASE_FILL.length).split(", ") : null;
}

/** What an order keeps of its delivery address, whatever happens to the address later. */
export interface AddressSnapshot {
  name: string;
  phone: string;
  email: string;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The fields of a saved address, without its place in the book. */
export function snapshotOf({ name, phone, email, street, street2, city, state, zip, country }: AddressSnapshot): AddressSnapshot {
  return { name, phone, email, street, street2, city, state, zip, country };
}

/** An address as pages and orders see it. */
export interface AddressView extends AddressSnapshot {
  id: number;
  isDefault: boolean;
  /** The contact address made at sign-up or first order: it cannot be deleted. */
  isPrimary: boolean;
}

/** One line for lists and the header: "street, street2, city, state zip". */
export function addressLine(a: Pick<AddressView, "street" | "street2" | "city" | "state" | "zip">): string {
  return [a.street, a.street2, a.city, `${a.state} ${a.zip}`.trim()].filter(Boolean).join(", ");
}

/** An address cut for a narrow line (Specification: Address picker and Transaction constants: 48 characters on the picker, 32 in the search field's placeholder), with an ellipsis when cut. */
export function shortAddress(text: string, max: 48 | 32): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}
