// The delivery address forms' rules (Specification: Addresses and Transaction constants): Review Order's form and the account's
// quick add. Apart from address.ts so that pages which only show addresses don't load zod. No I/O.
import { z } from "zod";
import { ADDRESS_MESSAGES, REQUIRED_LABELS, splitName, type AddressSnapshot, type RequiredLabel } from "./address.ts";

/** Each required field's messages, whole sentences so that a page translates them with their label. */
const FIELD_MESSAGES: Readonly<Record<RequiredLabel, { missing: string; tooLong: string }>> = {
  [REQUIRED_LABELS.firstName]: { missing: /*i18n*/ "First name is required", tooLong: /*i18n*/ "First name is too long" },
  [REQUIRED_LABELS.lastName]: { missing: /*i18n*/ "Last name is required", tooLong: /*i18n*/ "Last name is too long" },
  [REQUIRED_LABELS.email]: { missing: ADDRESS_MESSAGES.emailRequired, tooLong: /*i18n*/ "Email address is too long" },
  [REQUIRED_LABELS.phone]: { missing: /*i18n*/ "Phone number is required", tooLong: /*i18n*/ "Phone number is too long" },
  [REQUIRED_LABELS.street]: { missing: /*i18n*/ "Address line 1 is required", tooLong: /*i18n*/ "Address line 1 is too long" },
  [REQUIRED_LABELS.zip]: { missing: /*i18n*/ "PIN code is required", tooLong: /*i18n*/ "PIN code is too long" },
};

const required = (label: RequiredLabel) => z.string({ error: FIELD_MESSAGES[label].missing }).trim().min(1, FIELD_MESSAGES[label].missing).max(200, FIELD_MESSAGES[label].tooLong);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v ?? "");

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailRule = z
  .string({ error: FIELD_MESSAGES[REQUIRED_LABELS.email].missing })
  .trim()
  .min(1, FIELD_MESSAGES[REQUIRED_LABELS.email].missing)
  .max(254, /*i18n*/ "Enter a valid email address")
  .regex(EMAIL_PATTERN, /*i18n*/ "Enter a valid email address");
/**
 * An address's e-mail: checked when given, and may be left empty (a form's empty field arrives as
 * nothing). Whether this account may leave it empty is the address book's use case's rule
 * (addressEmailOptional, issue 41 item 11); `deliveryFormSchema` says it ahead in the browser.
 */
export const addressEmailRule = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "")
  .superRefine((v, ctx) => {
    if (v && (v.length > 254 || !EMAIL_PATTERN.test(v))) ctx.addIssue({ code: "custom", message: /*i18n*/ "Enter a valid email address" });
  });
export const phoneRule = (label: RequiredLabel) =>
  required(label).refine((v) => /^[+\d\s()-]+$/.test(v) && v.replace(/\D/g, "").length >= 10 && v.replace(/\D/g, "").length <= 15, /*i18n*/ "Enter a valid 10-digit phone number");
export const pinRule = (label: RequiredLabel) => required(label).regex(/^\d{6}$/, /*i18n*/ "Enter a valid 6-digit PIN code");

/**
 * The review-order delivery form (Specification: Addresses). The e-mail may be empty here: the use case
 * refuses an empty one for an account without a verified mobile number (issue 41 item 11).
 */
export const deliveryAddressSchema = z.object({
  firstName: required(REQUIRED_LABELS.firstName),
  lastName: required(REQUIRED_LABELS.lastName),
  email: addressEmailRule,
  phone: phoneRule(REQUIRED_LABELS.phone),
  street: required(REQUIRED_LABELS.street),
  street2: optional(200),
  // Left empty: the address book fills in the shop's own (withAddressDefaults).
  city: optional(100),
  state: optional(100),
  zip: pinRule(REQUIRED_LABELS.zip),
  country: optional(100),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** Review Order's form: the address, and 'Also use this e-mail for my account' (decision 066), present ("on") when ticked. */
export const deliveryFormFields = deliveryAddressSchema.extend({ keepEmail: z.literal("on").optional() });
export type DeliveryFormFields = z.input<typeof deliveryFormFields>;

/** The delivery form as the browser checks it for this account: the e-mail required unless it may be empty (the server's rule is the use case's). */
export function deliveryFormSchema({ emailOptional }: { emailOptional: boolean }) {
  return emailOptional ? deliveryFormFields : deliveryFormFields.extend({ email: emailRule });
}

/** The account's quick add: name, phone, address, city and pincode, one message for any missing. */
export const quickAddressSchema = z
  .object({
    name: z.string().trim().max(200).default(""),
    phone: z.string().trim().max(20).default(""),
    street: z.string().trim().max(200).default(""),
    city: z.string().trim().max(100).default(""),
    zip: z.string().trim().max(10).default(""),
    email: z.string().trim().max(254).default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.phone || !v.street || !v.city || !v.zip) {
      ctx.addIssue({ code: "custom", message: ADDRESS_MESSAGES.quickAddMissing, path: [] });
      return;
    }
    if (v.phone.replace(/\D/g, "").length < 10) ctx.addIssue({ code: "custom", message: /*i18n*/ "Enter a valid 10-digit phone number", path: ["phone"] });
    if (!/^\d{6}$/.test(v.zip)) ctx.addIssue({ code: "custom", message: /*i18n*/ "Enter a valid 6-digit PIN code", path: ["zip"] });
    if (v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) ctx.addIssue({ code: "custom", message: /*i18n*/ "Enter a valid email address", path: ["email"] });
  });

/** The delivery form's fields as a saved address. */
export function fromDeliveryForm(v: DeliveryAddress): AddressSnapshot {
  return { name: `${v.firstName} ${v.lastName}`, phone: v.phone, email: v.email, street: v.street, street2: v.street2, city: v.city, state: v.state, zip: v.zip, country: v.country };
}

/** A saved address as the delivery form's values: the name splits at its first space. */
export function toDeliveryForm(a: AddressSnapshot): Record<keyof DeliveryAddress, string> {
  return { ...splitName(a.name), email: a.email, phone: a.phone, street: a.street, street2: a.street2, city: a.city, state: a.state, zip: a.zip, country: a.country };
}
