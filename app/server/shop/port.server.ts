// The Shop port: the only way loaders, actions and use cases reach data. Grouped by part;
// each part names the file that builds it for each back end. Every personal method takes
// the signed-in customer and scopes its queries by them.
import type { PoolStats } from "../db/client.server.ts";
import type { DashboardDays, WidgetKey, WidgetRows } from "../../domain/dashboard.ts";
import type { CodeCheck, CodePurpose } from "../../domain/mobile-sign-in.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import type { BreachRecord, NoticeCounts } from "../../domain/privacy/breach.ts";
import type { ShopperQuery } from "../../domain/shopper-search.ts";
import type { ShopErrorCode } from "../../domain/form-reply.ts";
import type { AddressSnapshot, AddressView } from "../../domain/address.ts";
import type { CartEntries, CartLineView, CartSummary } from "../../domain/cart.ts";
import type { CategoryNode, ListingResult, ProductCard, ProductDetail, Suggestion } from "../../domain/catalog.ts";
import type { ListingQuery } from "../../domain/listing.ts";
import type { CheckoutOptions, Instrument, PaymentChoice, PaymentState } from "../../domain/payment.ts";
import type { Slot, SlotKind, SlotOffer } from "../../domain/delivery.ts";
import type { Stage } from "../../domain/order-life.ts";
import type { CreditNoteDocument, InvoiceDocument } from "../../domain/invoice.ts";
import type { Gift } from "../../domain/gift.ts";
import type { SoldByWeight } from "../../domain/weight.ts";
import type { OrderQuery } from "../../domain/order-search.ts";
import type { ReplacedFrom, ReplacementChoice } from "../../domain/replacement.ts";
import type { ProductReviews, ReviewStanding, ReviewView } from "../../domain/review.ts";
import type { CatalogFile } from "../../domain/catalog-file.ts";
import type { SubscriberRow } from "../../domain/csv.ts";
import type { CouponLimits, NewCoupon } from "../../domain/staff-coupon-view.ts";
import type { StaffProduct, StaffVariant, VariantEdit } from "../../domain/staff-catalog.ts";
import type { ImportSummary } from "../catalog/import.server.ts";
import type { MatchedItem } from "../../domain/voice-order.ts";
import type { WishlistItemView } from "../../domain/wishlist.ts";
import type { Frequency, Pause } from "../../domain/subscription.ts";
import type { AutopayStatus } from "../../domain/autopay.ts";
import type { ConsentRecord, ConsentVia, SmsPurpose } from "../../domain/privacy/consent.ts";
import type { ExportTables } from "../../domain/privacy/export.ts";
import type { Erasure } from "./erasure.server.ts";

// Built by app/server/shop/catalog.server.ts (with the ERP, the same, fed by shop/erp/catalog-mirror.server.ts).
export interface CatalogPort {
  /** Top-level categories with their children, in display order (coming_soon last). */
  categories(): Promise<CategoryNode[]>;
  listing(query: ListingQuery): Promise<ListingResult>;
  product(id: number): Promise<ProductDetail | null>;
  /** Up to `limit` products of the same category, same subcategory first, never the product itself. */
  related(product: Pick<ProductDetail, "id" | "categorySlug" | "subSlug">, limit?: number): Promise<ProductCard[]>;
  /**
   * What staff may pack in place of `quantity` of a variant out of stock (issue 29): other
   * products of its subcategory with that many in stock, closest in kind first, then in price and
   * pack size, the first REPLACEMENT_OFFERS unless `limit` says (the rule is replacementsFor in
   * app/domain/replacement.ts), from the catalogue snapshot (the replacing transaction checks the
   * stock again; the replacing use case accepts only one of these).
   */
  replacements(line: { productId: number; unitPricePaise: number; attribute: string; quantity: number }, limit?: number): Promise<ReplacementOffer[]>;
  newProducts(limit: number): Promise<ProductCard[]>;
  suggestions(query: string): Promise<Suggestion[]>;
  /** Products as their pages show them, in id order (the JSON API's list), and how many there are. */
  products(offset: number, limit: number): Promise<{ products: ProductDetail[]; total: number }>;
  /** Every product's id, for the sitemap. */
  productIds(): Promise<number[]>;
  /** A spoken or typed shopping list as the catalogue's items (issue 15), by the shop's own search. */
  voiceOrder(text: string, heard?: { unsure: boolean }): Promise<VoiceOrder>;
  /** Every product's title: what the embedded speech engine listens for. */
  titles(): Promise<string[]>;
  /** How many times this process has changed the catalogue: a page rendered before a change is not served after it (never goes down). */
  generation(): number;
}

export interface VoiceOrder {
  items: MatchedItem[];
  /** How many items were not found. */
  unmatched: number;
}

export interface Customer {
  id: number;
  /** Null for an account opened with a mobile number alone (issue 28). */
  email: string | null;
  /** The verified mobile number (10 digits), when the account has one. */
  mobile?: string | null;
  name: string;
  phone: string;
  /** The language they chose (issue 27), when they have. */
  language?: Locale | null;
}

