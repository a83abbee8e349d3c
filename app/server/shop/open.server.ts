// Opens the embedded Shop: the database (PGlite or PostgreSQL), its migrations, the
// demo seed for an empty catalogue, and the catalogue snapshot.
import fs from "node:fs";
import { parseCatalogFile } from "../../domain/catalog-file.ts";
import { catalogIsEmpty, CatalogImportError, importCatalog } from "../catalog/import.server.ts";
import { MIGRATIONS_DIR, type Database } from "../db/client.server.ts";
import { variants } from "../db/schema.server.ts";
import { makeDemoPhotos } from "../images/demo-photos.server.ts";
import type { ImageStore } from "../images/image-store.server.ts";
import { projectPath } from "../project-root.server.ts";
import { createAccounts } from "./accounts.server.ts";
import { createCodes } from "./codes.server.ts";
import { createApiTokens } from "./tokens.server.ts";
import { createAddresses } from "./addresses.server.ts";
import { createMailQueue } from "./mail.server.ts";
import { createNewsletter } from "./newsletter.server.ts";
import { createConsents } from "./consents.server.ts";
import { createDataExports } from "./data-exports.server.ts";
import { createBreaches } from "./breaches.server.ts";
import { createProcessingLog } from "./processing-log.server.ts";
import { createOrders } from "./orders.server.ts";
import { createPayments } from "./payments.server.ts";
import { createDelivery } from "./delivery.server.ts";
import { createReviews } from "./reviews.server.ts";
import { createStaffCatalog } from "./staff-catalog.server.ts";
import { createStaff } from "./staff.server.ts";
import type { RazorpayConfig } from "../env.server.ts";
import type { Gateway } from "../payments/razorpay.server.ts";
import { store } from "../../domain/store-config.ts";
import { createTickets } from "./tickets.server.ts";
import { createStaffCoupons } from "./staff-coupons.server.ts";
import { createSubscribers } from "./subscribers.server.ts";
import { createSubscriptions } from "./subscriptions.server.ts";
import { createRetention } from "./retention.server.ts";
import { createAutopay } from "./autopay.server.ts";
import { createCart } from "./cart.server.ts";
import { createCatalog } from "./catalog.server.ts";
import { createLimits } from "./limits.server.ts";
import { createPostKeys } from "./post-keys.server.ts";
import { createViewer } from "./header-facts.server.ts";
import { createStockRequests } from "./stock-requests.server.ts";
import { createWishlist } from "./wishlist.server.ts";
import { ShopError, type Customer, type Shop } from "./port.server.ts";
import { sql } from "drizzle-orm";

export const DEMO_CATALOG = projectPath("scripts", "demo-catalog.json");

/** How the shop takes payment: cash on delivery always; Razorpay when configured (issue 12). */
export interface ShopPaymentOptions {
  razorpay: RazorpayConfig | null;
  publicOrigin: string;
  /** Given on orders paid online (decision 031); only when Razorpay is configured. */
  prepaidPercent: number;
  gateway?: Gateway;
  now?: () => Date;
  /** STAFF_EMAILS: accounts that are staff whatever their role. */
  staffEmails?: readonly string[];
  /**
   * Called once for each order a payment confirmed (the return, the API's verify, the webhook,
   * the sweep, the shopper's next visit), after its transaction commits: its 'order placed'
   * mail, wired where the shop is opened (open-shop.server.ts), since the shop sends no mail.
   */
  placed?: (shop: Shop, order: { customer: Customer; orderId: number }) => Promise<void>;
}

const CASH_ONLY: ShopPaymentOptions = { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0 };

/** The port, with `changed` called after each of `methods` (all of them when not named) settles. */
function thenChanged<T extends object>(port: T, changed: () => void, methods?: (keyof T)[]): T {
  const wrapped = { ...port };
  for (const name of methods ?? (Object.keys(port) as (keyof T)[])) {
    const method = port[name];
    if (typeof method !== "function") continue;
    wrapped[name] = ((...args: unknown[]) => Promise.resolve((method as (...a: unknown[]) => unknown).apply(port, args)).finally(changed)) as T[keyof T];
  }
  return wrapped;
}

