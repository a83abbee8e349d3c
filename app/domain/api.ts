// The JSON API's contract (issue 17, decision 042): the calls of Specification: Browsing calls and Transaction calls
// as Haat serves them. Each call's params are a zod schema here, so the same schema checks a
// request, types its handler and writes the OpenAPI document (app/server/api/openapi.server.ts).
// The results' shapes are zod schemas too: the handlers' mappers are typed by them. No I/O.
import { AUTOPAY_STATUSES } from "./autopay.ts";
import { mobileSendSchema, mobileVerifySchema } from "./mobile-sign-in.ts";
import { z } from "zod";
import { emailRule, phoneRule, pinRule } from "./address-form.ts";
import { profileSchema, signInSchema, signUpSchema } from "./account.ts";
import { contactSchema, newsletterSchema } from "./contact.ts";
import { productReference, quantity, recordId } from "./form-fields.ts";
import { parseSlot, SLOT_KINDS } from "./delivery.ts";
import { parseFrequency, SUBSCRIPTION_MESSAGES, WEEKDAYS, type Frequency } from "./subscription.ts";
import { gstState } from "./invoice-tax.ts";
import { COUPON_MESSAGES } from "./coupon.ts";
import { giftFields } from "./gift-form.ts";
import { REPLACEMENT_CHOICES } from "./replacement.ts";
import { LOCALES } from "./i18n/locale.ts";
import { replacementFields } from "./replacement-form.ts";

/** What the API says when it cannot say more (Specification: Browsing failure messages: 'HTTP {status}' is the callers' own fallback). */
export const API_MESSAGES = {
  notJson: 'The request body must be JSON: { "params": { … } }.',
  jsonOnly: "Send the body as Content-Type: application/json.",
  notAnObject: "params must be an object.",
  outOfBounds: "The request has a longer list, a deeper nesting or a stranger field name than any call takes.",
  tooLarge: "The request is too large.",
  unknownCall: "There is no such call.",
  usePost: "Use POST with a JSON body.",
  signIn: "Please sign in to continue.",
  badToken: "The access token is not valid or has expired.",
  notYours: "clerk_id does not match the signed-in customer.",
  badCredentials: "Email or password is incorrect.",
  badRefresh: "The refresh token is not valid.",
  cartChanged: "Your cart changed. Please review it and place the order again.",
  noSlot: "There is no delivery slot left in the coming days.",
  alreadyOrdered: "This cart has already been placed as an order.",
  error: "Something went wrong",
} as const;

/** How many products one call of `/api/products` gives at most. */
export const PRODUCTS_PAGE_MAX = 500;

/** The only country Haat delivers to; 105 is the id the brand's apps send (Specification: Addresses). */
export const API_COUNTRIES = [{ id: 105, name: "India", code: "IN" }] as const;

/**
 * States and union territories by the ids the API uses. The apps send state_id 10 for the
 * shop's own state (Specification: Addresses), so Haryana is 10; the rest follow in a fixed order.
 */
export const API_STATES: readonly { id: number; name: string; country_id: 105 }[] = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Haryana",
  "Goa",
  "Gujarat",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
].map((name, i) => ({ id: i + 1, name, country_id: 105 as const }));

export function stateById(id: number): string | null {
  return API_STATES.find((s) => s.id === id)?.name ?? null;
}

/** The API's id of a state however it is written ("Haryana", "HR"); null when it names none of India's. */
export function stateIdOf(name: string): number | null {
  const state = gstState(name);
  return state ? (API_STATES.find((s) => s.name === state.name)?.id ?? null) : null;
}

// ---------- params ----------

const none = z.object({}).loose();
/** The customer the app thinks it is acting for: checked against the token, never used to choose one. */
const clerkId = z.string().max(200).optional();
const rupees = z.coerce.number().nonnegative().optional();
const id = (message: string) => recordId(message);

/** The language of a mail the call leads to, when the account chose none: en (the default) or hi. */
/** A day as the API takes it: YYYY-MM-DD. */
const apiDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written YYYY-MM-DD.");

