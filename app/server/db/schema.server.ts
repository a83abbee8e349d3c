import { sql } from "drizzle-orm";
import type { AddressSnapshot } from "../../domain/address.ts";
import type { CreditNoteDocument, InvoiceDocument } from "../../domain/invoice.ts";
import { PART_REFUNDS } from "../../domain/payment.ts";
import { DEFAULT_REPLACEMENT, REPLACEMENT_CHOICES, type ReplacedFrom } from "../../domain/replacement.ts";
import { WEIGHT_TOLERANCE_MAX } from "../../domain/weight.ts";
import { LOW_STOCK_THRESHOLD_MAX } from "../../domain/stock.ts";
import { MAX_SUBSCRIPTION_QUANTITY, type Frequency } from "../../domain/subscription.ts";
import { AUTOPAY_STATUSES } from "../../domain/autopay.ts";
import { CONSENT_PURPOSES, CONSENT_VIA } from "../../domain/privacy/consent.ts";
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";

// One schema for both PGlite (embedded) and PostgreSQL. Money is integer paise.

/** A constant list of words as SQL ('a', 'b'): checks and indexes read the same lists as the code. */
function sqlList(words: readonly string[]) {
  return sql.raw(words.map((w) => `'${w.replace(/'/g, "''")}'`).join(", "));
}

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    // The name in Hindi (issue 27); "" when the catalogue has none (Hindi pages then show the name).
    nameHi: text("name_hi").notNull().default(""),
    slug: text("slug").notNull().unique(),
    image: text("image"),
    status: text("status", { enum: ["active", "coming_soon"] })
      .notNull()
      .default("active"),
    sort: integer("sort").notNull().default(0),
    backendKey: text("backend_key"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId), check("categories_status_check", sql`${t.status} in ('active', 'coming_soon')`)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    shortDesc: text("short_desc").notNull().default(""),
    // Hindi (issue 27); "" where the catalogue has none, and Hindi pages show the English.
    titleHi: text("title_hi").notNull().default(""),
    shortDescHi: text("short_desc_hi").notNull().default(""),
    longDesc: text("long_desc").notNull().default(""),
    // The spec's slash-separated path ("All / Grocers Pick / Rice"); the two slugs
    // below are derived from it by app/domain/category.ts when the row is written.
    categoryPath: text("category_path").notNull(),
    categorySlug: text("category_slug").notNull(),
    subSlug: text("sub_slug"),
    salesTax: jsonb("sales_tax").$type<string[]>().notNull().default(["0%"]),
    // The goods' HSN code (4, 6 or 8 digits), printed on each tax invoice line (issue 11).
    hsn: text("hsn").notNull().default(""),
    rating: real("rating").notNull().default(4),
    // Published reviews (issue 14), kept on the product so cards and listings need no join:
    // the count and the sum of their ratings, changed in the same transaction as the reviews.
    reviewCount: integer("review_count").notNull().default(0),
    reviewTotal: integer("review_total").notNull().default(0),
    isOrganic: boolean("is_organic").notNull().default(false),
    // Bought every day or week (milk, eggs, bread, staples): offered as a standing order (issue 45).
    subscribable: boolean("subscribable").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_category_idx").on(t.categorySlug, t.subSlug), index("products_created_idx").on(t.createdAt)],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    internalReference: text("internal_reference").notNull().unique(),
    attribute: text("attribute").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
    mrpPaise: integer("mrp_paise").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    video: text("video"),
    inStock: boolean("in_stock").notNull().default(true),
    inventoryStock: integer("inventory_stock").notNull().default(0),
    // Sold by weight (issue 29, decision 055): packs of about weight_unit_grams, priced again when
    // weighed within weight_tolerance percent. Stock stays in packs; weighing's grams below a
    // pack are weight_balance_grams.
    weightUnitGrams: integer("weight_unit_grams"),
    weightTolerance: integer("weight_tolerance"),
    weightBalanceGrams: integer("weight_balance_grams").notNull().default(0),
    // Staff's dashboard lists the variant under Low stock when fewer than this are left to sell
    // (issue 46); null: the shop's default (domain/stock.ts LOW_STOCK_THRESHOLD_DEFAULT).
    lowStockBelow: integer("low_stock_below"),
    sort: integer("sort").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("variants_product_idx").on(t.productId),
    check("variants_price_check", sql`${t.pricePaise} >= 0 and ${t.mrpPaise} >= ${t.pricePaise}`),
    check("variants_stock_check", sql`${t.inventoryStock} >= 0`),
    // The bound is the domain's: a change to WEIGHT_TOLERANCE_MAX makes drizzle-kit generate the migration, and weight.test.ts holds the two together.
    check(
      "variants_weight_check",
      sql`(${t.weightUnitGrams} is null and ${t.weightTolerance} is null) or (${t.weightUnitGrams} > 0 and ${t.weightTolerance} between 0 and ${sql.raw(String(WEIGHT_TOLERANCE_MAX))})`,
    ),
    check("variants_weight_balance_check", sql`${t.weightBalanceGrams} >= 0`),
    check("variants_low_stock_check", sql`${t.lowStockBelow} is null or ${t.lowStockBelow} between 0 and ${sql.raw(String(LOW_STOCK_THRESHOLD_MAX))}`),
  ],
);

