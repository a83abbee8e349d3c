// What a way in is given instead of the Shop (issue 42, decision 068): the use cases, each with
// the Shop already in hand, and a view of the Shop that only reads. A way in that has these and
// not the Shop cannot write but through a use case: a direct write is a type error. Built once
// per Shop.
import type {
  AccountsPort,
  AddressesPort,
  ApiTokensPort,
  CartPort,
  DeliveryPort,
  NewsletterPort,
  OrdersPort,
  PaymentsPort,
  RateLimitPort,
  ReviewsPort,
  Shop,
  StaffCatalogPort,
  StaffCouponsPort,
  StaffPort,
  StockRequestsPort,
  SubscribersPort,
  TicketsPort,
  WishlistPort,
} from "../shop/port.server.ts";
import * as account from "./account.server.ts";
import * as addLines from "./add-lines.server.ts";
import * as addressBook from "./address-book.server.ts";
import * as apiTokens from "./api-tokens.server.ts";
import * as cancel from "./cancel-order.server.ts";
import * as cart from "./cart.server.ts";
import * as checkout from "./checkout.server.ts";
import * as clerkSignIn from "./clerk-sign-in.server.ts";
import * as confirmPayment from "./confirm-payment.server.ts";
import * as coupons from "./coupons.server.ts";
import * as sessions from "./sessions.server.ts";
import * as reviews from "./reviews.server.ts";
import * as deliverySettings from "./delivery-settings.server.ts";
import * as staffCatalog from "./staff-catalog.server.ts";
import * as staffCoupons from "./staff-coupons.server.ts";
import * as devices from "./devices.server.ts";
import * as emailConfirmation from "./email-confirmation.server.ts";
import * as gift from "./gift.server.ts";
import * as mobileSignIn from "./mobile-sign-in.server.ts";
import * as moveOrder from "./move-order.server.ts";
import * as newsletter from "./newsletter.server.ts";
import * as passwordSignIn from "./password-sign-in.server.ts";
import * as placeOrder from "./place-order.server.ts";
import * as replacement from "./replacement.server.ts";
import * as signUp from "./sign-up.server.ts";
import * as stockRequests from "./stock-requests.server.ts";
import * as tickets from "./tickets.server.ts";
import * as wishlist from "./wishlist.server.ts";
import * as limits from "../security/rate-limits.server.ts";

/**
 * The Shop as a way in may see it: every read, no write. The five reads that can write as a side
 * effect (a rolling session renewed, the ERP mirroring an account or a Clerk session, a coupon
 * that no longer applies taken off, a pending payment asked of Razorpay) are reads by intent.
 */
export interface Reads {
  capabilities: Shop["capabilities"];
  catalog: Shop["catalog"];
  viewer: Shop["viewer"];
  accounts: Pick<
    AccountsPort,
    "emailConfirmed" | "byId" | "findLocal" | "knownDevice" | "byMobile" | "emailInUse" | "sessionStartedAt" | "smsSettings" | "resumeSession" | "authenticate" | "clerkCustomer"
  >;
  tokens: Pick<ApiTokensPort, "resume">;
  limits: Pick<RateLimitPort, "blocked">;
  cart: Pick<CartPort, "get">;
  wishlist: Pick<WishlistPort, "list">;
  stockRequests: Pick<StockRequestsPort, "list">;
  addresses: Pick<AddressesPort, "list" | "get" | "book">;
  orders: Pick<OrdersPort, "documents" | "list" | "get" | "latest">;
  payments: Pick<PaymentsPort, "available" | "pending">;
  delivery: Pick<DeliveryPort, "slots" | "isServiceable" | "settings" | "pins">;
  staff: Pick<StaffPort, "isStaff" | "ordersOn" | "customerOfOrder">;
  reviews: Pick<ReviewsPort, "forProduct" | "standing" | "recent">;
  tickets: Pick<TicketsPort, "inbox" | "read" | "get">;
  newsletter: Pick<NewsletterPort, "byConfirmToken" | "byToken">;
  coupons: Pick<StaffCouponsPort, "list">;
  subscribers: Pick<SubscribersPort, "summary">;
  staffCatalog: Pick<StaffCatalogPort, "search" | "topCategories">;
  healthy: Shop["healthy"];
  ready: Shop["ready"];
}

/** The view itself: the same object, seen through the Reads type. */
export function readsOf(shop: Shop): Reads {
  return shop;
}

// A module's use cases with the Shop given: every exported function whose first parameter takes
// the Shop (the module's constants and types are left out).
type Bound<M> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [K in keyof M as M[K] extends (shop: Shop, ...args: any[]) => unknown ? K : never]: M[K] extends (shop: Shop, ...args: infer A) => infer R ? (...args: A) => R : never;
};

function bind<M extends object>(shop: Shop, module: M): Bound<M> {
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) if (typeof value === "function") bound[name] = (...args: unknown[]) => value(shop, ...args);
  return bound as Bound<M>;
}

function build(shop: Shop) {
  return {
    account: bind(shop, account),
    addLines: bind(shop, addLines),
    addressBook: bind(shop, addressBook),
    apiTokens: bind(shop, apiTokens),
    cancel: bind(shop, cancel),
    cart: bind(shop, cart),
    checkout: bind(shop, checkout),
    clerkSignIn: bind(shop, clerkSignIn),
    limits: bind(shop, limits),
    confirmPayment: bind(shop, confirmPayment),
    coupons: bind(shop, coupons),
    sessions: bind(shop, sessions),
    reviews: bind(shop, reviews),
    deliverySettings: bind(shop, deliverySettings),
    staffCatalog: bind(shop, staffCatalog),
    staffCoupons: bind(shop, staffCoupons),
    devices: bind(shop, devices),
    emailConfirmation: bind(shop, emailConfirmation),
    gift: bind(shop, gift),
    mobileSignIn: bind(shop, mobileSignIn),
    moveOrder: bind(shop, moveOrder),
    newsletter: bind(shop, newsletter),
    passwordSignIn: bind(shop, passwordSignIn),
    placeOrder: bind(shop, placeOrder),
    replacement: bind(shop, replacement),
    signUp: bind(shop, signUp),
    stockRequests: bind(shop, stockRequests),
    tickets: bind(shop, tickets),
    wishlist: bind(shop, wishlist),
  };
}

export type UseCases = ReturnType<typeof build>;

const built = new WeakMap<Shop, UseCases>();

/** The use cases of `shop`, built the first time it is asked for. */
export function bindUseCases(shop: Shop): UseCases {
  let useCases = built.get(shop);
  if (!useCases) built.set(shop, (useCases = build(shop)));
  return useCases;
}