/** How often a standing order comes (domain/subscription.ts parseFrequency's rules). */
const apiFrequency = z
  .object({
    kind: z.enum(["daily", "alternate", "weekdays", "days", "weeks"]),
    days: z.array(z.enum(WEEKDAYS)).optional().describe("with kind days: the weekdays, mon to sun"),
    every: z.number().int().optional().describe("with kind weeks: every 1 to 4 weeks"),
  })
  .transform((f, ctx): Frequency => {
    const parsed = parseFrequency(f.kind, f.days ?? [], f.every ?? null);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed;
  });

const mailLanguage = z.enum(LOCALES).optional().describe("the language of the mail when the account chose none: en (the default) or hi");

export const apiParams = {
  none,
  products: z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_MAX).default(PRODUCTS_PAGE_MAX),
  }),
  newProducts: z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) }),
  token: signInSchema.pick({ email: true, password: true }).extend({
    device_token: z
      .string()
      .min(16)
      .max(200)
      .optional()
      .describe(
        "The device_token an earlier sign-in or sign-up of this app answered. Keep it: while someone else's wrong guesses pause the e-mail's sign-ins for 15 minutes, an app that sends it still signs in (decision 020).",
      ),
  }),
  /** Sign-up's own rules; `mobile` as the profile calls the phone. */
  register: signUpSchema.omit({ return_to: true, phone: true }).extend({ mobile: signUpSchema.shape.phone }),
  // Mobile sign-in (issue 28): the page's schemas, without its return_to.
  otpSend: mobileSendSchema.pick({ mobile: true }).extend({ language: z.enum(LOCALES).optional().describe("the language of the code's SMS: en (the default) or hi") }),
  otpVerify: mobileVerifySchema
    .omit({ return_to: true, sms_updates: true })
    .extend({ sms_updates: z.boolean().optional().describe("a new account's consent to order updates by SMS: true only when the shopper ticked it (never pre-ticked)") }),
  refresh: z.object({ refresh_token: z.string().min(1).max(200) }),
  revoke: z.object({ token: z.string().min(1).max(200) }),
  cartAdd: z.object({ internal_reference: productReference, quantity: quantity.default(1), price_unit: rupees }),
  cartRemove: z.object({ internal_reference: productReference }),
  cartUpdate: z.object({
    internal_reference: productReference,
    quantity: z.coerce.number({ error: "Enter a quantity." }).int("Enter a whole number.").min(0).max(999),
  }),
  applyCoupon: z.object({ order_id: z.coerce.number().int().optional(), coupon_code: z.string().max(40, COUPON_MESSAGES.invalid) }),
  removeCoupon: z.object({ order_id: z.coerce.number().int().optional() }),
  // Haat's addition (issue 29): the fields of Review Order's gift form; hide_prices may be a boolean.
  cartGift: giftFields,
  cartReplacement: replacementFields,
  wishlistAdd: z.object({
    internal_reference: productReference,
    product_id: z.coerce.number().int().optional(),
    variant_id: z.coerce.number().int().optional(),
    qty: z.coerce.number().int().optional(),
  }),
  wishlistRemove: z.object({ id: recordId("That item is not in your wishlist.").optional(), internal_reference: productReference.optional() }),
  notifyRequest: z.object({ internal_reference: productReference, language: mailLanguage }),
  notifyCancel: z.object({ id: recordId("That request could not be found.") }),
  // Standing orders (Haat's addition, issue 45).
  subscriptionCreate: z.object({
    internal_reference: productReference,
    quantity: z.number().int(),
    frequency: apiFrequency,
    start_date: apiDay.describe("the first delivery day, YYYY-MM-DD (the shop's calendar, IST)"),
    slot: z.enum(SLOT_KINDS),
    address_id: recordId("Choose a delivery address."),
    pay: z.enum(["cod", "upi", "card"]).default("cod").describe("cod: paid on delivery; upi or card: Razorpay Autopay, approved once at `autopay_url` (decision 078)"),
    language: mailLanguage,
  }),
  subscriptionId: z.object({ id: recordId(SUBSCRIPTION_MESSAGES.notFound) }),
  subscriptionSkip: z.object({ id: recordId(SUBSCRIPTION_MESSAGES.notFound), date: apiDay }),
  subscriptionPause: z.object({ id: recordId(SUBSCRIPTION_MESSAGES.notFound), from: apiDay, to: apiDay }),
  subscribe: z.object({ email: newsletterSchema.shape.email }),
  contact: contactSchema.extend({ language: mailLanguage }),
  ordersAll: z.object({ clerk_id: clerkId }),
  orderCreate: z.object({
    clerk_id: clerkId,
    cart_id: id("Invalid cart_id. Please refresh your cart."),
    address_id: id("Invalid address_id. Please reselect your delivery address."),
    cart_items: z
      .array(z.object({ internal_reference: productReference, quantity: z.coerce.number().int(), price_unit: rupees }))
      .max(200)
      .optional(),
    phone: z.string().max(20).optional(),
    payment_method: z.enum(["cod", "razorpay"]).default("cod"),
    price_is_tax_included: z.boolean().optional(),
    razorpay_payment_id: z.string().max(100).optional(),
    razorpay_order_id: z.string().max(100).optional(),
    /** Haat's delivery slot, `YYYY-MM-DD/morning|afternoon|evening`; the earliest open one when left out. */
    slot: z
      .string()
      .optional()
      .transform((v, ctx) => (v === undefined ? undefined : (parseSlot(v) ?? (ctx.addIssue({ code: "custom", message: "Please choose a delivery slot." }), z.NEVER)))),
  }),
  address: z.object({
    clerk_id: clerkId,
    name: z.string().trim().min(1, "Name is required").max(200),
    phone: phoneRule("Phone number"),
    email: z
      .union([emailRule, z.literal("")])
      .default("")
      .describe("required unless the account has a verified mobile number (Haat, issue 41): 'Email address is required', as on Review Order"),
    street: z.string().trim().min(1, "Address line 1 is required").max(200),
    street2: z.string().trim().max(200).default(""),
    zip: pinRule("PIN code"),
    city: z.string().trim().max(100).default(""),
    country_id: z.coerce.number().int().default(105),
    state_id: z.coerce.number().int().default(10),
    /** Makes it the default address (Haat's addition: the account's 'Make default'). */
    is_default: z.boolean().optional(),
    latitude: z.coerce.number().min(-90).max(90).nullish(),
    longitude: z.coerce.number().min(-180).max(180).nullish(),
  }),
  addresses: z.object({ clerk_id: clerkId }),
  profileUpdate: z.object({ name: profileSchema.shape.name, mobile: profileSchema.shape.phone }),
  razorpayOrder: z.object({
    amount: z.coerce.number().int().positive(),
    currency: z.literal("INR").default("INR"),
    cart_id: id("Invalid cart_id. Please refresh your cart."),
    address_id: id("Invalid address_id. Please reselect your delivery address."),
  }),
  razorpayVerify: z.object({
    razorpay_payment_id: z.string().min(1).max(100),
    razorpay_order_id: z.string().min(1).max(100),
    razorpay_signature: z.string().min(1).max(200),
    cart_id: z.coerce.number().int().optional(),
  }),
} as const;