// ---------- customers and their sessions (issue 3) ----------

export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  // Stored lower-cased and trimmed (app/domain/account.ts), so uniqueness ignores case. Null for
  // an account opened with a mobile number alone (issue 28): it has an e-mail, a mobile, or both.
  email: text("email").unique(),
  name: text("name").notNull(),
  phone: text("phone").notNull().default(""),
  // scrypt parameters, salt and hash in one string; null for customers who sign in through Clerk.
  passwordHash: text("password_hash"),
  clerkUserId: text("clerk_user_id").unique(),
  // 'staff' may open /staff (issue 14); also anyone whose e-mail is in STAFF_EMAILS.
  role: text("role", { enum: ["customer", "staff"] })
    .notNull()
    .default("customer"),
  // When the mailbox was proved to be the customer's (issue 25, decision 047): by the link mailed
  // at sign-up, a reset code, or Clerk. Until then the account shops but is never staff.
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  // The delivery address chosen at checkout, remembered for 30 days (Specification: Addresses).
  selectedAddressId: integer("selected_address_id"),
  selectedAddressAt: timestamp("selected_address_at", { withTimezone: true }),
  // The language the customer chose with the header's switch ('en' or 'hi'; issue 27), so it
  // follows them to another device: signing in there sets it. Null until they choose.
  language: text("language"),
  // A verified mobile number (10 digits, no +91; issue 28, decision 053): set only once a code
  // sent to it came back, so a number is verified on one account at most (unique).
  mobile: text("mobile").unique(),
  mobileVerifiedAt: timestamp("mobile_verified_at", { withTimezone: true }),
  // Order updates by SMS to the verified number: a consent (issue 48, decision 084), off until the
  // shopper ticks its box or turns it on; each change is in `consents`.
  smsUpdates: boolean("sms_updates").notNull().default(false),
  // Offers by SMS to the verified number: a consent of its own, off until given.
  smsOffers: boolean("sms_offers").notNull().default(false),
  // Erased at its owner's word (issue 48 item 4, decision 086): the row stays, holding nothing of
  // the person, so the orders the GST law keeps and the reviews made anonymous still name a row.
  erasedAt: timestamp("erased_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes sent by SMS (issue 28, decision 053): the digest only (keyed with the shop's
 * secret), valid 10 minutes, used once, 5 tries. A new code for a number ends its earlier ones.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    mobile: text("mobile").notNull(),
    purpose: text("purpose", { enum: ["sign-in", "add-mobile"] }).notNull(),
    // The account adding this number ('add-mobile'); null when signing in.
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    codeDigest: text("code_digest").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("one_time_codes_mobile_idx").on(t.mobile, t.createdAt), check("one_time_codes_purpose_check", sql`${t.purpose} in ('sign-in', 'add-mobile')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the token in the cookie: a leaked table does not sign anyone in.
    id: text("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    renewedAt: timestamp("renewed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_customer_idx").on(t.customerId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * With SHOP_BACKEND=erp (issue 17, decision 043): what Haat keeps of a customer whose cart,
 * orders and addresses live in the ERP. The ERP's tokens for them (encrypted with a key made
 * from the cookie secret: Haat must send them, so it cannot keep digests), and the two choices
 * the ERP's calls have no place for: the cart's payment choice and the chosen delivery address.
 * With Clerk, no tokens are kept: the Clerk session's own are minted for each call.
 */
export const erpCustomers = pgTable("erp_customers", {
  customerId: integer("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }),
  paymentChoice: text("payment_choice"),
  // With Clerk: the Clerk session the customer signed in with, whose tokens the ERP is sent.
  clerkSessionId: text("clerk_session_id"),
  chosenAddressId: integer("chosen_address_id"),
  chosenAt: timestamp("chosen_at", { withTimezone: true }),
  // One renewal of the ERP's tokens at a time across instances: a lease, not a row lock held
  // over the ERP's call (no network call inside a transaction, issue 24).
  renewingUntil: timestamp("renewing_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The JSON API's bearer tokens (issue 17, decision 042): a short-lived access token and the
 * refresh token that renews it, both stored as SHA-256 digests. A refresh rotates the pair:
 * the old row is revoked and a new one joins its `family`; a revoked refresh token used again
 * revokes the whole family (someone copied it).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    family: text("family").notNull(),
    accessDigest: text("access_digest").notNull().unique(),
    refreshDigest: text("refresh_digest").notNull().unique(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_tokens_customer_idx").on(t.customerId), index("api_tokens_family_idx").on(t.family), index("api_tokens_refresh_expires_idx").on(t.refreshExpiresAt)],
);

// Browsers a customer has signed in from (decision 020): the device cookie's random token
// names one, so a lockout of the account's e-mail does not keep its owner out of it.
export const knownDevices = pgTable(
  "known_devices",
  {
    // SHA-256 of the customer id and the cookie's token: a leaked table names no cookie, and
    // one browser's rows for two accounts cannot be told apart as the same browser.
    id: text("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("known_devices_customer_idx").on(t.customerId), index("known_devices_last_signed_in_idx").on(t.lastSignedInAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    // Tries of this code, each counted before it is compared; at RESET_CODE_TRIES it is spent.
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_customer_idx").on(t.customerId)],
);

/** The live e-mail confirmation link of an account (one at a time: a new one replaces it), as a digest. */
export const emailConfirmations = pgTable("email_confirmations", {
  customerId: integer("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  tokenDigest: text("token_digest").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every server instance (sign-in, sign-up, reset). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

// ---------- coupons and addresses (issue 4) ----------

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    // Upper-case, as shoppers' codes are normalised before lookup.
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: ["percent", "flat"] }).notNull(),
    /** Percent (1 to 100) or paise. */
    value: integer("value").notNull(),
    minSubtotalPaise: integer("min_subtotal_paise").notNull().default(0),
    maxDiscountPaise: integer("max_discount_paise"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_kind_check", sql`${t.kind} in ('percent', 'flat')`),
    check("coupons_value_check", sql`${t.value} > 0 and (${t.kind} = 'flat' or ${t.value} <= 100)`),
    check("coupons_code_check", sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    street: text("street").notNull(),
    street2: text("street2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    country: text("country").notNull().default("India"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    isDefault: boolean("is_default").notNull().default(false),
    // The customer's contact address: the first one saved; it cannot be deleted.
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_customer_idx").on(t.customerId),
    uniqueIndex("addresses_one_primary_per_customer")
      .on(t.customerId)
      .where(sql`${t.isPrimary}`),
  ],
);

// ---------- orders: the cart is the customer's order in state draft ----------

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    // draft: the cart. awaiting_payment: placed for online payment, its stock held until the
    // payment's hold ends (decision 030). lapsed: a hold that ended unpaid while the shopper
    // had started another cart; its lines went back into that cart.
    state: text("state", { enum: ["draft", "awaiting_payment", "confirmed", "cancelled", "lapsed"] })
      .notNull()
      .default("draft"),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    // Fixed when the order is placed; null while it is a cart.
    couponCode: text("coupon_code"),
    // The coupon's rule as it was when the order was placed: a short pick reprices by it (issue 14).
    couponRule: jsonb("coupon_rule").$type<{ kind: "percent" | "flat"; value: number; maxDiscountPaise: number | null }>(),
    deliveryAddress: jsonb("delivery_address").$type<AddressSnapshot>(),
    paymentMethod: text("payment_method", { enum: ["cod", "razorpay"] }),
    // upi or card, as chosen on the cart page, when the method is razorpay.
    paymentInstrument: text("payment_instrument", { enum: ["upi", "card"] }),
    subtotalPaise: integer("subtotal_paise"),
    discountPaise: integer("discount_paise"),
    // The prepaid discount of an order paid online (decision 031); discount_paise is the coupon's.
    prepaidDiscountPaise: integer("prepaid_discount_paise").notNull().default(0),
    taxPaise: integer("tax_paise"),
    totalPaise: integer("total_paise"),
    placedAt: timestamp("placed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // The order's number people see (#3; decision 065): its own series, without gaps, given in the
    // transaction that confirms it (carts and orders waiting for their payment have none). The id
    // stays the order's key in URLs and in the JSON API's calls.
    orderNumber: integer("order_number"),
    // The delivery slot (issue 14): the shop's date ("2026-11-25") and morning, afternoon or
    // evening; booked in delivery_slots with the placing. Null for orders placed before slots.
    slotDate: text("slot_date"),
    slotKind: text("slot_kind", { enum: ["morning", "afternoon", "evening"] }),
    // Where a placed order is in its life (issue 14): placed, confirmed, packed,
    // out_for_delivery, delivered. Null for a cart or a held order. A cancelled order keeps the
    // stage it was cancelled at.
    stage: text("stage", { enum: ["placed", "confirmed", "packed", "out_for_delivery", "delivered"] }),
    // A gift message (issue 29, decision 054), set on Review Order while the cart holds a Gifting
    // product: printed on the packing slip, never on the tax invoice. Null: not a gift.
    giftMessage: text("gift_message"),
    giftFrom: text("gift_from"),
    giftHidePrices: boolean("gift_hide_prices").notNull().default(false),
    // What to do with an item out of stock at packing (issue 29, decision 056), for the whole
    // order; a line may say otherwise (order_lines.replacement).
    replacement: text("replacement", { enum: REPLACEMENT_CHOICES }).notNull().default(DEFAULT_REPLACEMENT),
    // Made by the cut-off from a standing order (issue 45); null for an order placed from the cart.
    subscriptionId: integer("subscription_id").references((): AnyPgColumn => subscriptions.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_order_number_idx").on(t.orderNumber),
    check("orders_replacement_check", sql`${t.replacement} in (${sqlList(REPLACEMENT_CHOICES)})`),
    index("orders_customer_idx").on(t.customerId, t.state),
    // One cart per customer, even when two requests create it at once. A standing order's
    // order is a draft only inside the transaction that places it (issue 45), beside the cart.
    uniqueIndex("orders_one_draft_per_customer")
      .on(t.customerId)
      .where(sql`${t.state} = 'draft' and ${t.subscriptionId} is null`),
    index("orders_subscription_idx").on(t.subscriptionId),
    // A day's orders by slot (staff's lists, the dashboard's fill) and the days' sales (issue 46), without reading every order.
    index("orders_slot_idx").on(t.slotDate, t.slotKind),
    index("orders_placed_idx").on(t.placedAt),
    check("orders_state_check", sql`${t.state} in ('draft', 'awaiting_payment', 'confirmed', 'cancelled', 'lapsed')`),
    check("orders_payment_method_check", sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('cod', 'razorpay')`),
    check(
      "orders_placed_check",
      sql`${t.state} in ('draft', 'lapsed') or (${t.totalPaise} is not null and ${t.deliveryAddress} is not null and (${t.state} = 'awaiting_payment' or ${t.placedAt} is not null))`,
    ),
    // A placed order (confirmed, or cancelled after) has its number; a cart, a held order and a lapsed one none.
    check(
      "orders_order_number_check",
      sql`case when ${t.state} in ('draft', 'awaiting_payment', 'lapsed') then ${t.orderNumber} is null else ${t.orderNumber} is not null and ${t.orderNumber} >= 1 end`,
    ),
  ],
);

