// What a way in is given instead of the Shop (issue 42, decision 068): the use cases, each with
// the Shop already in hand, and a view of the Shop that only reads. A way in that has these and
// not the Shop cannot write but through a use case: a direct write is a type error. Built once
// per Shop.
import type {
  AccountsPort,
  Customer,
  NewAddress,
  AddressesPort,
  ApiTokensPort,
  CartPort,
  ConsentsPort,
  DataExportsPort,
  BreachesPort,
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
  SubscriptionsPort,
  TicketsPort,
  WishlistPort,
} from "../shop/port.server.ts";
import { appEnv } from "../env.server.ts";
import { mailer, type Mailer } from "../mail/mailer.server.ts";
import { smsSender, type SmsSender } from "../sms/sms.server.ts";
import * as account from "./account.server.ts";
import * as addLines from "./add-lines.server.ts";
import * as addressBook from "./address-book.server.ts";
import * as apiTokens from "./api-tokens.server.ts";
import * as cancel from "./cancel-order.server.ts";
import * as cart from "./cart.server.ts";
import * as checkout from "./checkout.server.ts";
import * as clerkSignIn from "./clerk-sign-in.server.ts";
import * as confirmPayment from "./confirm-payment.server.ts";
import * as consents from "./consents.server.ts";
import * as dataExport from "./data-export.server.ts";
import * as breaches from "./breaches.server.ts";
import * as processingLog from "./processing-log.server.ts";
import * as erasure from "./erasure.server.ts";
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
import * as picking from "./picking.server.ts";
import * as replacement from "./replacement.server.ts";
import * as signUp from "./sign-up.server.ts";
import * as stockRequests from "./stock-requests.server.ts";
import * as subscriptions from "./subscriptions.server.ts";
import * as tickets from "./tickets.server.ts";
import * as wishlist from "./wishlist.server.ts";
import * as limits from "../security/rate-limits.server.ts";
import { tracedTree, tracing } from "../telemetry/trace.server.ts";

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
  consents: Pick<ConsentsPort, "view">;
  dataExports: Pick<DataExportsPort, "latest">;
  breaches: Pick<BreachesPort, "list" | "get" | "notices" | "forCustomer">;
  addresses: Pick<AddressesPort, "list" | "get" | "book">;
  orders: Pick<OrdersPort, "documents" | "list" | "get" | "latest" | "inSlot">;
  payments: Pick<PaymentsPort, "available" | "pending">;
  delivery: Pick<DeliveryPort, "slots" | "isServiceable" | "settings" | "pins">;
  staff: Pick<StaffPort, "isStaff" | "ordersOn" | "findOrders" | "nextDeliveryDay" | "pickList" | "customerOfOrder" | "figures">;
  reviews: Pick<ReviewsPort, "forProduct" | "standing" | "recent">;
  tickets: Pick<TicketsPort, "inbox" | "read" | "get">;
  newsletter: Pick<NewsletterPort, "byConfirmToken" | "byToken">;
  coupons: Pick<StaffCouponsPort, "list">;
  subscribers: Pick<SubscribersPort, "summary">;
  subscriptions: Pick<SubscriptionsPort, "list" | "get" | "linked" | "overview">;
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

/** How the use cases reach people: the mailer, and the SMS sender when the shop sends SMS. */
export interface Senders {
  mail: Mailer;
  sms: SmsSender | null;
}

/** The process's configured senders (each memoised by its module, and made afresh when its configuration changes). */
function configuredSenders(): Senders {
  const env = appEnv();
  return { mail: mailer(env), sms: smsSender(env) };
}

// A function with its first parameters given: (a, b, ...rest) => r becomes (...rest) => r.
type Given<F, P extends unknown[]> = F extends (...args: [...P, ...infer A]) => infer R ? (...args: A) => R : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function given<F extends (...args: any[]) => unknown, P extends unknown[]>(fn: F, first: () => P): Given<F, P> {
  return ((...rest: unknown[]) => fn(...first(), ...rest)) as Given<F, P>;
}