export interface NewCustomer {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export type ResetOutcome = "changed" | "invalid" | "spent";

// Built by app/server/shop/codes.server.ts (issue 28). Digests only: the code itself never reaches it.
export interface CodesPort {
  /** Keeps a new code for the number, ending its earlier ones; refused within 30 s of the last or past 5 an hour. */
  issue(input: {
    mobile: string;
    purpose: CodePurpose;
    customerId: number | null;
    digest: string;
  }): Promise<{ ok: true; id: number } | { ok: false; waitSeconds: number; tooMany: boolean }>;
  /** One try of the number's live code (counted first), and the tries it has left; `use` spends a right one. */
  check(input: { mobile: string; purpose: CodePurpose; customerId: number | null; digest: string; use: boolean }): Promise<CodeCheck>;
  /** A kept SMS's retry (issue 28): the code `id` gets a new digest and a new 10 minutes, unless it was used, lapsed or replaced. The number, or null. */
  reissue(id: number, digestFor: (mobile: string) => string): Promise<string | null>;
}

// Built by app/server/shop/accounts.server.ts; with the ERP, shop/erp/accounts.server.ts over it.
export interface AccountsPort {
  /** Creates a local account, its e-mail not yet confirmed; ShopError "conflict" when the e-mail has one. */
  register(input: NewCustomer): Promise<Customer>;
  /** The customer whose password this is, else null (same time either way). */
  authenticate(email: string, password: string): Promise<Customer | null>;
  startSession(customerId: number): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The session's customer; a rolling session is pushed 30 days forward at most daily. What the
   * page's header needs (viewer.of) and, given a product, the shopper's review standing
   * (reviews.standing) and, given `cart`, the cart for cart.get come in the same call where it
   * costs nothing more (the embedded Shop); otherwise pages ask viewer.of, reviews.standing and cart.get.
   */
  resumeSession(
    token: string,
    page?: { productId?: number | null; cart?: boolean; review?: boolean },
  ): Promise<{
    customer: Customer;
    expiresAt: Date;
    renewed: boolean;
    viewer?: ViewerFacts;
    standing?: ReviewStanding;
    cart?: SessionRead;
    review?: ReviewRead;
  } | null>;
  endSession(token: string): Promise<void>;
  /** A fresh code for a local account's reset, or null when there is no such account. */
  requestPasswordReset(email: string): Promise<{ customer: Customer; code: string } | null>;
  /**
   * "changed" when the code was right: the password is changed, and every session and known
   * device of the account ends. "spent" once the code has had RESET_CODE_TRIES tries (right
   * or wrong after that); "invalid" for a wrong, expired or used code, or no such account.
   */
  resetPassword(email: string, code: string, newPassword: string): Promise<ResetOutcome>;
  /** Whether the account's mailbox is proved its owner's (decision 047): a confirmation link, a reset code or Clerk. */
  emailConfirmed(customerId: number): Promise<boolean>;
  /** A fresh confirmation link's token (it replaces any earlier one), or null when the e-mail is confirmed already. */
  newEmailConfirmation(customerId: number): Promise<string | null>;
  /** Confirms the account's e-mail with its live link's token; false for a wrong, expired or used one. */
  confirmEmail(customerId: number, token: string): Promise<boolean>;
  /** The customer with this id, or null (the API's signed invoice link names its customer by id). */
  byId(id: number): Promise<Customer | null>;
  /** The local (password) account with this e-mail, or null. */
  findLocal(email: string): Promise<Customer | null>;
  /** The stored id of the browser whose device token this is, when it has signed in to the account with this e-mail; else null. */
  knownDevice(email: string, deviceToken: string): Promise<string | null>;
  /** Remembers (or renews) the browser with this device token as one the customer signs in from. */
  rememberDevice(customerId: number, deviceToken: string): Promise<void>;
  /** Name and mobile; the e-mail stays as it is. */
  updateProfile(customer: Customer, profile: { name: string; phone: string }): Promise<Customer>;
  /** Keeps the language the customer chose with the header's switch. */
  setLanguage(customerId: number, language: Locale): Promise<void>;
  /** The account whose verified mobile number this is (issue 28), else null. */
  byMobile(mobile: string): Promise<Customer | null>;
  /**
   * Opens an account with a verified mobile number (and, when given, an e-mail not yet confirmed).
   * ShopError "conflict" when the e-mail has an account; when the number has one (two first
   * sign-ins at once), that account.
   */
  registerMobile(input: { name: string; mobile: string; email?: string; smsUpdates?: boolean }): Promise<Customer>;
  /**
   * Verifies a mobile number on an account: "taken" when another account has it verified; else the
   * number it replaced. `smsUpdates`: the shopper ticked the box for order updates by SMS (a grant).
   */
  setMobile(customerId: number, mobile: string, smsUpdates?: boolean): Promise<{ set: true; previous: string | null } | { set: false }>;
  /**
   * An e-mail (not yet confirmed) for an account that has no e-mail, with a password (My Account)
   * or without one (Review Order, decision 066: a reset gives it one): "taken" when another
   * account has it, "has-one" when this one does.
   */
  addEmail(customerId: number, email: string, password: string | null): Promise<"added" | "taken" | "has-one">;
  /** Whether any account has this e-mail, with a password or not. */
  emailInUse(email: string): Promise<boolean>;
  /** When the session with this token was started by a sign-in, or null. */
  sessionStartedAt(token: string): Promise<Date | null>;
  /** The account's verified number and whether it takes order updates by SMS. */
  smsSettings(customerId: number): Promise<{ mobile: string | null; updates: boolean }>;
  /**
   * The customer already linked to this Clerk user, or null. `sessionId` is the Clerk session the
   * request came with (the API's bearer): with the ERP, its tokens are what the ERP is sent.
   */
  clerkCustomer(clerkUserId: string, sessionId?: string | null): Promise<Customer | null>;
  /** The customer linked to a Clerk user: by Clerk id, else by e-mail, else a new one. */
  linkClerkUser(user: { clerkUserId: string; email: string; name: string; sessionId?: string | null }): Promise<Customer>;
}

/** What `POST /api/auth/token` answers (issue 17): `expiresIn` is the access token's life in seconds. */
export interface ApiTokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

// Built by app/server/shop/tokens.server.ts, with either back end.
/** The JSON API's bearer tokens with the local provider, stored as digests (decision 042). */
export interface ApiTokensPort {
  issue(customerId: number): Promise<ApiTokenPair>;
  /** The customer of a live (unexpired, unrevoked) access token, else null. */
  resume(accessToken: string): Promise<Customer | null>;
  /**
   * A new pair for a live refresh token, which is spent by it. A spent refresh token used
   * again revokes every token of its family and answers null.
   */
  refresh(refreshToken: string): Promise<ApiTokenPair | null>;
  /** Revokes the pair this access or refresh token belongs to; false when it is unknown. */
  revoke(token: string): Promise<boolean>;
}

// Built by app/server/shop/limits.server.ts, with either back end.
export interface RateLimitPort {
  /**
   * Counts one attempt under `key` and answers in the same statement: not allowed once more
   * than `limit` are counted in the window; `count` is this attempt's number in it.
   */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number; count: number }>;
  /** Whether `key` is already over its limit, without counting. */
  blocked(key: string, limit: number, windowMs: number): Promise<boolean>;
  clear(key: string): Promise<void>;
}

/** What a keyed post found when it asked for its key (PostKeysPort.claim). */
export type PostKeyClaim = { kind: "new" } | { kind: "done"; outcome: unknown } | { kind: "running" } | { kind: "other" };

// Built by app/server/shop/post-keys.server.ts, with either back end.
export interface PostKeysPort {
  /**
   * Takes `key` for this customer in one statement: "new" when no post had it (this one makes
   * the change), "done" with the first post's outcome, or "running" while the first is still
   * being made; "other" when the key was first sent for another `intent` (a form's action and
   * intent, "/addtocart add"): neither answered nor made. Keys older than `keepMs` are forgotten first.
   */
  claim(customerId: number, key: string, keepMs: number, intent: string): Promise<PostKeyClaim>;
  /** Records the outcome of the change made under `key`. */
  finish(customerId: number, key: string, outcome: unknown): Promise<void>;
  /** Gives `key` back when the change was refused or failed: nothing changed, so a repeat may try again. */
  release(customerId: number, key: string): Promise<void>;
}

export interface CartView {
  /** The draft order's id: the spec's cart id. Null until something is added. */
  id: number | null;
  lines: CartLineView[];
  summary: CartSummary;
  count: number;
  /** The applied coupon, re-checked on every read against the cart as it is now. */
  coupon: { code: string; discountPaise: number } | null;
  /** Why an applied coupon was just taken off (the cart no longer qualifies). */
  couponDropped: string | null;
  /** Chosen on the cart page, used when the order is placed. */
  paymentMethod: "cod" | "razorpay" | null;
  /** What the shopper chose on the cart page: upi, card or cod. */
  paymentChoice: PaymentChoice | null;
  /** The gift message set on Review Order (issue 29), while the cart holds a Gifting product. */
  gift: Gift | null;
  /** What to do with an item out of stock at packing (issue 29); a line may say otherwise. Absent from the ERP. */
  replacement?: ReplacementChoice;
}

/**
 * What the session read brought for a Shop method to use rather than read again (the embedded
 * Shop's; the ERP's has none). It names the customer it was read for and is never used for another.
 */
export interface SessionRead {
  /** What was read: a cart read is never taken for an address book, nor the other way. */
  readonly kind: "cart" | "book";
  readonly customerId: number;
  readonly json: unknown;
}

/** The days' delivery slots as the session read brought them (haat_slots()): no one's own. */
export interface SlotsRead {
  readonly json: unknown;
}

/** Review Order's reads, brought with the session (resumeSession's `review`). */
export interface ReviewRead {
  readonly book: SessionRead;
  readonly slots: SlotsRead;
}

export interface CartChange {
  title: string;
  quantity: number;
  /** 'Only {n} item(s) available in stock' when the quantity was clamped. */
  warning?: string;
  /** Why the applied coupon was just taken off: the change left the cart short of it. */
  couponDropped?: string;
}