/**
 * The last number given out in each series without gaps (decision 065): "order" (orders' numbers),
 * "invoice/2026-27" and "credit-note/2026-27" (a financial year's tax invoices and credit notes).
 * Raised by one upsert whose row lock lasts until the transaction that takes the number commits:
 * a transaction that rolls back gives its number back, and numbers follow the order of commits.
 */
export const counters = pgTable(
  "counters",
  {
    series: text("series").primaryKey(),
    last: integer("last").notNull(),
  },
  (t) => [check("counters_last_check", sql`${t.last} >= 0`)],
);

/**
 * Tax invoices (decision 065): issued once, when the order leaves the shop (Out for delivery), with
 * the weighed and packed figures, numbered in its financial year's own series without gaps
 * (`HT/26-27/0000042`, GST rule 46). `document` holds everything the invoice prints, frozen: nothing
 * done to the order afterwards changes it; a reduction after issue is a credit note.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    fy: text("fy").notNull(),
    serial: integer("serial").notNull(),
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    taxPaise: integer("tax_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    document: jsonb("document").$type<InvoiceDocument>().notNull(),
  },
  (t) => [uniqueIndex("invoices_serial_idx").on(t.fy, t.serial), check("invoices_serial_check", sql`${t.serial} >= 1`)],
);

/**
 * Credit notes (GST s.34; decision 065): an amount taken off an order after its invoice was issued
 * (items taken back at the door or returned), with its own number in its financial year's series
 * (`CN/26-27/0000001`), the invoice it reduces, the refund that gives the money back (none for cash
 * on delivery), and what it prints, frozen.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    fy: text("fy").notNull(),
    serial: integer("serial").notNull(),
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    reason: text("reason", { enum: ["returned"] }).notNull(),
    refundId: integer("refund_id")
      .unique()
      .references(() => refunds.id, { onDelete: "restrict" }),
    taxPaise: integer("tax_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    document: jsonb("document").$type<CreditNoteDocument>().notNull(),
  },
  (t) => [
    uniqueIndex("credit_notes_serial_idx").on(t.fy, t.serial),
    index("credit_notes_order_idx").on(t.orderId),
    check("credit_notes_serial_check", sql`${t.serial} >= 1`),
    check("credit_notes_total_check", sql`${t.totalPaise} > 0`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    // Snapshots taken when the order is placed; null while the order is a cart.
    title: text("title"),
    attribute: text("attribute"),
    internalReference: text("internal_reference"),
    image: text("image"),
    unitPricePaise: integer("unit_price_paise"),
    mrpPaise: integer("mrp_paise"),
    taxRate: real("tax_rate"),
    discountPaise: integer("discount_paise"),
    taxPaise: integer("tax_paise"),
    hsn: text("hsn"),
    // Sold by weight (issue 29): the variant's pack weight and tolerance when the order was
    // placed, then what staff weighed and what that costs (in place of price times quantity).
    weightUnitGrams: integer("weight_unit_grams"),
    weightTolerance: integer("weight_tolerance"),
    packedGrams: integer("packed_grams"),
    weighedPaise: integer("weighed_paise"),
    // The shopper's choice for this line when it differs from the order's (null: the order's).
    replacement: text("replacement", { enum: REPLACEMENT_CHOICES }),
    // Staff replaced the item it was placed with (issue 29): what that was, as the order had it.
    replacedFrom: jsonb("replaced_from").$type<ReplacedFrom>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("order_lines_one_per_variant").on(t.orderId, t.variantId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
    check("order_lines_replacement_check", sql`${t.replacement} is null or ${t.replacement} in (${sqlList(REPLACEMENT_CHOICES)})`),
    // Weighed once, both figures together, and only a line sold by weight.
    check(
      "order_lines_weighed_check",
      sql`(${t.packedGrams} is null and ${t.weighedPaise} is null) or (${t.packedGrams} > 0 and ${t.weighedPaise} >= 0 and ${t.weightUnitGrams} is not null)`,
    ),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("wishlist_items_one_per_variant").on(t.customerId, t.variantId)],
);

/**
 * 'Notify Me' (issue 29, decision 057): a shopper waiting for an out-of-stock variant. Open
 * until stock returns (notified_at: its mail was queued in the same transaction) or the shopper
 * cancels it (cancelled_at); one open request per shopper and variant.
 */
