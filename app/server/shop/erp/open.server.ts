// The Shop with SHOP_BACKEND=erp (issue 17, decision 043): the catalogue, carts, wishlists,
// orders, addresses and profiles are the ERP's, spoken to by the specifications' calls;
// sessions, rate limits, tickets, the newsletter, kept mail and the ERP's tokens stay in
// Haat's database, and the catalogue is copied there as the embedded Shop's cache.
import type { Database } from "../../db/client.server.ts";
import type { ImageStore } from "../../images/image-store.server.ts";
import { createShop } from "../open.server.ts";
import { ShopError, type Customer, type Shop, type SubscriptionsPort } from "../port.server.ts";
import { SUBSCRIPTION_MESSAGES } from "../../../domain/subscription.ts";
import { createErpAccounts } from "./accounts.server.ts";
import { createErpCart, createErpViewer, createErpWishlist } from "./cart.server.ts";
import { startCatalogueSync } from "./catalog-mirror.server.ts";
import { createErpClient } from "./client.server.ts";
import { createErpCredentials, type ClerkTokenMint } from "./credentials.server.ts";
import { createErpAddresses, createErpOrders } from "./orders.server.ts";

export interface ErpShopOptions {
  /** The ERP's base URL (ERP_URL); its calls are at /api/…. */
  url: string;
  timeoutMs: number;
  /** How often the catalogue is copied (ERP_CATALOG_SYNC_SECONDS, in ms). */
  syncMs: number;
  /** The cookie secret: the ERP's tokens are kept encrypted with a key made from it. */
  secret: string;
  refreshMs?: number;
  images?: ImageStore | null;
  fetch?: typeof fetch;
  /** AUTH_PROVIDER=clerk: the ERP is sent the customer's Clerk session tokens, minted by Clerk's Backend API (auth/clerk.server.ts clerkTokenMint). */
  clerkTokens?: ClerkTokenMint | null;
  /** STAFF_EMAILS: staff in ERP mode too (the staff side works on Haat's own data: tickets, reviews, the newsletter). */
  staffEmails?: readonly string[];
}

export function createErpShop(database: Database, options: ErpShopOptions): Shop & { warm(): Promise<void> } {
  const base = createShop(
    database,
    options.refreshMs ?? 5000,
    { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0, staffEmails: options.staffEmails ?? [] },
    options.images ?? null,
  );
  const erp = createErpClient({ baseUrl: options.url, timeoutMs: options.timeoutMs, fetch: options.fetch });
  const credentials = createErpCredentials(database.db, erp, options.secret, Date.now, options.clerkTokens ?? null);
  const cart = createErpCart(database.db, erp, credentials);
  const wishlist = createErpWishlist(database.db, erp, credentials, cart);
  const addresses = createErpAddresses(credentials);
  const deliverTo = async (customer: Customer) => {
    const { chosen } = await addresses.book(customer);
    return chosen ? { city: chosen.city, zip: chosen.zip } : null;
  };
  const sync = startCatalogueSync(database.db, erp, options.syncMs);
  // Each part of the port, named for this back end: the ERP's where it owns the data, the
  // shop's own tables where it does not (decision 043).
  return {
    // Kept in step with the ERP's catalogue (catalog-mirror.server.ts); staff edit nothing of it.
    catalog: base.catalog,
    staffCatalog: base.staffCatalog,
    // Coupons are the ERP's: the staff page shows the shop's table read-only.
    coupons: base.coupons,
    // The shop's own, whatever the back end: API tokens, rate limits, delivery slots and PINs,
    // staff roles, reviews, support tickets, the newsletter, the mail queue.
    tokens: base.tokens,
    limits: base.limits,
    postKeys: base.postKeys,
    delivery: base.delivery,
    staff: base.staff,
    reviews: base.reviews,
    tickets: base.tickets,
    newsletter: base.newsletter,
    subscribers: base.subscribers,
    mail: base.mail,
    // The shop's own tables' retention; the ERP keeps its own records by its own rules.
    privacy: base.privacy,
    consents: base.consents,
    dataExports: base.dataExports,
    breaches: base.breaches,
    processingLog: base.processingLog,
    codes: base.codes,
    // Waiting for the mirrored catalogue's stock: told when the mirror or an import puts it back.
    stockRequests: base.stockRequests,
    // No online payment (capabilities.onlinePayment): the port is there for the sweep and returns, which find nothing.
    payments: base.payments,
    healthy: () => base.healthy(),
    poolStats: () => base.poolStats(),
    ready: () => base.ready(),
    // The ERP places an order only once it is paid, and owns orders, prices, stock, coupons and
    // the catalogue: none of that is offered here (decision 043).
    capabilities: {
      onlinePayment: false,
      changeSlot: false,
      staffMovesOrders: false,
      staffEditsCatalogue: false,
      staffEditsCoupons: false,
      staffEditsDelivery: true,
      // The ERP proves its customers by e-mail and password: an account opened with a mobile
      // number would have no ERP customer to order as (decision 053).
      mobileSignIn: false,
      // The ERP takes an order once it is paid, and keeps no schedules: no standing orders (issue 45).
      subscriptions: false,
      erasesAccounts: false,
    },
    subscriptions: noSubscriptions,
    accounts: createErpAccounts(base.accounts, erp, credentials),
    cart,
    wishlist,
    addresses,
    viewer: createErpViewer(cart, wishlist, deliverTo, base.stockRequests),
    orders: createErpOrders(erp, credentials),
    async warm() {
      // The first copy of the catalogue before the shop serves (a down ERP leaves the last copy).
      await sync.first;
      await base.warm();
    },
    async close() {
      sync.stop();
      await base.close();
    },
  };
}

/** The ERP keeps no standing orders: nothing to list or make, and every change said to be unavailable. */
const noSubscriptions: SubscriptionsPort = {
  create: refuseSubscriptions,
  list: async () => [],
  get: async () => null,
  linked: async () => null,
  change: refuseSubscriptions,
  pause: refuseSubscriptions,
  resume: refuseSubscriptions,
  skip: refuseSubscriptions,
  cancel: refuseSubscriptions,
  due: async () => [],
  make: async () => ({ outcome: "not_due" }),
  remind: async () => 0,
  runCutoff: async () => null,
  overview: async (date) => ({ date, active: 0, pausedOn: 0, skippedOn: 0, held: 0, variants: [] }),
  hold: refuseSubscriptions,
  autopayAvailable: false,
  autopay: refuseSubscriptions,
  autopayReturn: refuseSubscriptions,
  autopayRefresh: async () => {},
  autopayStop: async () => {},
};

async function refuseSubscriptions(): Promise<never> {
  throw new ShopError("unavailable", SUBSCRIPTION_MESSAGES.unavailable);
}
