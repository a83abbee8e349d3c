// The ERP's catalogue, kept in Haat's own database as its cache (issue 17, decision 043):
// every ERP_CATALOG_SYNC_SECONDS each instance reads `/api/products` a page at a time and
// writes what changed, under the ERP's own product and variant ids, so the embedded catalogue
// (listing, search, suggestions, product pages) runs over it unchanged and a page never waits
// for the ERP. A variant's stock is as fresh as the last copy; the ERP checks it again when
// something is added or ordered.
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { placeCategoryPath } from "../../../domain/category.ts";
import { rupeesToPaise } from "../../../domain/money.ts";
import type { ApiProduct } from "../../../domain/api.ts";
import type { Db } from "../../db/client.server.ts";
import { categories, products, variants } from "../../db/schema.server.ts";
import { errorFields, log } from "../../log.server.ts";
import { ShopError } from "../port.server.ts";
import { announceWaiting, carryRequests, endRequests, requestsOnDropped, requestsOnReplaced } from "../stock-requests.server.ts";
import { erpImage, type ErpClient } from "./client.server.ts";
import { tracedJob } from "../../telemetry/trace.server.ts";

const PAGE = 500;

/** Every product of the ERP, a page at a time (an ERP that gives no `total` is read until a short page). */
export async function readErpCatalogue(erp: ErpClient): Promise<ApiProduct[]> {
  const all: ApiProduct[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await erp.call<{ products?: ApiProduct[]; total?: number }>("/api/products", { offset, limit: PAGE }, { idempotent: true });
    // An answer without its list is no answer: the last copy stays rather than an empty shop.
    if (!Array.isArray(page?.products)) throw new ShopError("unavailable", "The ERP's product list could not be read.");
    const list = page.products;
    all.push(...list);
    if (list.length < PAGE || (typeof page.total === "number" && all.length >= page.total)) {
      if (typeof page.total === "number" && all.length < page.total) throw new ShopError("unavailable", `The ERP gave ${all.length} of its ${page.total} products.`);
      return all;
    }
  }
}

async function ensureCategory(db: Db, name: string, slug: string, parentId: number | null): Promise<number> {
  const [existing] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (existing) return existing.id;
  const [row] = await db.insert(categories).values({ name, slug, parentId, sort: 100 }).onConflictDoNothing().returning({ id: categories.id });
  if (row) return row.id;
  const [again] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return again!.id;
}

interface FixedCategory {
  name: string;
  slug: string;
  image?: string | null;
  sort?: number;
  status?: "active" | "coming_soon";
  children?: FixedCategory[];
}

/**
 * The category tree of Specification: Catalogue (fixed content: names, slugs, pictures, order), written once
 * when missing: the ERP's products name their categories only by path.
 */
export async function seedFixedCategories(db: Db, tree: readonly FixedCategory[]): Promise<void> {
  for (const [i, top] of tree.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ name: top.name, slug: top.slug, image: top.image ?? null, sort: top.sort ?? i + 1, status: top.status ?? "active" })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    const parentId = row?.id ?? (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, top.slug)))[0]!.id;
    for (const [j, child] of (top.children ?? []).entries()) {
      await db
        .insert(categories)
        .values({ name: child.name, slug: child.slug, image: child.image ?? null, sort: child.sort ?? j + 1, parentId })
        .onConflictDoNothing();
    }
  }
}

/** Writes the ERP's products into the local tables; answers how many products changed. */
function imagesOf(baseUrl: string, images: unknown, variantId: number): string[] {
  const list = (Array.isArray(images) ? images : []).filter((s): s is string => typeof s === "string");
  const mapped = list.map((s) => erpImage(baseUrl, s, variantId)).filter((s): s is string => s !== null);
  return mapped.length ? mapped : [erpImage(baseUrl, null, variantId)!];
}

export async function mirrorCatalogue(db: Db, list: readonly ApiProduct[], baseUrl: string): Promise<{ written: number; removed: number; notified: number }> {
  let copied: { written: number; removed: number };
  try {
    copied = await copyCatalogue(db, list, baseUrl);
  } catch (error) {
    // A copy that failed half way kept its writes: its shoppers are told all the same.
    await tellWaiting(db);
    throw error;
  }
  return { ...copied, notified: await tellWaiting(db) };
}

/**
 * 'Notify Me' (decision 057), from the state, not from what a copy changed: whatever is in stock
 * now tells the shoppers waiting for it. Never fails a copy: the next one tells them.
 */
function tellWaiting(db: Db): Promise<number> {
  return announceWaiting(db).catch((error: unknown) => {
    log.warn("erp catalogue: back-in-stock notices not sent; the next copy sends them", errorFields(error));
    return 0;
  });
}