// ---------- results ----------

const money = z.number().describe("rupees");

const replacementChoice = z.enum(REPLACEMENT_CHOICES);

/** Haat's addition (issue 29): a variant sold by weight, in packs of about unit_grams, weighed within tolerance_percent. */
export const apiSoldByWeight = z.object({ unit_grams: z.number(), tolerance_percent: z.number() });
const soldByWeight = apiSoldByWeight.nullable().optional().describe("Haat's addition (issue 29): sold by weight; its price is an estimate until weighed");

export const apiVariant = z.object({
  id: z.number(),
  internal_reference: z.string(),
  price: money,
  mrp: money,
  images: z.array(z.string()),
  inStock: z.boolean(),
  inventory_stock: z.number(),
  attribute: z.string(),
  discount: z.number(),
  sold_by_weight: soldByWeight,
});

export const apiProduct = z.object({
  id: z.number(),
  title: z.string(),
  short_desc: z.string(),
  long_desc: z.string(),
  category: z.string(),
  sales_tax: z.array(z.string()),
  rating: z.number(),
  isOrganic: z.boolean(),
  product_variants: z.array(apiVariant),
});

export const apiCartLine = z.object({
  id: z.number(),
  product_id: z.number(),
  title: z.string(),
  images: z.array(z.string()),
  quantity: z.number(),
  price_unit: money,
  price: money.describe("the line's total, rupees"),
  mrp: money,
  internal_reference: z.string(),
  attribute: z.string(),
  inventory_stock: z.number(),
  sales_tax: z.array(z.object({ name: z.string(), amount: money })),
  gifting: z.boolean().optional().describe("Haat's addition (issue 29): a Gifting product, so the cart may carry a gift message"),
  sold_by_weight: soldByWeight,
  replacement: replacementChoice.nullable().optional().describe("Haat's addition (issue 29): this line's choice if out of stock at packing, when it differs from the cart's"),
});