// Built by app/server/shop/cart.server.ts; with the ERP, shop/erp/cart.server.ts.
export interface CartPort {
  /**
   * The cart with its totals; re-checks the applied coupon and says when it was taken off.
   * `read`: the cart as the session read brought it (resumeSession's `cart`), not read again.
   */
  get(customer: Customer, read?: SessionRead): Promise<CartView>;
  add(customer: Customer, item: { internalReference: string; quantity: number }): Promise<CartChange>;
  /**
   * Several lines at once (buy again, a voice list), each its own add by the same rules: one
   * that cannot be added (no longer sold, out of stock) is listed by its label with the reason,
   * and the others still go in.
   */
  addMany(
    customer: Customer,
    items: readonly { internalReference: string; quantity: number; label: string }[],
  ): Promise<{ added: CartChange[]; refused: { label: string; reason: string }[] }>;
  /**
   * A line is named by its variant's internal_reference (a cart holds a variant once): what the
   * ERP knows, so no back end invents line ids. Not in this customer's cart: ShopError "not_found".
   * Lowering a quantity re-checks the coupon in the same transaction (`couponDropped`).
   */
  setQuantity(customer: Customer, internalReference: string, quantity: number): Promise<CartChange>;
  step(customer: Customer, internalReference: string, by: 1 | -1): Promise<CartChange>;
  /** Re-checks the coupon too; emptying the cart takes it off without a reason. */
  remove(customer: Customer, internalReference: string): Promise<{ title: string; couponDropped?: string }>;
  /** Empties the cart and takes the coupon off, silently. */
  clear(customer: Customer): Promise<void>;
  /** Applies a normalised code; ShopError "invalid" with the reason when it does not apply. */
  applyCoupon(customer: Customer, code: string): Promise<{ code: string; discountPaise: number }>;
  removeCoupon(customer: Customer): Promise<void>;
  /** Records the payment method chosen on the cart page (upi and card are Razorpay's); ShopError when the cart is empty. */
  choosePayment(customer: Customer, choice: PaymentChoice): Promise<void>;
  /**
   * Sets (or, with null, takes off) the cart's gift message. ShopError "invalid" when the cart is
   * empty or holds no Gifting product (GIFT_MESSAGES.notGift).
   */
  setGift(customer: Customer, gift: Gift | null): Promise<void>;
  /**
   * The cart's replacement choice (issue 29), and its lines' by internal reference (null: the
   * order's). A reference not in the cart is refused and nothing is changed.
   */
  setReplacement(customer: Customer, order: ReplacementChoice, lines: ReadonlyMap<string, ReplacementChoice | null>): Promise<void>;
}

/** The fields of a saved address: what an order keeps of it, too. */
export type NewAddress = AddressSnapshot;

// Built by app/server/shop/addresses.server.ts; with the ERP, shop/erp/orders.server.ts (createErpAddresses).
export interface AddressesPort {
  list(customer: Customer): Promise<AddressView[]>;
  /** Not found (null) for anyone else's address. */
  get(customer: Customer, id: number): Promise<AddressView | null>;
  create(customer: Customer, input: NewAddress): Promise<AddressView>;
  update(customer: Customer, id: number, input: NewAddress): Promise<AddressView>;
  /** ShopError "conflict" for the primary address, "not_found" for anyone else's. */
  remove(customer: Customer, id: number): Promise<void>;
  makeDefault(customer: Customer, id: number): Promise<void>;
  /** Remembers the delivery address chosen at checkout for 30 days. */
  select(customer: Customer, id: number): Promise<void>;
  /**
   * Every address (as `list`) and the one orders go to: the remembered choice while it lasts
   * and the address exists, else the default, else the primary, else the first. One query,
   * which on the embedded Shop also says whether the chosen one's PIN is served (else ask
   * delivery.isServiceable). `read`: as the session read brought it (resumeSession's `review`).
   */
  book(customer: Customer, read?: SessionRead): Promise<{ addresses: AddressView[]; chosen: AddressView | null; chosenServed?: boolean }>;
}

export interface OrderLineView {
  /** The line's id (staff mark a line short by it). */
  id: number;
  title: string;
  /** The product's Hindi name as the catalogue has it now (issue 27), when it has one. */
  titleHi?: string;
  attribute: string;
  internalReference: string;
  image: string;
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
  taxRate: number;
  discountPaise: number;
  taxPaise: number;
  /** The HSN code as the catalogue had it when the order was placed ("" when none). */
  hsn: string;
  productId: number;
  /** Sold by weight (issue 29): its price is an estimate until staff weigh it. */
  byWeight?: SoldByWeight;
  /** Once weighed: the grams packed, and what they cost (in place of price times quantity). */
  packedGrams?: number;
  weighedPaise?: number;
  /** The shopper's choice if it is out of stock at packing, where it differs from the order's (issue 29). */
  replacement?: ReplacementChoice;
  /** What staff replaced on this line, when they did. */
  replacedFrom?: ReplacedFrom;
}

/** A tax invoice or credit note issued for an order (decision 065): its number and date. */
export interface IssuedRef {
  number: string;
  issuedAt: Date;
}

/** A credit note as an order lists it. */
export interface CreditNoteRef extends IssuedRef {
  id: number;
  /** What it credits, GST included. */
  totalPaise: number;
}

export interface OrderView {
  /** The order's key: in URLs and the JSON API's calls (the cart's id it was placed from). */
  id: number;
  /** The order's number people see (#3): its own series without gaps, given when it is placed (decision 065). */
  number: number;
  state: "confirmed" | "cancelled";
  placedAt: Date;
  /**
   * The tax invoice, once issued: when the order leaves the shop (Out for delivery), with its own
   * consecutive number per financial year (`HT/26-27/0000042`). Null before: the shopper then gets
   * an order summary. On the ERP back end, the ERP's invoice when it says it issued one.
   */
  invoice: IssuedRef | null;
  /** Credit notes issued after the invoice (items taken back), oldest first. */
  creditNotes: CreditNoteRef[];
  cancelledAt: Date | null;
  paymentMethod: "cod" | "razorpay";
  /** Where the order is in its life (issue 14); a cancelled order keeps the stage it was cancelled at. */
  stage: Stage;
  /** Its timeline, oldest first (only on one order read by itself; empty in lists). */
  events: { stage: Stage | "cancelled" | "slot_changed" | "short" | "weighed" | "replaced" | "returned"; at: Date; note: string | null }[];
  /** The delivery slot, when the order has one. */
  slot: (Slot & { label: string }) | null;
  /** Cash on delivery, or the online payment (Razorpay's method and payment id) and its refund. */
  payment: { state: PaymentState; method: string | null; providerPaymentId: string | null };
  couponCode: string | null;
  subtotalPaise: number;
  /** The coupon's discount. */
  discountPaise: number;
  /** The prepaid discount of an order paid online (decision 031). */
  prepaidDiscountPaise: number;
  taxPaise: number;
  totalPaise: number;
  deliveryAddress: AddressSnapshot;
  lines: OrderLineView[];
  /** The gift message (issue 29): on the packing slip and to staff, never on the invoice. */
  gift?: Gift | null;
  /** What to do with an item out of stock at packing (issue 29); a line may say otherwise. Absent from the ERP. */
  replacement?: ReplacementChoice;
}

/** A tax invoice as issued: number, date and everything it prints (decision 065). */
export interface IssuedInvoice extends IssuedRef {
  document: InvoiceDocument;
}

/** A credit note as issued. */
export interface IssuedCreditNote extends IssuedRef {
  id: number;
  document: CreditNoteDocument;
}

export interface OrderDocuments {
  /** Null until the order leaves the shop (and on the ERP back end, whose invoices are the ERP's). */
  invoice: IssuedInvoice | null;
  creditNotes: IssuedCreditNote[];
  /** On the ERP back end, the ERP's own link to the tax invoice it issued (on its origin). */
  erpInvoiceUrl?: string;
}

export interface TakeBackResult {
  customer: Customer;
  /** The order's number people see. */
  number: number;
  title: string;
  quantity: number;
  totalPaise: number;
  /** What a prepaid order gets back (0 for cash on delivery). */
  refundPaise: number;
  refundId: number | null;
  /** The credit note issued for it (none when nothing came off: an item that cost nothing). */
  creditNote: { id: number; number: string; totalPaise: number } | null;
}

export interface ShortPickResult {
  customer: Customer;
  /** The order's number people see. */
  number: number;
  title: string;
  ordered: number;
  packed: number;
  totalPaise: number;
  /** What a prepaid order gets back (0 for cash on delivery). */
  refundPaise: number;
  refundId: number | null;
}

export interface ReplaceResult {
  customer: Customer;
  /** The order's number people see. */
  number: number;
  /** The titles of the item out of stock and of what replaced it. */
  from: string;
  to: string;
  totalPaise: number;
  /** What a prepaid order gets back (0 for cash on delivery). */
  refundPaise: number;
  refundId: number | null;
}

/** A product staff may pack in place of one out of stock (issue 29): same subcategory, in stock, closest first. */
export interface ReplacementOffer {
  variantId: number;
  productId: number;
  title: string;
  attribute: string;
  internalReference: string;
  pricePaise: number;
  /** What the shopper would pay for it: never more than the item it replaces. */
  chargedPaise: number;
}