async function copyCatalogue(db: Db, list: readonly ApiProduct[], baseUrl: string): Promise<{ written: number; removed: number }> {
  let written = 0;
  const seen = new Set<number>();
  for (const p of list) {
    const place = placeCategoryPath(p.category ?? "");
    if (!place || !Array.isArray(p.product_variants) || p.product_variants.length === 0) continue;
    const top = await ensureCategory(db, place.categoryName, place.categorySlug, null);
    if (place.subSlug && place.subName) await ensureCategory(db, place.subName, place.subSlug, top);
    seen.add(p.id);
    const row = {
      id: p.id,
      title: p.title,
      shortDesc: p.short_desc ?? "",
      longDesc: p.long_desc ?? "",
      categoryPath: p.category,
      categorySlug: place.categorySlug,
      subSlug: place.subSlug,
      salesTax: p.sales_tax?.length ? p.sales_tax : ["0%"],
      rating: typeof p.rating === "number" ? p.rating : 4,
      isOrganic: Boolean(p.isOrganic),
    };
    // Written only when something differs, so the catalogue's stamp moves only then.
    const changed = await db
      .insert(products)
      .values({ ...row, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: products.id,
        set: { ...row, updatedAt: new Date() },
        setWhere: sql`(${products.title}, ${products.shortDesc}, ${products.longDesc}, ${products.categoryPath}, ${products.salesTax}, ${products.rating}, ${products.isOrganic}) is distinct from (excluded.title, excluded.short_desc, excluded.long_desc, excluded.category_path, excluded.sales_tax, excluded.rating, excluded.is_organic)`,
      })
      .returning({ id: products.id });
    let variantChanged = false;
    // A reference now under another variant id (re-created in the ERP) lets go of the old row first.
    const refs = p.product_variants.map((v) => v.internal_reference);
    const ids = p.product_variants.map((v) => v.id);
    // Shoppers waiting for the old row wait for the new one (the delete would cascade to them).
    const waiting = await requestsOnReplaced(db, refs, ids);
    const moved = await db
      .delete(variants)
      .where(and(inArray(variants.internalReference, refs), notInArray(variants.id, ids)))
      .returning({ id: variants.id });
    variantChanged ||= moved.length > 0;
    for (const [i, v] of p.product_variants.entries()) {
      const price = rupeesToPaise(v.price ?? 0);
      const values = {
        id: v.id,
        productId: p.id,
        internalReference: v.internal_reference,
        attribute: v.attribute ?? "",
        pricePaise: price,
        mrpPaise: Math.max(price, rupeesToPaise(v.mrp ?? 0)),
        images: imagesOf(baseUrl, v.images, v.id),
        inStock: v.inStock !== false,
        inventoryStock: Math.max(0, Math.trunc(v.inventory_stock ?? 0)),
        sort: i,
      };
      const done = await db
        .insert(variants)
        .values({ ...values, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: variants.id,
          set: { ...values, updatedAt: new Date() },
          setWhere: sql`(${variants.productId}, ${variants.internalReference}, ${variants.attribute}, ${variants.pricePaise}, ${variants.mrpPaise}, ${variants.images}, ${variants.inStock}, ${variants.inventoryStock}, ${variants.sort}) is distinct from (excluded.product_id, excluded.internal_reference, excluded.attribute, excluded.price_paise, excluded.mrp_paise, excluded.images, excluded.in_stock, excluded.inventory_stock, excluded.sort)`,
        })
        .returning({ id: variants.id });
      variantChanged ||= done.length > 0;
    }
    await carryRequests(db, waiting, new Map(p.product_variants.map((v) => [v.internal_reference, v.id])));
    const dropped = and(eq(variants.productId, p.id), notInArray(variants.id, ids));
    const ending = await requestsOnDropped(db, dropped!);
    await db.delete(variants).where(dropped);
    await endRequests(db, ending);
    // A changed variant moves its product's stamp, so every instance's snapshot reloads.
    if (variantChanged && changed.length === 0) await db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, p.id));
    if (changed.length || variantChanged) written++;
  }
  // Products the ERP no longer has leave the shop (with their variants); an empty list is taken
  // for a fault, never for a closed shop.
  if (seen.size === 0) return { written, removed: 0 };
  const gone = (await db.select({ id: products.id }).from(products)).map((r) => r.id).filter((id) => !seen.has(id));
  if (gone.length) {
    try {
      const ending = await requestsOnDropped(db, inArray(variants.productId, gone));
      await db.delete(products).where(inArray(products.id, gone));
      await endRequests(db, ending);
    } catch (error) {
      // Still named by something Haat keeps (a review): left, and said.
      log.warn("erp catalogue: products the ERP dropped are still referenced here", { ids: gone.slice(0, 20), ...errorFields(error) });
    }
  }
  return { written, removed: gone.length };
}

/** Copies the catalogue now and then; a failed copy keeps the last one and is tried again. */
export function startCatalogueSync(db: Db, erp: ErpClient, everyMs: number): { first: Promise<void>; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const run = async () => {
    try {
      // One trace per copy (issue 47): its ERP calls and statements together.
      await tracedJob("erp-catalogue", async () => {
        const list = await readErpCatalogue(erp);
        const { written, removed, notified } = await mirrorCatalogue(db, list, erp.baseUrl);
        if (written || removed) log.info("erp catalogue copied", { products: list.length, written, removed, notified });
      });
    } catch (error) {
      log.warn("erp catalogue copy failed: the last copy stays", errorFields(error));
    }
    if (stopped) return;
    timer = setTimeout(run, everyMs);
    timer.unref?.();
  };
  return {
    first: run(),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