function build(shop: Shop, fixed: Senders | null) {
  const senders = () => fixed ?? configuredSenders();
  const withMail = (): [Shop, Mailer] => [shop, senders().mail];
  const withSms = (): [Shop, SmsSender | null] => [shop, senders().sms];
  const withBoth = (): [Shop, Mailer, SmsSender | null] => [shop, senders().mail, senders().sms];
  // Review Order's 'Also use this e-mail for my account' adds a way in: it mails and texts.
  const keeping = (options: addressBook.AddressOptionsIn = {}): addressBook.AddressOptions => {
    const { keepEmail, ...rest } = options;
    return keepEmail ? { ...rest, keepEmail: { ...keepEmail, ...senders() } } : rest;
  };
  return {
    account: bind(shop, account),
    addLines: bind(shop, addLines),
    addressBook: {
      ...bind(shop, addressBook),
      addAddress: (customer: Customer, input: NewAddress, options?: addressBook.AddressOptionsIn) => addressBook.addAddress(shop, customer, input, keeping(options)),
      changeAddress: (customer: Customer, id: number, change: Partial<NewAddress>, options?: addressBook.AddressOptionsIn) =>
        addressBook.changeAddress(shop, customer, id, change, keeping(options)),
    },
    apiTokens: bind(shop, apiTokens),
    cancel: bind(shop, cancel),
    cart: bind(shop, cart),
    picking: bind(shop, picking),
    checkout: bind(shop, checkout),
    clerkSignIn: bind(shop, clerkSignIn),
    limits: bind(shop, limits),
    confirmPayment: bind(shop, confirmPayment),
    consents: { ...bind(shop, consents), giveConsent: given(consents.giveConsent, withMail) },
    erasure: bind(shop, erasure),
    breaches: {
      ...bind(shop, breaches),
      notifyShoppers: given(breaches.notifyShoppers, withBoth),
      sendBreachNotices: given(breaches.sendBreachNotices, withBoth),
    },
    processingLog: bind(shop, processingLog),
    dataExport: {
      ...bind(shop, dataExport),
      requestDataExport: given(dataExport.requestDataExport, withMail),
      makeDataExports: given(dataExport.makeDataExports, withMail),
    },
    coupons: bind(shop, coupons),
    sessions: bind(shop, sessions),
    reviews: bind(shop, reviews),
    deliverySettings: bind(shop, deliverySettings),
    staffCatalog: bind(shop, staffCatalog),
    staffCoupons: bind(shop, staffCoupons),
    devices: bind(shop, devices),
    emailConfirmation: {
      ...bind(shop, emailConfirmation),
      mailConfirmationLink: given(emailConfirmation.mailConfirmationLink, withMail),
      mailConfirmationAgain: given(emailConfirmation.mailConfirmationAgain, withMail),
    },
    gift: bind(shop, gift),
    mobileSignIn: {
      ...bind(shop, mobileSignIn),
      sendCode: given(mobileSignIn.sendCode, withSms),
      signInWithCode: given(mobileSignIn.signInWithCode, withBoth),
      sendAddMobileCode: given(mobileSignIn.sendAddMobileCode, withSms),
      addMobile: (customer: Customer, input: Parameters<typeof mobileSignIn.addMobile>[3]) => mobileSignIn.addMobile(shop, senders().sms, customer, input, senders().mail),
      addEmailToAccount: given(mobileSignIn.addEmailToAccount, withBoth),
    },
    moveOrder: bind(shop, moveOrder),
    newsletter: {
      ...bind(shop, newsletter),
      subscribe: given(newsletter.subscribe, withMail),
      confirmSubscription: given(newsletter.confirmSubscription, withMail),
    },
    passwordSignIn: {
      ...bind(shop, passwordSignIn),
      signInWithPassword: given(passwordSignIn.signInWithPassword, withMail),
      sendResetCode: given(passwordSignIn.sendResetCode, withMail),
    },
    placeOrder: bind(shop, placeOrder),
    replacement: bind(shop, replacement),
    signUp: { ...bind(shop, signUp), signUp: given(signUp.signUp, withMail) },
    stockRequests: bind(shop, stockRequests),
    subscriptions: bind(shop, subscriptions),
    tickets: { ...bind(shop, tickets), answerTicket: given(tickets.answerTicket, withMail) },
    wishlist: bind(shop, wishlist),
  };
}

export type UseCases = ReturnType<typeof build>;

const built = new WeakMap<Shop, UseCases>();

/** With tracing on (issue 47), each use case a span of its own; untouched otherwise. */
const spanned = (useCases: UseCases): UseCases => (tracing() ? tracedTree(useCases) : useCases);

/**
 * The use cases of `shop`, built the first time it is asked for, with the process's configured
 * senders; a test gives its own (`senders`), and gets use cases of its own.
 */
export function bindUseCases(shop: Shop, senders?: Senders): UseCases {
  if (senders) return spanned(build(shop, senders));
  let useCases = built.get(shop);
  if (!useCases) built.set(shop, (useCases = spanned(build(shop, null))));
  return useCases;
}