export interface WeighResult {
  customer: Customer;
  /** The order's number people see. */
  number: number;
  /** Each weighed line: what it was estimated at, what it weighed, what it costs now. */
  lines: { title: string; grams: number; estimatePaise: number; finalPaise: number }[];
  /** The order's total before and after weighing. */
  estimatePaise: number;
  totalPaise: number;
  /** What a prepaid order gets back (0 for cash on delivery). */
  refundPaise: number;
  refundId: number | null;
}

// Built by app/server/shop/orders.server.ts; with the ERP, shop/erp/orders.server.ts.
export interface OrdersPort {
  /**
   * Places the cart `cartId` in one transaction: paid by cash on delivery, it is confirmed;
   * paid online, its stock is held and it waits for the payment (shop.payments, decision 030).
   * Idempotent: placing a cart that is already an order (or waiting for its payment) answers that order.
   */
  place(
    customer: Customer,
    input: { cartId: number; addressId: number; paymentMethod: "cod" | "razorpay"; slot?: Slot | null },
  ): Promise<{ orderId: number; alreadyPlaced: boolean; awaitingPayment: boolean }>;
  /** Moves an undelivered order to another slot until 2 hours before its own (Specification: Transaction constants). */
  changeSlot(customer: Customer, id: number, slot: Slot): Promise<void>;
  /**
   * Staff: moves an order from `from` to the next stage, once: a second move from the same stage
   * (two staff at once) is refused with what the order is now. `by` is the staff member.
   */
  advance(orderId: number, from: Stage, by: number | null): Promise<{ stage: Stage; customer: Customer; number: number; invoice: IssuedRef | null }>;
  /**
   * Staff: `quantity` of a line taken back after the order left the shop (refused at the door, or
   * returned), until it is all that is left. The order is priced again (repricePacked), a credit
   * note is issued against its invoice (numbered in its own series), a prepaid order's difference
   * is recorded as a refund (`refundId`, for shop.payments.sendRefund). Audited.
   */
  takeBack(orderId: number, lineId: number, quantity: number, by: number): Promise<TakeBackResult>;
  /** The order's issued documents (the tax invoice, its credit notes), frozen as issued; null for anyone else's order. */
  documents(customer: Customer, id: number): Promise<OrderDocuments | null>;
  /**
   * Staff: only `packed` of a line could be packed (fewer than ordered; 0 takes the line off,
   * unless it is the only one), until the order is out for delivery. The order is priced again
   * (repricePacked), the event is on its timeline, and a prepaid order's difference is recorded
   * as a refund (`refundId`, for shop.payments.sendRefund). Audited.
   */
  shortPick(orderId: number, lineId: number, packed: number, by: number): Promise<ShortPickResult>;
  /**
   * Staff: the grams packed of each line sold by weight (by line id), all at once once the order
   * is packed; each within its tolerance. The order is priced again on the weights, the stock
   * moves by the grams over or under, and a prepaid order's difference is recorded as a refund
   * (`refundId`, for shop.payments.sendRefund). Audited.
   */
  weigh(orderId: number, weights: ReadonlyMap<number, number>, by: number): Promise<WeighResult>;
  /**
   * Staff: an item out of stock at packing is replaced by another variant, unless the shopper
   * said not to. The line keeps its quantity; its price is the lower of the two; the stock moves;
   * the order is priced again and a prepaid difference recorded as a refund. Audited.
   */
  replace(orderId: number, lineId: number, variantId: number, by: number): Promise<ReplaceResult>;
  /** Placed and cancelled orders, newest first, in two queries however many there are. */
  list(customer: Customer): Promise<OrderView[]>;
  /** A placed or cancelled order of this customer; null for a draft (the cart) or anyone else's. */
  get(customer: Customer, id: number): Promise<OrderView | null>;
  latest(customer: Customer): Promise<OrderView | null>;
  /** Staff: a slot's placed orders (not cancelled), by number, whoever's, in two queries (issue 46: its slips in one go). */
  inSlot(slot: Slot): Promise<OrderView[]>;
  /**
   * Cancels and returns the stock, once; ShopError "conflict" 'Order is already cancelled.'.
   * An order paid online gets its refund recorded (`refundId`), for shop.payments.sendRefund to ask of Razorpay.
   */
  cancel(customer: Customer, id: number): Promise<{ refundId: number | null }>;
}

export interface DeliverySettings {
  /** Orders below this subtotal are refused (0: no minimum). */
  minOrderPaise: number;
  /** A slot's capacity until staff set one for it. */
  slotCapacity: number;
  /** What delivery costs an order of up to `freeDeliveryAbovePaise` (0: free, as Specification: Transaction constants shows). */
  deliveryFeePaise: number;
  freeDeliveryAbovePaise: number;
  /** The hour (IST, 12-23) the evening before a delivery day at which standing orders close to changes and are made (issue 45). */
  subscriptionCutoffHour: number;
}

// Built by app/server/shop/delivery.server.ts, with either back end.
export interface DeliveryPort {
  /** The slots of the days offered (tomorrow first), with the places left in each; `read`: as the session read brought them. */
  slots(read?: SlotsRead): Promise<SlotOffer[]>;
  /** Whether the shop delivers to a PIN (no PIN list kept: every PIN). */
  isServiceable(pin: string): Promise<boolean>;
  settings(): Promise<DeliverySettings>;
  /** The PINs served, in order. */
  pins(): Promise<{ pin: string; area: string }[]>;
  /** Staff: a slot's capacity (below what is booked closes it to new orders). Audited. */
  setCapacity(staffId: number, slot: Slot, capacity: number): Promise<void>;
  /** Staff: settings (minimum order value, default slot capacity, delivery fee and its threshold), in one transaction. Each change audited. */
  setSettings(staffId: number, changes: Partial<DeliverySettings>): Promise<void>;
  /** Staff: the PINs served. Audited. */
  addPin(staffId: number, pin: string, area: string): Promise<void>;
  removePin(staffId: number, pin: string): Promise<void>;
}

/** An order placed for online payment and waiting for it, its stock held until `expiresAt`. */
export interface PendingPayment {
  orderId: number;
  amountPaise: number;
  instrument: Instrument | null;
  expiresAt: Date;
  /** Why the last attempt failed, as Razorpay said it. */
  lastFailure: string | null;
}

export type PaymentStart = { kind: "link"; url: string } | { kind: "modal"; checkout: CheckoutOptions };

/**
 * What a return from Razorpay came to: the order confirmed, or the payment being given back
 * (it came after the order's hold ended). `fresh` when this call confirmed it (and so mails it).
 */
export interface PaymentOutcome {
  kind: "confirmed" | "refunding";
  orderId: number;
  customer: Customer;
  fresh: boolean;
}

/** A webhook delivery's result (the mail of an order it confirmed goes from the payments port's `placed` hook). */
export interface WebhookResult {
  status: "handled" | "duplicate" | "ignored";
}

