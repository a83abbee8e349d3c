// Delivery addresses (transactions §3, §5, §9): how they are shown, and their messages. The
// forms' rules are in address-form.ts, so a page that only shows addresses carries no zod. No I/O.

export const ADDRESS_DEFAULTS = { country: "India", state: "Haryana", city: "Gurgaon" } as const;
export const ADDRESSES_SHOWN = 2;
export const SELECTED_ADDRESS_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export const ADDRESS_MESSAGES = {
  saved: "Address saved!",
  updated: "Address updated!",
  deleted: "Address deleted successfully",
  invalidId: "Invalid address id",
  primaryKept: "The primary address cannot be deleted.",
  quickAddMissing: "Please fill name, phone, address, city and pincode.",
  madeDefault: "Default address updated",
} as const;

/** The delivery form's required fields and their labels, in the form's order. */
export const REQUIRED_LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email address",
  phone: "Phone number",
  street: "Address line 1",
  zip: "PIN code",
} as const;

/** The 'Please fill: …' toast: the required fields left empty, by label. */
export function missingFieldsMessage(form: FormData | URLSearchParams): string | null {
  const missing = Object.entries(REQUIRED_LABELS)
    .filter(([name]) => {
      const v = form.get(name);
      return typeof v !== "string" || v.trim() === "";
    })
    .map(([, label]) => label);
  return missing.length ? `Please fill: ${missing.join(", ")}` : null;
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

/** An address cut for a narrow line (transactions §2, §9: 48 characters on the picker, 32 in the search field's placeholder), with an ellipsis when cut. */
export function shortAddress(text: string, max: 48 | 32): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}