/** Haat's addition (issue 29): a gift message, printed on the packing slip and never on the invoice. */
export const apiGift = z.object({ message: z.string(), from: z.string(), hide_prices: z.boolean().describe("the packing slip leaves out the line prices") });

export const apiCart = z.object({
  cart: z.array(apiCartLine),
  tax: money,
  delivery_charge: money,
  discount: money,
  total: money,
  cart_count: z.number(),
  cart_id: z.number().nullable(),
  coupon_code: z.string().nullable(),
  gift: apiGift.nullable().optional(),
  replacement: replacementChoice.optional().describe("Haat's addition (issue 29): what to do with an item out of stock at packing: replace, call or refund"),
});

const apiSnapshot = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  street: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});

/** An order as Specification: Orders lists it, and what Haat adds for a full view (its ERP adapter reads them when given). */
export const apiOrder = z.object({
  id: z.number().describe("the order's key, in URLs and calls (the cart_id it was placed from)"),
  name: z.string().describe("the order's number as people see it (#3), as text"),
  order_number: z.number().optional().describe("Haat's addition (issue 41): the order's number people see (#3), its own series without gaps; id stays the key"),
  invoice_number: z
    .string()
    .nullable()
    .optional()
    .describe("Haat's addition (issue 41): the tax invoice's number, once issued (when the order leaves the shop); null before, when the invoice link gives the order summary"),
  invoice_date: z.string().nullable().optional().describe("Haat's addition (issue 41): when the tax invoice was issued"),
  credit_notes: z
    .array(z.object({ number: z.string(), date: z.string(), amount: money }))
    .optional()
    .describe("Haat's addition (issue 41): credit notes issued after the invoice (items taken back), oldest first"),
  date_order: z.string(),
  order_state: z.enum(["sale", "cancel"]),
  stage: z.string(),
  payment_method: z.enum(["cod", "razorpay"]),
  payment_state: z.string(),
  amount_total: money,
  amount_untaxed: money.describe("the lines' total before discounts, tax included as in every price"),
  amount_tax: money,
  discount: money,
  prepaid_discount: money,
  coupon_code: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  slot: z.object({ date: z.string(), kind: z.enum(["morning", "afternoon", "evening"]) }).nullable(),
  delivery_address: apiSnapshot,
  gift: apiGift.nullable().optional(),
  products: z.array(
    z.object({
      id: z.number(),
      product_id: z.number(),
      title: z.string(),
      attribute: z.string(),
      internal_reference: z.string(),
      quantity: z.number(),
      price_unit: money,
      mrp: money,
      tax_rate: z.number(),
      tax: money,
      discount: money,
      hsn: z.string(),
      amount: money,
      image: z.array(z.string()),
      sold_by_weight: soldByWeight,
      packed_grams: z.number().nullable().optional().describe("Haat's addition (issue 29): the weight packed, once staff weighed the line; amount is then by weight"),
      replacement: replacementChoice.nullable().optional().describe("Haat's addition (issue 29): this line's choice if out of stock, when it differs from the order's"),
      replaced_from: z
        .object({ title: z.string(), internal_reference: z.string(), attribute: z.string(), price_unit: money })
        .nullable()
        .optional()
        .describe("Haat's addition (issue 29): the item out of stock at packing that staff replaced with this one"),
    }),
  ),
  replacement: replacementChoice.optional().describe("Haat's addition (issue 29): what to do with an item out of stock at packing"),
});