export const stockRequests = pgTable(
  "stock_requests",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    // The page language the request was made on: the mail's, unless the account chose one.
    language: text("language"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_requests_one_open")
      .on(t.customerId, t.variantId)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index("stock_requests_waiting_idx")
      .on(t.variantId)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    check("stock_requests_ended_once", sql`${t.notifiedAt} is null or ${t.cancelledAt} is null`),
  ],
);

/**
 * Money taken or to be taken for an order. Cash on delivery is one row, pending until
 * delivery; Razorpay (a later issue) adds its order and payment ids and moves the status.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    method: text("method", { enum: ["cod", "razorpay"] }).notNull(),
    // pending: due (cash on delivery) or awaited (online). captured: paid. cancelled: the
    // shopper gave up, or the hold ended unpaid. refunded: all of it given back.
    status: text("status", { enum: ["pending", "authorized", "captured", "failed", "refunded", "cancelled"] })
      .notNull()
      .default("pending"),
    amountPaise: integer("amount_paise").notNull(),
    // What the shopper chose on the cart page (upi or card) and what Razorpay says was used.
    instrument: text("instrument"),
    providerMethod: text("provider_method"),
    providerOrderId: text("provider_order_id").unique(),
    providerLinkId: text("provider_link_id").unique(),
    providerLinkUrl: text("provider_link_url"),
    providerPaymentId: text("provider_payment_id").unique(),
    // Online payments only: when the stock held for it goes back (decision 030).
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    // A standing order's Autopay charge (decision 078): when Razorpay accepted the charge against the mandate's token.
    chargedAt: timestamp("charged_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // Why the last attempt failed, as Razorpay said it (payment.failed), and when: the staff
    // dashboard counts failures by that day (issue 46). Both cleared when the payment is made.
    failureReason: text("failure_reason"),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    // A payment for an order that was no longer waiting for it (late, or a second one): refunded in full.
    unwanted: boolean("unwanted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    index("payments_expiry_idx").on(t.status, t.expiresAt),
    check("payments_amount_check", sql`${t.amountPaise} >= 0`),
    check("payments_method_check", sql`${t.method} in ('cod', 'razorpay')`),
  ],
);

/** Money given back through Razorpay: one row per refund asked for, never asked twice (X-Refund-Idempotency). */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountPaise: integer("amount_paise").notNull(),
    // short: part of a payment given back after staff marked items short (issue 14); weight: after
    // they weighed what was sold by weight; replaced: after they replaced an item with a cheaper
    // one (issue 29). There may be several of each.
    reason: text("reason", { enum: ["cancelled", "late", "duplicate", ...PART_REFUNDS] }).notNull(),
    // Sent as X-Refund-Idempotency: a retry of the same refund is the same refund.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerRefundId: text("provider_refund_id").unique(),
    // initiated: recorded here (and asked of Razorpay, or to be asked again). processed, failed: Razorpay's word.
    status: text("status", { enum: ["initiated", "processed", "failed"] })
      .notNull()
      .default("initiated"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One whole refund per payment (cancelled, late, duplicate): given back once. Short-pick, weight and replacement refunds are parts.
    uniqueIndex("refunds_one_per_payment")
      .on(t.paymentId)
      .where(sql`${t.reason} not in (${sqlList(PART_REFUNDS)})`),
    check("refunds_amount_check", sql`${t.amountPaise} > 0`),
  ],
);

