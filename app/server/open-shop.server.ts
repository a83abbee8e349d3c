// Opening the shop the configuration names (decision 043): the embedded one on its own
// database (with the demo data when asked), or the brand's ERP as the system of record. The one
// place both back ends meet, and where the shop is given what it does not do itself: the
// 'order placed' mail a confirmed payment sends.
import fs from "node:fs";
import { orderPlacedMail } from "../domain/order-mail.ts";
import { clerkTokenMint } from "./auth/clerk.server.ts";
import { openDatabase } from "./db/client.server.ts";
import type { DatabaseTarget } from "./db/client.server.ts";
import type { ImageStore } from "./images/image-store.server.ts";
import { mailOrder } from "./mail/order-mail.server.ts";
import { seedDemoCoupons } from "./shop/coupons.server.ts";
import { seedDemoPins } from "./shop/delivery.server.ts";
import { seedFixedCategories } from "./shop/erp/catalog-mirror.server.ts";
import { createErpShop, type ErpShopOptions } from "./shop/erp/open.server.ts";
import { addDemoPhotos, createShop, DEMO_CATALOG, seedDemoCatalog, seedDemoCustomer, type ShopPaymentOptions } from "./shop/open.server.ts";
import type { Shop } from "./shop/port.server.ts";

export interface OpenShopOptions {
  target: DatabaseTarget;
  seedDemo: boolean;
  refreshMs?: number;
  payments?: ShopPaymentOptions;
  /** Where product photos' files go (staff uploads, the demo's photos); none: no photos are taken. */
  images?: ImageStore | null;
  /** SHOP_BACKEND=erp: the brand's ERP is the system of record (decision 043); no demo data is seeded. */
  erp?: Omit<ErpShopOptions, "refreshMs" | "images" | "clerkTokens"> & { clerk?: { secretKey: string; apiUrl?: string } | null };
}

/** A confirmed payment's 'order placed' mail, from whichever way it was confirmed. */
export const mailWhenPlaced: NonNullable<ShopPaymentOptions["placed"]> = (shop, { customer, orderId }) => mailOrder(shop, customer, orderId, orderPlacedMail, undefined, "orderPlaced");

export async function openShop(options: OpenShopOptions): Promise<Shop & { warm(): Promise<void> }> {
  const images = options.images ?? null;
  let seeded = false;
  // The demo data is written under the startup lock: instances starting together seed it once.
  if (options.erp) {
    const database = await openDatabase(options.target, async (opened) => {
      // The fixed category tree of Specification: Catalogue, named as the demo catalogue names it.
      await seedFixedCategories(opened.db, (JSON.parse(fs.readFileSync(DEMO_CATALOG, "utf8")) as { categories: Parameters<typeof seedFixedCategories>[1] }).categories);
    });
    try {
      const { clerk, ...erp } = options.erp;
      const shop = createErpShop(database, { ...erp, refreshMs: options.refreshMs, images, clerkTokens: clerk ? clerkTokenMint(clerk) : null });
      await shop.warm();
      return shop;
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const database = await openDatabase(
    options.target,
    options.seedDemo
      ? async (opened) => {
          seeded = await seedDemoCatalog(opened);
          await seedDemoCustomer(createShop(opened, options.refreshMs, options.payments && { ...options.payments, placed: mailWhenPlaced }));
          await seedDemoCoupons(opened.db);
          await seedDemoPins(opened.db);
        }
      : undefined,
  );
  try {
    // The demo's photos (a second or two of encoding, once, on a fresh database) are made before
    // the shop serves: made while it serves, they took memory and time from its first requests.
    if (seeded && images) await addDemoPhotos(database, images);
    const shop = createShop(database, options.refreshMs, options.payments && { ...options.payments, placed: mailWhenPlaced }, images);
    await shop.warm();
    return shop;
  } catch (error) {
    await database.close();
    throw error;
  }
}