// Built by app/server/shop/payments.server.ts (the ERP takes no online payment: capabilities.onlinePayment).
export interface PaymentsPort {
  /** Whether card and UPI are offered (the Razorpay keys are set). */
  readonly available: boolean;
  /**
   * Starts paying an order placed for online payment: a payment link to redirect to (no
   * JavaScript, or the modal could not open) or Standard Checkout's options. Razorpay
   * unreachable or refusing: the hold is released (the cart is as it was) and ShopError
   * 'unavailable' 'Failed to create payment order.'.
   */
  begin(customer: Customer, orderId: number, via: "link" | "modal"): Promise<PaymentStart>;
  /** The customer's order waiting for its payment, after asking Razorpay what became of it (it may be confirmed or released). */
  pending(customer: Customer): Promise<PendingPayment | null>;
  /** The shopper gave up (closed the modal, or 'Cancel payment'): the hold is released and the cart is as it was. */
  abandon(customer: Customer, orderId: number): Promise<void>;
  /** Standard Checkout's three fields (handler or callback_url), checked against the Razorpay order id Haat stored. ShopError 'Payment verification failed.' when they do not verify. */
  completeCheckout(fields: { orderId: string; paymentId: string; signature: string }): Promise<PaymentOutcome>;
  /** A payment link's callback, checked against the link id Haat stored. */
  completeLink(fields: { linkId: string; referenceId: string; status: string; paymentId: string; signature: string }): Promise<PaymentOutcome>;
  /** Standard Checkout's failure answer (callback_url with redirect): noted on the payment; the shopper may try again. */
  noteFailure(fields: { orderId: string; reason: string }): Promise<number | null>;
  /** A webhook delivery, verified over its raw body; a redelivered event id changes nothing. ShopError 'invalid' on a bad signature. */
  webhook(rawBody: string, signature: string | null, eventId: string | null): Promise<WebhookResult>;
  /**
   * Asks Razorpay for the one refund just recorded (a cancel's, a short pick's), outside any
   * transaction. Never throws: false when Razorpay did not accept it now; the sweep retries it.
   */
  sendRefund(refundId: number): Promise<boolean>;
  /** Asks Razorpay for every recorded refund it has not yet accepted (the sweep's part). */
  sendRefunds(): Promise<{ sent: number; failed: number }>;
  /**
   * Ends holds that ran out (after asking Razorpay whether they were paid) and retries refunds,
   * one instance at a time across a cluster (`ran` is false when another instance holds the lease).
   */
  sweep(): Promise<{ confirmed: number; released: number; refunds: number; ran: boolean }>;
}

/** One order on the staff's list of a day. */
export interface StaffOrderRow {
  id: number;
  /** The order's number people see (#3). */
  number: number;
  cancelled: boolean;
  stage: Stage;
  slot: string;
  slotKind: SlotKind | null;
  /** The delivery date (the shop's), null for an order placed without a slot. */
  date: string | null;
  totalPaise: number;
  /** razorpay with `payment` pending is an Autopay standing order whose debit has not come yet (decision 078). */
  paymentMethod: "cod" | "razorpay";
  /** Whether the money is in: cash on delivery is not (until delivered); an online payment captured is. */
  paidOnline: boolean;
  name: string;
  phone: string;
  zip: string;
  items: number;
}

/** One line of a slot's pick list (issue 46): a variant, summed over the slot's orders. */
export interface PickLine {
  variantId: number;
  title: string;
  attribute: string;
  internalReference: string;
  /** Its shelf: the category path the catalogue files it under ("Grocery > Pulses"). */
  shelf: string;
  units: number;
  orders: number;
  /** Sold by weight: what the units are estimated to weigh, in grams. */
  estimateGrams: number | null;
  /** Ticked as picked: by whom and when. */
  picked: { by: string | null; at: Date } | null;
}

// Built by app/server/shop/staff.server.ts, with either back end.
export interface StaffPort {
  /** Whether the customer may open /staff: a confirmed e-mail (decision 047), and role staff or an e-mail in STAFF_EMAILS. */
  isStaff(customer: Customer): Promise<boolean>;
  /** Makes the account with this e-mail staff (`npm run staff -- add`), only once its e-mail is confirmed. */
  makeStaff(email: string): Promise<"made" | "no_account" | "unconfirmed">;
  /** The placed orders for delivery on a date (the shop's), by slot, optionally of one stage. */
  ordersOn(date: string, stage: Stage | null): Promise<StaffOrderRow[]>;
  /** Placed orders of any day matching what staff typed (domain/order-search.ts), the latest delivery first, at most `limit`. */
  findOrders(query: OrderQuery, limit: number): Promise<StaffOrderRow[]>;
  /** The first day from `from` (the shop's date) with an order to deliver, or null when none is booked. */
  nextDeliveryDay(from: string): Promise<string | null>;
  /** A slot's pick list: its placed orders' lines summed by variant, sorted by shelf, each with its tick. Two queries. */
  pickList(slot: Slot): Promise<PickLine[]>;
  /** Ticks a pick list's line as picked (or takes the tick back); refused for a variant not on the slot's list. Answers the line's name. */
  tickPicked(slot: Slot, variantId: number, picked: boolean, by: number): Promise<{ title: string }>;
  /** The shopper an order belongs to (to mail them). */
  customerOfOrder(orderId: number): Promise<Customer | null>;
  /** One dashboard widget's rows over its days (domain/dashboard.ts): one query. */
  figures<K extends WidgetKey>(key: K, days: DashboardDays): Promise<WidgetRows[K]>;
}

/** A review as staff see it: any product's, hidden or not. */
export interface StaffReviewRow extends ReviewView {
  productId: number;
  productTitle: string;
  hidden: boolean;
}

// Built by app/server/shop/reviews.server.ts, with either back end.
export interface ReviewsPort {
  /**
   * The product's published reviews, newest first (at most `limit`), with the count and mean its
   * detail carries. `shopperReviewed`: the viewer wrote one, so there is one to read even when the
   * detail (from another instance's snapshot, not yet reloaded) counts none.
   */
  forProduct(product: { id: number; reviewCount: number; rating: number }, limit?: number, shopperReviewed?: boolean): Promise<ProductReviews>;
  /** Whether the customer may review the product: an order with it was delivered to them, and they have not yet. */
  standing(customer: Customer, productId: number): Promise<ReviewStanding>;
  /**
   * Publishes the customer's review (rating 1 to 5, plain text), once per product; ShopError
   * "invalid" when no order with it was delivered to them, "conflict" when they have reviewed it.
   */
  write(customer: Customer, productId: number, review: { rating: number; body: string }): Promise<ReviewView>;
  /** Staff: the newest reviews of every product, hidden ones too. */
  recent(limit: number): Promise<StaffReviewRow[]>;
  /** Staff: hides a review from its product's page and rating, or shows it again. Audited. */
  setHidden(staffId: number, reviewId: number, hidden: boolean): Promise<void>;
}

// Built by app/server/shop/wishlist.server.ts; with the ERP, shop/erp/cart.server.ts (createErpWishlist).
export interface WishlistPort {
  list(customer: Customer): Promise<WishlistItemView[]>;
  add(customer: Customer, internalReference: string): Promise<void>;
  remove(customer: Customer, which: { item?: number; internalReference?: string }): Promise<void>;
  /** Adds when absent, removes when present; says which. */
  toggle(customer: Customer, internalReference: string): Promise<{ added: boolean }>;
  /** Adds the item's variant to the cart (quantity 1) and takes it off the wishlist. */
  moveToCart(customer: Customer, itemId: number): Promise<CartChange>;
}

export interface TicketView {
  id: number;
  name: string;
  subject: string;
  message: string;
  status: "open" | "answered" | "closed";
  createdAt: Date;
  senderName: string;
  email: string;
  /** The account it was sent from; null when sent signed out. */
  customerId: number | null;
  /** The language of mails about it: the account's chosen one, else the page's it was sent from. */
  language: Locale | null;
  /** The shop's answers, oldest first. */
  replies: { body: string; at: Date }[];
}

// Built by app/server/shop/tickets.server.ts, with either back end.
export interface TicketsPort {
  /** Staff: the tickets not closed, newest first. */
  inbox(): Promise<TicketView[]>;
  /** Staff: any ticket. */
  read(id: number): Promise<TicketView | null>;
  /** Staff: answers a ticket (it becomes 'answered'); audited. The caller mails the answer. */
  answer(staffId: number, id: number, body: string): Promise<TicketView>;
  /** Staff: closes a ticket; audited. */
  close(staffId: number, id: number): Promise<void>;
  /** A new ticket; `key` is the secret of its 'View ticket' link. */
  create(input: {
    customer: Customer | null;
    name: string;
    email: string;
    phone: string;
    subject: string;
    message: string;
    /** The page's language it was sent from (the API's `language`); none: English, unless the account chose. */
    language?: Locale | null;
  }): Promise<{ id: number; name: string; key: string }>;
  /** The ticket, for its customer or for whoever holds its link's key; else null. */
  get(id: number, access: { customer: Customer | null; key: string | null }): Promise<TicketView | null>;
}