/** Razorpay webhook deliveries already handled (x-razorpay-event-id): a redelivery changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------- staff (issue 14) ----------

/** Every change staff make: who, what, when, and the record before and after. */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").references(() => customers.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_audit_entity_idx").on(t.entity, t.entityId), index("staff_audit_at_idx").on(t.at)],
);

// ---------- delivery (issue 14) ----------

/** An order's timeline: each stage it reached (and its cancellation), when, and who moved it (staff), or null for the shopper or the shop. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    stage: text("stage", {
      enum: ["placed", "confirmed", "packed", "out_for_delivery", "delivered", "cancelled", "slot_changed", "short", "weighed", "replaced", "returned"],
    }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    by: integer("by").references(() => customers.id, { onDelete: "set null" }),
    note: text("note"),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);

/**
 * Each delivery slot that has been offered or booked: its capacity (the default until staff set
 * another) and how many orders hold it. Booking is one conditional update (booked < capacity),
 * so concurrent orders never overfill a slot.
 */
export const deliverySlots = pgTable(
  "delivery_slots",
  {
    date: text("date").notNull(),
    kind: text("kind", { enum: ["morning", "afternoon", "evening"] }).notNull(),
    capacity: integer("capacity").notNull(),
    booked: integer("booked").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.kind] }),
    check("delivery_slots_booked_check", sql`${t.booked} >= 0`),
    check("delivery_slots_capacity_check", sql`${t.capacity} >= 0`),
    check("delivery_slots_kind_check", sql`${t.kind} in ('morning', 'afternoon', 'evening')`),
  ],
);