/** Haat's addition (issue 29): a 'Notify Me' request still waiting for its item to be back in stock. */
export const apiStockRequest = z.object({
  id: z.number(),
  product_id: z.number(),
  title: z.string(),
  attribute: z.string(),
  internal_reference: z.string(),
  image: z.string(),
  created_at: z.string(),
});

export const apiAddress = apiSnapshot.extend({
  id: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_default: z.boolean(),
  is_primary: z.boolean(),
  type: z.literal("delivery"),
});

export const apiWishlistItem = z.object({
  id: z.number(),
  product_id: z.number(),
  internal_reference: z.string(),
  qty: z.number(),
  title: z.string(),
  name: z.string(),
  image: z.string(),
  price: money,
  price_unit: money,
  mrp: money,
  inventory_stock: z.number(),
  inStock: z.boolean(),
});

export const apiProfile = z.object({
  name: z.string(),
  email: z.string().nullable().describe("Null for an account opened with a mobile number that has not added an e-mail."),
  mobile: z.string(),
  phone: z.string(),
});

export const apiTokenResult = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number(),
  clerk_id: z.string(),
  device_token: z.string().optional().describe("This app's device token (from /api/auth/token and /api/auth/register): send it with the next /api/auth/token."),
});

/** /api/auth/otp/verify: the token pair, or for a number the shop does not know and no name, a request for the name (the code is not spent). */
export const apiOtpVerifyResult = z.union([
  apiTokenResult.extend({ created: z.boolean().describe("Whether this call opened the account.") }),
  z.object({ needs_name: z.literal(true), message: z.string().describe("Send the same code again with `name` (and optionally `email`) to open the account.") }),
]);

export type ApiProduct = z.infer<typeof apiProduct>;
export type ApiCart = z.infer<typeof apiCart>;
export type ApiOrder = z.infer<typeof apiOrder>;
export type ApiAddress = z.infer<typeof apiAddress>;
export type ApiWishlistItem = z.infer<typeof apiWishlistItem>;
export type ApiSubscription = z.infer<typeof apiSubscription>;

/** Paise as the rupees the API speaks (two decimals at most). */
export function rupeesOf(paise: number): number {
  return Math.round(paise) / 100;
}

/** The request's envelope: `{ params }`, or JSON-RPC 2.0's `{ jsonrpc, method, params, id }`. */
export const apiEnvelope = z.object({
  jsonrpc: z.string().max(10).optional(),
  method: z.string().max(50).optional(),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** Haat's addition (issue 45): a standing order, as My Account shows it. */
export const apiSubscription = z.object({
  id: z.number(),
  product_id: z.number(),
  title: z.string(),
  attribute: z.string(),
  internal_reference: z.string(),
  image: z.string(),
  price_unit: z.number().describe("rupees, per unit"),
  quantity: z.number(),
  frequency: z.object({ kind: z.string(), days: z.array(z.string()).optional(), every: z.number().optional() }),
  start_date: z.string(),
  slot: z.string(),
  address_id: z.number().nullable(),
  payment_method: z.string(),
  autopay: z
    .object({ method: z.enum(["upi", "card"]), status: z.enum(AUTOPAY_STATUSES), max_amount: z.number().describe("rupees, the most one charge may take") })
    .nullable()
    .describe("Paid by Razorpay Autopay (decision 078): the mandate, approved on Razorpay's page; null for cash on delivery"),
  status: z.enum(["active", "cancelled"]),
  held_reason: z.string().nullable(),
  pauses: z.array(z.object({ from: z.string(), to: z.string() })),
  skips: z.array(z.string()),
  days: z.array(
    z.object({ date: z.string(), outcome: z.enum(["made", "skipped"]), order_id: z.number().nullable(), order_number: z.number().nullable(), reason: z.string().nullable() }),
  ),
});