// Built by app/server/shop/newsletter.server.ts, with either back end.
export interface NewsletterPort {
  /**
   * Asks to subscribe (double opt-in): an address that is not subscribed and confirmed gets a
   * confirmation link to mail (`confirmToken`), at most once per CONFIRM_RESEND_MS; a confirmed
   * one gets nothing. Subscribing again (or after unsubscribing) is not an error.
   */
  subscribe(email: string): Promise<{ confirmToken: string | null; confirmed: boolean }>;
  /** Follows a confirmation link: the address is subscribed. Null for an unknown token; `already` when it was confirmed before. */
  confirm(token: string): Promise<{ email: string; unsubscribeToken: string; already: boolean } | null>;
  /** The address behind a confirmation link, for its page. */
  byConfirmToken(token: string): Promise<{ email: string; confirmed: boolean } | null>;
  /** The e-mail unsubscribed by this link's token, or null when the token is unknown. */
  unsubscribe(token: string): Promise<string | null>;
  /** The address behind an unsubscribe token, for its page. */
  byToken(token: string): Promise<{ email: string; subscribed: boolean } | null>;
  /** Ends the address's subscription, or its wait for confirmation (My Account); false when there was none. */
  withdraw(email: string, via: ConsentVia): Promise<boolean>;
}

/** An e-mail kept for a later try because sending it failed. */
export interface KeptMail {
  /** "sms" (issue 28): `to` is the mobile number, `subject` the SMS template, `text` its values as JSON. */
  channel?: "mail" | "sms";
  to: string;
  subject: string;
  text: string;
}

// Built by app/server/shop/mail.server.ts, with either back end.
export interface MailQueuePort {
  /** Keeps a mail for a retry; `error` is why the first try failed (that try counts). */
  enqueue(mail: KeptMail, error?: string): Promise<{ id: number }>;
  /**
   * Claims up to `limit` kept mails whose next attempt is due, each counted as one more
   * attempt. A claimed mail is not due again for a lease, so instances running side by side
   * never take the same mail; one whose sender died comes back when the lease ends.
   */
  due(limit: number): Promise<{ id: number; mail: KeptMail; attempts: number }[]>;
  /** Sent: the mail is forgotten. */
  sent(id: number): Promise<void>;
  /** Failed again: due later (backing off), or given up after the last attempt. */
  failed(id: number, error: string): Promise<{ givenUp: boolean }>;
  /** How many are kept for a retry, by channel (given-up ones aside). */
  depth(): Promise<{ channel: "mail" | "sms"; count: number }[]>;
}

export interface Readiness {
  database: boolean;
  migrations: boolean;
  catalogue: boolean;
}

// ---------- staff: coupons and the newsletter's list (issue 14, decision 036) ----------

/** A coupon as staff see it: its rule, whether it is on, and how many placed orders used it. */
export interface StaffCouponView extends NewCoupon {
  id: number;
  active: boolean;
  /** Placed (not cancelled) orders that used it, as the usage limit counts them. */
  used: number;
  createdAt: Date;
}

// Built by app/server/shop/staff-coupons.server.ts (with the ERP, read-only: capabilities.staffEditsCoupons).
export interface StaffCouponsPort {
  /** Every coupon, newest first. */
  list(): Promise<StaffCouponView[]>;
  /** A new coupon, on; ShopError "conflict" when the code is taken (nothing is written). Audited. */
  create(staffId: number, coupon: NewCoupon): Promise<StaffCouponView>;
  /** A coupon's description, limits and dates; ShopError "invalid" for a maximum on a flat coupon. Audited, before and after. */
  update(staffId: number, id: number, limits: CouponLimits): Promise<StaffCouponView>;
  /** Switches a coupon off (it no longer applies, even in carts that hold it) or on. Audited; `changed` is false when it already was. */
  setActive(staffId: number, id: number, active: boolean): Promise<{ code: string; changed: boolean }>;
}

// Built by app/server/shop/subscribers.server.ts, with either back end.
export interface SubscribersPort {
  /** The newsletter's addresses by standing: confirmed and subscribed, waiting for their confirmation, unsubscribed. */
  summary(): Promise<{ subscribed: number; waiting: number; unsubscribed: number; smsOffers: number }>;
  /** The confirmed, still-subscribed addresses, oldest first, for the CSV export; each export is audited. */
  export(staffId: number): Promise<SubscriberRow[]>;
  /** The verified numbers that agreed to offers by SMS, with their language and since when; each export is audited. */
  exportSmsOffers(staffId: number): Promise<SmsOffersRow[]>;
}

/** A number that takes offers by SMS, as the staff's export lists it. */
export interface SmsOffersRow {
  mobile: string;
  language: Locale;
  since: Date;
}

// Built by app/server/shop/staff-catalog.server.ts (with the ERP, read-only: capabilities.staffEditsCatalogue).
/** Staff: the catalogue's prices, stock and category status, and imports (issue 14). */
export interface StaffCatalogPort {
  /** Products whose title or a variant's internal_reference holds `query` (or the first ones), with their variants' figures. */
  search(query: string, limit: number): Promise<StaffProduct[]>;
  /**
   * A variant's price, MRP, stock on hand and in-stock flag. `seen` is what the staff member was
   * shown: ShopError "conflict" when it changed since (two staff at once make one change);
   * "invalid" when stock on hand would go below what orders hold. Audited; placed orders keep
   * their prices; every instance's catalogue refreshes (updated_at).
   */
  updateVariant(staffId: number, variantId: number, seen: VariantEdit, wanted: VariantEdit): Promise<StaffVariant>;
  /** The top-level categories as the database has them now (not the catalogue snapshot's few seconds behind). */
  topCategories(): Promise<{ slug: string; name: string; status: "active" | "coming_soon" }[]>;
  /** A top-level category's status (coming soon tiles go last and are not linked). Audited. */
  setCategoryStatus(staffId: number, slug: string, status: "active" | "coming_soon"): Promise<void>;
  /** Writes a validated catalogue file, as `npm run catalog:import` does, in one transaction with its audit row. */
  importFile(staffId: number, file: CatalogFile, name: string): Promise<ImportSummary>;
  /**
   * Makes an uploaded photo's responsive files and records it as the variant's first picture
   * (decision 041). ShopError "invalid" with the reason when it is not a photo the shop takes;
   * "unavailable" when no image store is set up. Audited.
   */
  addPhoto(staffId: number, variantId: number, upload: Uint8Array): Promise<{ internalReference: string; url: string; width: number; height: number }>;
}

/** What every signed-in page's header knows of the shopper, besides their name. */
export interface ViewerFacts {
  /** The cart's lines by internal_reference: no coupon check, no totals (pages that show a total use cart.get). */
  cart: CartEntries;
  /** internal_reference → wishlist item id */
  wishlist: Record<string, number>;
  /** The chosen delivery address's city and PIN (addresses.book's choice). */
  deliverTo: { city: string; zip: string } | null;
  /** internal_reference → the shopper's open 'Notify Me' request id (stockRequests). */
  notify: Record<string, number>;
}

// Built by app/server/shop/header-facts.server.ts; with the ERP, shop/erp/cart.server.ts (createErpViewer).
export interface ViewerPort {
  /** One read, no writes. */
  of(customer: Customer): Promise<ViewerFacts>;
}

/**
 * What a back end can do (issue 24): the pages read these, so a shopper or staff member is never
 * offered what the back end would refuse. The embedded Shop can do all of it; the ERP adapter
 * leaves out what the ERP owns and its calls cannot do (decision 043).
 */
export interface ShopCapabilities {
  /** Card and UPI through Razorpay (the keys are set, and the back end places orders before payment). */
  onlinePayment: boolean;
  /** The shopper moves an order's delivery slot. */
  changeSlot: boolean;
  /** Staff move orders through their stages and mark lines short. */
  staffMovesOrders: boolean;
  /** Staff edit prices, stock, categories and photos, and import catalogue files. */
  staffEditsCatalogue: boolean;
  /** Staff create, edit and switch coupons. */
  staffEditsCoupons: boolean;
  /** Slots' capacity, the served PINs and the delivery settings are the shop's to change. */
  staffEditsDelivery: boolean;
  /** Accounts signed in (and opened) with a mobile number and a code by SMS (issue 28). */
  mobileSignIn: boolean;
  /** Standing orders (issue 45): the ERP keeps no schedules, so its adapter offers none. */
  subscriptions: boolean;
  /** 'Delete my account' erases the account here (issue 48); with the ERP, the account and its orders are the ERP's. */
  erasesAccounts: boolean;
}