/** PIN codes the shop delivers to. Empty: no list kept, every PIN is served (a deployer's first start). */
export const serviceablePins = pgTable("serviceable_pins", {
  pin: text("pin").primaryKey(),
  area: text("area").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Settings staff change without a deploy: minimum order value, delivery fee, default slot capacity. */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------- contact tickets and the newsletter (issue 5) ----------

export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    // Set when the customer was signed in: the ticket is then theirs to view.
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    // The page's language (en, hi) when it was sent (issue 27): the answer's mail is in it, unless the account chose one.
    language: text("language"),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    // SHA-256 of the secret in a signed-out sender's 'View ticket' link.
    accessTokenHash: text("access_token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tickets_customer_idx").on(t.customerId)],
);

/** Staff's answers to a ticket (issue 14): mailed to the sender and shown on the ticket's page. */
export const ticketReplies = pgTable(
  "ticket_replies",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => customers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_replies_ticket_idx").on(t.ticketId)],
);

/**
 * A shopper's review of a product they received (issue 14): one per customer and product,
 * plain text, published at once; staff may hide it (hidden_at) and show it again.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    // The name shown with the review ("Neha G."), fixed when it is written.
    author: text("author").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("product_reviews_one_per_customer").on(t.productId, t.customerId),
    index("product_reviews_product_idx").on(t.productId, t.createdAt),
    check("product_reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("product_reviews_body_check", sql`length(${t.body}) <= 2000`),
  ],
);

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  // The secret in every unsubscribe link; it needs no sign-in.
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  // Double opt-in (issue 10 point 9): nothing is sent but the confirmation mail until its
  // link is followed. The secret in that link, and when the last such mail went out.
  confirmToken: text("confirm_token").unique(),
  confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
});

// ---------- mail kept for a retry (issue 9) ----------

/**
 * An e-mail whose sending failed, kept until a retry sends it (then the row is deleted) or
 * the last attempt fails (status failed, kept for an operator). `next_attempt_at` is both
 * the backoff and the lease of a retry that has claimed the row.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: serial("id").primaryKey(),
    // 'sms' (issue 28): `to` is the mobile number, `subject` the SMS template, `body` its values.
    channel: text("channel", { enum: ["mail", "sms"] })
      .notNull()
      .default("mail"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_queue_due_idx").on(t.status, t.nextAttemptAt), check("mail_queue_status_check", sql`${t.status} in ('pending', 'failed')`)],
);

/**
 * Background work one instance at a time across a cluster (issue 24): the payment sweep. A
 * lease taken by one statement (no transaction held while the work calls out) and given up
 * when done; a holder that died loses it when `until` passes.
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * Posts a shopper's browser may send more than once (issue 26: a cart change queued offline,
 * replayed after a lost answer): the key it sent and what the first post answered, so a
 * repeat changes nothing and gets the same answer. Not tied to `customers` by a foreign key:
 * with the ERP back end the customer is the ERP's. Kept a day (server/idempotency.server.ts).
 */