export function createShop(database: Database, refreshMs = 5000, pay: ShopPaymentOptions = CASH_ONLY, images: ImageStore | null = null): Shop & { warm(): Promise<void> } {
  const catalog = createCatalog(database.db, { refreshMs });
  // No prepaid orders without a payment provider, so no prepaid discount either.
  const prepaidPercent = pay.razorpay ? pay.prepaidPercent : 0;
  const payments = createPayments(database.db, {
    razorpay: pay.razorpay,
    publicOrigin: pay.publicOrigin,
    storeName: store.name,
    gateway: pay.gateway,
    now: pay.now,
    placed: pay.placed && ((order) => pay.placed!(shop, order)),
  });
  const shop: Shop & { warm(): Promise<void> } = {
    capabilities: {
      onlinePayment: payments.available,
      changeSlot: true,
      staffMovesOrders: true,
      staffEditsCatalogue: true,
      staffEditsCoupons: true,
      staffEditsDelivery: true,
      mobileSignIn: true,
      subscriptions: true,
      erasesAccounts: true,
    },
    catalog,
    accounts: createAccounts(database.db),
    codes: createCodes(database.db),
    tokens: createApiTokens(database.db),
    limits: createLimits(database.db),
    postKeys: createPostKeys(database.db),
    cart: createCart(database.db, { prepaidPercent }),
    wishlist: createWishlist(database.db),
    stockRequests: createStockRequests(database.db),
    addresses: createAddresses(database.db),
    viewer: createViewer(database.db),
    orders: createOrders(database.db, { prepaidPercent, holdMinutes: pay.razorpay?.holdMinutes, now: pay.now }),
    delivery: createDelivery(database.db, { now: pay.now }),
    staff: createStaff(database.db, { staffEmails: pay.staffEmails }),
    payments,
    // What staff and reviewers change is on the next page this process serves (the product page
    // reads the snapshot, decision 058); other instances see it within the refresh.
    staffCatalog: thenChanged(createStaffCatalog(database.db, images), catalog.changed),
    reviews: thenChanged(createReviews(database.db), catalog.changed, ["write", "setHidden"]),
    tickets: createTickets(database.db),
    newsletter: createNewsletter(database.db),
    mail: createMailQueue(database.db),
    coupons: createStaffCoupons(database.db),
    subscribers: createSubscribers(database.db),
    privacy: createRetention(database.db),
    consents: createConsents(database.db),
    dataExports: createDataExports(database.db),
    breaches: createBreaches(database.db),
    processingLog: createProcessingLog(database.db),
    subscriptions: createSubscriptions(database.db, {
      now: pay.now,
      prepaidPercent,
      holdMinutes: pay.razorpay?.holdMinutes,
      concurrency: database.kind === "postgres" ? 4 : 1,
      autopay: createAutopay(database.db, { razorpay: pay.razorpay, gateway: pay.gateway, publicOrigin: pay.publicOrigin, storeName: store.name, now: pay.now ?? (() => new Date()) }),
    }),
    warm: () => catalog.warm(),
    poolStats: () => database.pool(),
    async healthy() {
      try {
        await database.db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async ready() {
      if (!(await this.healthy())) return { database: false, migrations: false, catalogue: false };
      const [migrations, catalogue] = await Promise.all([
        migrationsApplied(database).catch(() => false),
        catalog.productIds().then(
          (ids) => ids.length > 0,
          () => false,
        ),
      ]);
      return { database: true, migrations, catalogue };
    },
    close: () => database.close(),
  };
  return shop;
}

/** Whether the newest migration this build ships has been applied (Drizzle records each by its time stamp). */
async function migrationsApplied(database: Database): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const result = await database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { newest: unknown }[] }).rows) as { newest: unknown }[];
  return Number(rows[0]?.newest ?? 0) >= newest;
}

/**
 * Loads the demo catalogue into an empty database; with an image store, the demo's photos too
 * (addDemoPhotos). The server gives none here and adds the photos once it serves (openShop).
 */
export async function seedDemoCatalog(database: Database, images: ImageStore | null = null): Promise<boolean> {
  if (!(await catalogIsEmpty(database.db))) return false;
  const parsed = parseCatalogFile(fs.readFileSync(DEMO_CATALOG, "utf8"), "json");
  if (!parsed.ok) throw new CatalogImportError(parsed.errors);
  await importCatalog(database.db, parsed.file);
  if (images) await addDemoPhotos(database, images);
  return true;
}

/**
 * Makes the demo's photos through the photo pipeline (decision 041) and shows each before the
 * drawing it was made from, on every variant whose first picture that drawing still is. The
 * catalogue's snapshot follows (updated_at), on every instance.
 */
export async function addDemoPhotos(database: Database, images: ImageStore): Promise<void> {
  const photos = await makeDemoPhotos(images);
  await database.db.transaction(async (tx) => {
    for (const [drawing, photo] of photos) {
      await tx
        .update(variants)
        .set({ images: sql`jsonb_build_array(${photo.url}::text) || ${variants.images}`, updatedAt: new Date() })
        .where(sql`${variants.images} ->> 0 = ${drawing}`);
    }
  });
}

/** The demo shop's customer: the README shows these credentials. */
export const DEMO_CUSTOMER = { name: "Demo Shopper", email: "demo@haat.example", phone: "9876543210", password: "haat-demo-2026" } as const;

/** Creates the demo customer once; an existing account with that e-mail is left alone. */
export async function seedDemoCustomer(shop: Shop): Promise<boolean> {
  try {
    await shop.accounts.register(DEMO_CUSTOMER);
    return true;
  } catch (error) {
    if (error instanceof ShopError && error.code === "conflict") return false;
    throw error;
  }
}