/** A shopper's open 'Notify Me' request (issue 29). */
export interface StockRequestView {
  id: number;
  createdAt: Date;
  productId: number;
  title: string;
  titleHi?: string;
  attribute: string;
  internalReference: string;
  image: string;
}

// Built by app/server/shop/stock-requests.server.ts.
export interface StockRequestsPort {
  /** Asks to be told when an out-of-stock variant is back; refused while it is in stock. Asking again changes nothing. */
  request(customer: Customer, internalReference: string, language: Locale, via?: Extract<ConsentVia, "product-page" | "api">): Promise<{ title: string }>;
  /** The shopper's open requests, newest first. */
  list(customer: Customer): Promise<StockRequestView[]>;
  /** Ends an open request: the consent is withdrawn (`via` "my-account" unless said). */
  cancel(customer: Customer, id: number, via?: Extract<ConsentVia, "my-account" | "api">): Promise<void>;
}

/** A standing order as its shopper (and staff) see it (issue 45). */
export interface SubscriptionView {
  id: number;
  productId: number;
  title: string;
  titleHi?: string;
  attribute: string;
  internalReference: string;
  image: string;
  pricePaise: number;
  quantity: number;
  frequency: Frequency;
  startDate: string;
  slotKind: SlotKind;
  addressId: number | null;
  /** "Name, street, city PIN", or null when the address was removed. */
  address: string | null;
  paymentMethod: "cod" | "razorpay";
  /** Paid by Autopay (decision 078): how, how far approved, and the most one charge may take. Null for cash on delivery. */
  autopay: { method: "upi" | "card"; status: AutopayStatus; maxPaise: number } | null;
  status: "active" | "cancelled";
  /** Staff held it back (a discontinued product), said to the shopper. */
  heldReason: string | null;
  pauses: Pause[];
  skips: string[];
  /** What the cut-off did with its last days, newest first. */
  days: { date: string; outcome: "made" | "skipped"; orderId: number | null; orderNumber: number | null; reason: string | null }[];
}

export interface NewSubscription {
  internalReference: string;
  quantity: number;
  frequency: Frequency;
  startDate: string;
  slotKind: SlotKind;
  addressId: number;
  language: Locale;
}

/** How a standing order is paid: on delivery, or by an Autopay mandate (UPI or card) the shopper approves on Razorpay. */
export type SubscriptionPayment = { paymentMethod: "cod" } | { paymentMethod: "razorpay"; instrument: "upi" | "card" };

/** A mandate's registration link's return (GET from Razorpay), as posted: verified against what Haat stored. */
export interface AutopayReturn {
  invoiceId: string;
  receipt: string;
  status: string;
  paymentId: string;
  signature: string;
}

export type SubscriptionChange = Partial<Pick<NewSubscription, "quantity" | "frequency" | "slotKind" | "addressId">>;

/** What the cut-off did with one day of one subscription. */
export type MadeDay = { outcome: "made"; orderId: number } | { outcome: "skipped"; reason: string } | { outcome: "done" } | { outcome: "not_due" };

/** A shopper's personal data under the DPDP Act (issue 48). */
/** What a shopper has agreed to (issue 48 item 2): each standing choice, and the ledger's history, newest first. */
export interface ConsentsView {
  /** Null: the account has no e-mail to send it to; "unconfirmed": its e-mail is not yet proved the account's. */
  newsletter: "given" | "waiting" | "not-given" | "unconfirmed" | null;
  /** Null: no verified number to send them to. */
  orderSms: boolean | null;
  offersSms: boolean | null;
  history: ConsentRecord[];
}

// Built by app/server/shop/consents.server.ts, with either back end.
export interface ConsentsPort {
  view(customer: Customer): Promise<ConsentsView>;
  /** Gives or withdraws an SMS purpose; false when it already stood so. Given only to a verified number (ShopError "conflict"). */
  setSms(customerId: number, purpose: SmsPurpose, granted: boolean, via: ConsentVia): Promise<boolean>;
}

/** An export as My Account shows it (issue 48 item 3). */
export interface DataExportView {
  id: number;
  status: "pending" | "ready" | "downloaded" | "failed";
  bytes: number | null;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
}

// Built by app/server/shop/data-exports.server.ts, with either back end.
export interface DataExportsPort {
  /** Asks for an export: a new one (`fresh`), or the one already being made or ready. */
  request(customerId: number, language: Locale): Promise<{ id: number; status: "pending" | "ready"; fresh: boolean }>;
  /** The next export waiting to be made, claimed for a few minutes by this instance; null when none. */
  claim(): Promise<{ id: number; customerId: number; language: string } | null>;
  /** Every table's rows that are the shopper's, secrets left out. */
  personalData(customerId: number): Promise<ExportTables>;
  /** Removes the bytes of files past their hours that nobody came for; how many. */
  dropExpired(): Promise<number>;
  /** The made file (ready for EXPORT_LINK_HOURS), or null: it failed. Null when it was no longer pending. */
  finish(id: number, file: Uint8Array | null): Promise<{ expiresAt: Date | null } | null>;
  latest(customerId: number): Promise<DataExportView | null>;
  /** Hands the file over, once, within its hours; its bytes go. */
  take(customerId: number, id: number): Promise<{ file: Uint8Array } | { refused: "not-found" | "pending" | "used" | "expired" }>;
}

/** One entry of the processing log (issue 48 item 7): a staff member's or a job's read or change of a shopper's data. */
export interface ProcessingEntry {
  customerId: number;
  /** The staff member; null (or absent) for one of the shop's jobs. */
  staffId?: number | null;
  /** The job ('data-export', 'erasure', 'breach-notice'), for the system's entries. */
  system?: string | null;
  action: "read" | "change";
  what: string;
  detail?: string | null;
}

/** A line of a shopper's processing log as staff read it: staff's reads, their changes and the jobs' work, merged. */
export interface ProcessingLogLine {
  at: Date;
  by: { staff: string | null } | { system: string };
  action: "read" | "change";
  what: string;
  detail: string | null;
}

export interface ShopperFound {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  erasedAt: Date | null;
  createdAt: Date;
}

// Built by app/server/shop/processing-log.server.ts, with either back end.
export interface ProcessingLogPort {
  record(entries: readonly ProcessingEntry[]): Promise<void>;
  /** Shoppers by e-mail, verified mobile, an order's number, or part of the name. */
  findShoppers(query: ShopperQuery, limit?: number): Promise<ShopperFound[]>;
  /** One shopper as staff see them at the head of their log, with the e-mail proved theirs (or null). */
  person(customerId: number): Promise<(ShopperFound & { provedEmail: string | null }) | null>;
  /** The shopper's log for the year it is kept, newest first; `provedEmail` ties their signed-out messages to them. */
  forCustomer(customerId: number, provedEmail: string | null, limit?: number): Promise<ProcessingLogLine[]>;
}

/** A breach as staff list it. */
export type BreachSummary = BreachRecord & { recordedAt: Date; noticesQueuedAt: Date | null; boardNotifiedAt: Date | null };
export type BreachView = BreachSummary & { boardReference: string | null; counts: NoticeCounts };

/** A notice claimed for sending, with the account's address now (null: erased meanwhile, or none on this channel). */
export interface BreachNoticeJob {
  id: number;
  breachId: number;
  customerId: number;
  channel: "mail" | "sms";
  to: string | null;
  language: string | null;
  breach: BreachRecord;
}

export interface BreachNoticeRow {
  id: number;
  customerId: number;
  channel: "mail" | "sms";
  status: "pending" | "sent" | "kept" | "failed" | "skipped";
  error: string | null;
  queuedAt: Date;
  sentAt: Date | null;
}