export const postKeys = pgTable(
  "post_keys",
  {
    customerId: integer("customer_id").notNull(),
    key: text("key").notNull(),
    /** What the key was first sent for, the form's action and intent ("/cart add"): another use of it is refused. Null on keys from before (issue 41 item 7). */
    intent: text("intent"),
    /** The first post's outcome; null while it is still being made. */
    outcome: jsonb("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] }), index("post_keys_created_idx").on(t.createdAt)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type ProductReviewRow = typeof productReviews.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

// ---------- standing orders (issue 45, decision 076) ----------

/**
 * A shopper's standing order: `quantity` of one variant on the days its frequency falls
 * (domain/subscription.ts), from `start_date`, to a saved address in a slot. The cut-off makes
 * each day's order (subscription_days); pauses and skips leave days out.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    frequency: jsonb("frequency").$type<Frequency>().notNull(),
    startDate: text("start_date").notNull(),
    slotKind: text("slot_kind", { enum: ["morning", "afternoon", "evening"] }).notNull(),
    // A removed address leaves the subscription to be skipped, and said so, until another is chosen.
    addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
    paymentMethod: text("payment_method", { enum: ["cod", "razorpay"] })
      .notNull()
      .default("cod"),
    // Paid by Razorpay Autopay (decision 078): the mandate the shopper approved once on Razorpay's
    // registration link, charged for each order the cut-off makes. Null for cash on delivery.
    autopayMethod: text("autopay_method", { enum: ["upi", "card"] }),
    // created: the link made, not yet approved; confirmed: its token charges; rejected, cancelled,
    // paused: Razorpay's word on the token (the shopper's UPI app may pause or cancel it).
    autopayStatus: text("autopay_status", { enum: AUTOPAY_STATUSES }),
    autopayCustomerId: text("autopay_customer_id"),
    autopayLinkId: text("autopay_link_id").unique(),
    autopayLinkUrl: text("autopay_link_url"),
    // The link's receipt, which its callback's signature covers.
    autopayReceipt: text("autopay_receipt"),
    autopayTokenId: text("autopay_token_id"),
    // The most one charge may take, as the shopper approved it.
    autopayMaxPaise: integer("autopay_max_paise"),
    // The page's language when it was made: the reminders' and notices' language unless the account chose one.
    language: text("language"),
    status: text("status", { enum: ["active", "cancelled"] })
      .notNull()
      .default("active"),
    // Staff held it back (a discontinued product): nothing is made until it is released. Shown to the shopper.
    heldReason: text("held_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_customer_idx").on(t.customerId),
    index("subscriptions_active_idx")
      .on(t.variantId)
      .where(sql`${t.status} = 'active'`),
    check("subscriptions_quantity_check", sql`${t.quantity} between 1 and ${sql.raw(String(MAX_SUBSCRIPTION_QUANTITY))}`),
    check("subscriptions_status_check", sql`${t.status} in ('active', 'cancelled')`),
    check("subscriptions_autopay_check", sql`${t.autopayStatus} is null or ${t.autopayStatus} in (${sqlList(AUTOPAY_STATUSES)})`),
    index("subscriptions_autopay_token_idx").on(t.autopayTokenId),
  ],
);

/** A holiday: no deliveries from `from_date` to `to_date`, both included. */
export const subscriptionPauses = pgTable(
  "subscription_pauses",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscription_pauses_idx").on(t.subscriptionId), check("subscription_pauses_order_check", sql`${t.fromDate} <= ${t.toDate}`)],
);

/** One day the shopper skipped: from My Account, the JSON API, or the evening reminder's link (once). */
export const subscriptionSkips = pgTable(
  "subscription_skips",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    via: text("via", { enum: ["account", "link", "api"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.date] })],
);

/**
 * What the cut-off did with one day of one subscription, once: the order it made, or why it
 * could not (the shopper is told in the same transaction, through the mail queue). The key is
 * what makes a day's order once, however many instances run the job and however often.
 */
export const subscriptionDays = pgTable(
  "subscription_days",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    outcome: text("outcome", { enum: ["made", "skipped"] }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.date] }),
    index("subscription_days_date_idx").on(t.date),
    check("subscription_days_outcome_check", sql`${t.outcome} in ('made', 'skipped')`),
  ],
);

/** The evening reminder of one day of one subscription, sent once. */
export const subscriptionReminders = pgTable(
  "subscription_reminders",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.date] })],
);

/**
 * A slot's pick list (issue 46): the variants staff have ticked as picked from the shelves for
 * a day's slot, by whom and when. The list itself is summed from the slot's orders when read.
 */
export const pickTicks = pgTable(
  "pick_ticks",
  {
    date: text("date").notNull(),
    kind: text("kind", { enum: ["morning", "afternoon", "evening"] }).notNull(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    pickedBy: integer("picked_by").references(() => customers.id, { onDelete: "set null" }),
    pickedAt: timestamp("picked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.date, t.kind, t.variantId] }), check("pick_ticks_kind_check", sql`${t.kind} in ('morning', 'afternoon', 'evening')`)],
);

/**
 * The consent ledger (issue 48 item 2, decision 084): each grant and withdrawal of a purpose, when,
 * how and under which notice, written in the transaction that changes what it records. A
 * newsletter line names its address (anyone may subscribe one); every other line its customer.
 */
export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    email: text("email"),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    // A 'Notify Me' line's variant, by its internal_reference.
    detail: text("detail"),
    granted: boolean("granted").notNull(),
    via: text("via", { enum: CONSENT_VIA }).notNull(),
    noticeVersion: text("notice_version"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consents_customer_idx").on(t.customerId, t.at),
    index("consents_email_idx").on(t.email, t.at),
    check("consents_purpose_check", sql`${t.purpose} in (${sqlList(CONSENT_PURPOSES)})`),
    check("consents_via_check", sql`${t.via} in (${sqlList(CONSENT_VIA)})`),
    check("consents_subject", sql`(${t.purpose} = 'newsletter' and ${t.email} is not null) or (${t.purpose} <> 'newsletter' and ${t.customerId} is not null)`),
  ],
);

/** Bytes: PGlite answers a Uint8Array, pg a Buffer (itself a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

export const DATA_EXPORT_STATUSES = ["pending", "ready", "downloaded", "failed"] as const;

/**
 * 'Download my data' (issue 48 item 3, decision 085): the ZIP a shopper asked for, made in the
 * background (claimed by one instance at a time), kept in the database so any instance behind the
 * load balancer can hand it over, once, within 24 hours; then its bytes go.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    language: text("language").notNull().default("en"),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("pending"),
    file: bytea("file"),
    bytes: integer("bytes"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
  },
  (t) => [
    index("data_exports_customer_idx").on(t.customerId, t.requestedAt),
    index("data_exports_pending_idx")
      .on(t.requestedAt)
      .where(sql`${t.status} = 'pending'`),
    check("data_exports_status_check", sql`${t.status} in (${sqlList(DATA_EXPORT_STATUSES)})`),
  ],
);

export const BREACH_NOTICE_CHANNELS = ["mail", "sms"] as const;
export const BREACH_NOTICE_STATUSES = ["pending", "sent", "kept", "failed", "skipped"] as const;

/**
 * A breach of personal data (issue 48 item 6, decision 087): what staff recorded of it, from which
 * the shop drafts the Board's notice (DPDP Rules r.7(2)) and the shoppers' notices (r.7(1)). Staff's
 * words about the event; the people it touched are in breach_people.
 */
export const breaches = pgTable("breaches", {
  id: serial("id").primaryKey(),
  // The nature and extent of the breach, and where it happened (r.7(1)(a), r.7(2)(a)).
  what: text("what").notNull(),
  location: text("location").notNull(),
  // When it happened, when known; when the shop became aware of it (the Board's 72 hours run from here).
  occurredAt: timestamp("occurred_at", { withTimezone: true }),
  foundAt: timestamp("found_at", { withTimezone: true }).notNull(),
  // The personal data items touched: keys of the notice's table (domain/privacy/personal-data.ts).
  items: text("items").array().notNull(),
  // Every account, or only those in breach_people.
  everyone: boolean("everyone").notNull().default(false),
  consequences: text("consequences").notNull(),
  mitigation: text("mitigation").notNull(),
  safety: text("safety").notNull(),
  // For the Board's detailed report within 72 hours: who caused it, and what stops it happening again.
  cause: text("cause").notNull().default(""),
  prevention: text("prevention").notNull().default(""),
  recordedBy: integer("recorded_by").references(() => customers.id, { onDelete: "set null" }),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  noticesQueuedAt: timestamp("notices_queued_at", { withTimezone: true }),
  boardNotifiedAt: timestamp("board_notified_at", { withTimezone: true }),
  boardReference: text("board_reference"),
});

/** The accounts a breach touched, when it did not touch every one. */
export const breachPeople = pgTable(
  "breach_people",
  {
    breachId: integer("breach_id")
      .notNull()
      .references(() => breaches.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.breachId, t.customerId] }), index("breach_people_customer_idx").on(t.customerId)],
);

/**
 * The log of telling each person (r.7(1)): one row per account and channel, queued once, then sent
 * (or kept for the mail queue's retry, or failed). The address is the account's at the time; none is
 * copied here.
 */
export const breachNotices = pgTable(
  "breach_notices",
  {
    id: serial("id").primaryKey(),
    breachId: integer("breach_id")
      .notNull()
      .references(() => breaches.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: BREACH_NOTICE_CHANNELS }).notNull(),
    status: text("status", { enum: BREACH_NOTICE_STATUSES }).notNull().default("pending"),
    error: text("error"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    unique("breach_notices_once").on(t.breachId, t.customerId, t.channel),
    index("breach_notices_customer_idx").on(t.customerId),
    index("breach_notices_pending_idx")
      .on(t.queuedAt)
      .where(sql`${t.status} = 'pending'`),
    check("breach_notices_channel_check", sql`${t.channel} in (${sqlList(BREACH_NOTICE_CHANNELS)})`),
    check("breach_notices_status_check", sql`${t.status} in (${sqlList(BREACH_NOTICE_STATUSES)})`),
  ],
);

export const PROCESSING_ACTIONS = ["read", "change"] as const;

/**
 * The processing log (issue 48 item 7, decision 088; DPDP Rules r.6(1)(c), (e)): who read or changed
 * a shopper's personal data, other than the shopper: a staff member (staff_id), or one of the shop's
 * own jobs (system). Staff's changes are in staff_audit, tied to the shopper as the export ties them;
 * this holds staff's reads and the system's work. Kept a year.
 */
export const processingLog = pgTable(
  "processing_log",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => customers.id, { onDelete: "set null" }),
    // The job when the system did it ('data-export', 'erasure', 'breach-notice', 'standing-orders'); null for staff.
    system: text("system"),
    action: text("action", { enum: PROCESSING_ACTIONS }).notNull(),
    // What was read or changed ('order', 'ticket', 'standing-orders', 'processing-log', 'account'), and which one.
    what: text("what").notNull(),
    detail: text("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("processing_log_customer_idx").on(t.customerId, t.at),
    index("processing_log_at_idx").on(t.at),
    check("processing_log_action_check", sql`${t.action} in (${sqlList(PROCESSING_ACTIONS)})`),
  ],
);