// Built by app/server/shop/breaches.server.ts, with either back end.
export interface BreachesPort {
  /** Records a breach and whom it touched; `unknown` lists the e-mails and numbers no account has (nothing is written then). Audited. */
  record(staffId: number, input: Omit<BreachRecord, "id">, people: { emails: string[]; mobiles: string[] }): Promise<{ id: number } | { unknown: string[] }>;
  list(): Promise<BreachSummary[]>;
  get(id: number): Promise<BreachView | null>;
  /** The log of telling each person, the latest first. */
  notices(id: number, limit?: number): Promise<BreachNoticeRow[]>;
  /** Queues one notice per account touched and channel it has, once (again: only those new). Audited. Null: no such breach. */
  queueNotices(staffId: number, id: number): Promise<{ people: number; again: boolean } | null>;
  /** The next notices to send, each claimed for a few minutes by this instance. */
  claimNotices(limit?: number): Promise<BreachNoticeJob[]>;
  noticeDone(id: number, status: "sent" | "kept" | "failed" | "skipped", error?: string): Promise<void>;
  /** Staff sent the Board's notice (through the Board's own channel): when, and its reference. Audited. */
  recordBoardNotice(staffId: number, id: number, reference: string): Promise<boolean>;
  /** The breaches the shopper was told of, for My Account. */
  forCustomer(customerId: number): Promise<(BreachRecord & { notifiedAt: Date })[]>;
}

export interface PrivacyPort {
  /**
   * Removes what has outlived its period in the retention table (the daily job): how many rows of
   * each kind went; null while another instance of the cluster is doing it.
   */
  removeExpired(now?: Date): Promise<Record<string, number> | null>;
  /**
   * Erases the account at its owner's word (issue 48 item 4): all but the orders the GST law keeps,
   * in one transaction; refused while an order is on its way or a standing order is active.
   */
  erase(customerId: number): Promise<Erasure>;
}

// Built by app/server/shop/subscriptions.server.ts; the ERP adapter has none (capabilities.subscriptions).
export interface SubscriptionsPort {
  /** A product the catalogue marks subscribable, to a saved address in a PIN served, from a day still open. */
  create(customer: Customer, input: NewSubscription & SubscriptionPayment): Promise<{ id: number }>;
  /** The shopper's subscriptions, active first, newest first. */
  list(customer: Customer): Promise<SubscriptionView[]>;
  get(customer: Customer, id: number): Promise<SubscriptionView | null>;
  /** The subscription a reminder's link names, once the link has proved itself (no customer to scope by). */
  linked(id: number): Promise<SubscriptionView | null>;
  /** Changes what later deliveries bring; days whose cut-off has passed keep what they were made with. */
  change(customer: Customer, id: number, change: SubscriptionChange): Promise<void>;
  /** No deliveries from one day to another (checkPause). */
  pause(customer: Customer, id: number, pause: Pause): Promise<void>;
  /** Ends every pause from the first open day on. */
  resume(customer: Customer, id: number): Promise<void>;
  /**
   * Skips one delivery (checkSkip). `customer` null: the reminder's link, which proved itself.
   * Answers false when the day was already skipped (a link used again).
   */
  skip(customer: Customer | null, id: number, date: string, via: "account" | "link" | "api"): Promise<{ skipped: boolean; view: SubscriptionView }>;
  /** Stops it for good; orders already made stay. */
  cancel(customer: Customer, id: number): Promise<void>;
  /** The job: the subscriptions that deliver on `date` and have not been made for it. */
  due(date: string): Promise<number[]>;
  /**
   * The job: one day of one subscription, once. The order is placed as any order is (slot, stock,
   * PIN, minimum); what cannot be is skipped, and the shopper told by SMS and mail, in the same
   * transaction that records it.
   */
  make(id: number, date: string): Promise<MadeDay>;
  /** The job: the evening reminder of every delivery on `date`, each once. Answers how many were queued. */
  remind(date: string): Promise<number>;
  /**
   * The job's pass, under a lease (one instance at a time): after the reminder hour, tomorrow's
   * reminders; after the cut-off, every day still to make (daysToMake), each subscription once.
   * Null while another instance holds the lease.
   */
  runCutoff(): Promise<CutoffRun | null>;
  /** Staff: the standing orders of each variant subscribed to, and what `date` brings. */
  overview(date: string): Promise<SubscriptionsOverview>;
  /**
   * Staff: holds back every active subscription of a variant (a discontinued product) with the
   * reason the shopper is told by mail, or releases them (reason null). Audited. Answers how many.
   */
  hold(staffId: number, variantId: number, reason: string | null): Promise<number>;
  /** Whether Autopay can be offered (Razorpay is set up). */
  autopayAvailable: boolean;
  /**
   * The registration link the shopper approves a subscription's mandate on (null: approved
   * already, or `linkFailed`: Razorpay could not make one just now; the subscription stands).
   */
  autopay(customer: Customer, id: number): Promise<{ url: string | null; linkFailed?: boolean }>;
  /** The registration link's return, verified; answers whose it was and whether it is approved. */
  autopayReturn(fields: AutopayReturn): Promise<{ subscriptionId: number; approved: boolean; language: Locale }>;
  /** Asks Razorpay about the shopper's links still waiting for approval (their return may never come). */
  autopayRefresh(customer: Customer): Promise<void>;
  /** Ends a cancelled subscription's mandate with the bank; never throws. */
  autopayStop(id: number): Promise<void>;
}

/** The staff's view of standing orders (issue 45): counts for a day, and each variant's. */
export interface SubscriptionsOverview {
  date: string;
  active: number;
  pausedOn: number;
  skippedOn: number;
  held: number;
  variants: {
    variantId: number;
    productId: number;
    title: string;
    attribute: string;
    internalReference: string;
    active: number;
    held: number;
    /** Subscriptions delivering on `date`, and the units they bring. */
    dueOn: number;
    unitsOn: number;
  }[];
}

/** What one pass of the cut-off job did. */
export interface CutoffRun {
  reminded: number;
  made: number;
  skipped: number;
  /** Autopay charges asked of Razorpay, and those it refused at once. */
  charged: number;
  chargeFailed: number;
  days: string[];
}

export interface Shop {
  /** What this back end can do; the pages offer nothing else. */
  capabilities: ShopCapabilities;
  /** Staff: the coupons (issue 14). */
  coupons: StaffCouponsPort;
  /** Staff: the newsletter's subscriber list (issue 14). */
  subscribers: SubscribersPort;
  catalog: CatalogPort;
  accounts: AccountsPort;
  /** One-time codes sent by SMS (issue 28). */
  codes: CodesPort;
  /** The JSON API's bearer tokens (issue 17). */
  tokens: ApiTokensPort;
  limits: RateLimitPort;
  /** Keys of posts a browser may send again (issue 26): each change is made once. */
  postKeys: PostKeysPort;
  cart: CartPort;
  wishlist: WishlistPort;
  /** 'Notify Me' (issue 29): shoppers waiting for an item to be back in stock. */
  stockRequests: StockRequestsPort;
  addresses: AddressesPort;
  viewer: ViewerPort;
  orders: OrdersPort;
  payments: PaymentsPort;
  delivery: DeliveryPort;
  staff: StaffPort;
  staffCatalog: StaffCatalogPort;
  reviews: ReviewsPort;
  tickets: TicketsPort;
  newsletter: NewsletterPort;
  mail: MailQueuePort;
  /** Standing orders (issue 45). */
  subscriptions: SubscriptionsPort;
  /** Personal data: retention (issue 48). */
  privacy: PrivacyPort;
  consents: ConsentsPort;
  dataExports: DataExportsPort;
  /** Breaches of personal data and the notices of them (issue 48 item 6). */
  breaches: BreachesPort;
  /** Who read or changed a shopper's data (issue 48 item 7). */
  processingLog: ProcessingLogPort;
  /** True when the database answers. */
  healthy(): Promise<boolean>;
  /** The database pool's connections (PostgreSQL), or null (the embedded database). */
  poolStats(): PoolStats | null;
  /** Whether this instance can serve shoppers: the database answers, every migration is applied, the catalogue is loaded. */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}

/** A failure with the shopper-facing message from the specifications' error catalogue. */
export class ShopError extends Error {
  readonly code: ShopErrorCode;
  constructor(code: ShopError["code"], message: string) {
    super(message);
    this.name = "ShopError";
    this.code = code;
  }
}
