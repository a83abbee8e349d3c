// Writes a validated catalogue file: categories by slug, products and variants by
// internal_reference, all in one transaction, so a file either lands whole or not at all.
import { eq, inArray, sql } from "drizzle-orm";
import { photoFilesOf, type CatalogFile, type ImportProduct, type RowError } from "../../domain/catalog-file.ts";
import type { Db } from "../db/client.server.ts";
import type { Conn } from "../shop/coupons.server.ts";
import { categories, products, variants } from "../db/schema.server.ts";
import { count } from "../../domain/plural.ts";
import { announceRestocked } from "../shop/stock-requests.server.ts";

export interface ImportSummary {
  categoriesCreated: number;
  productsCreated: number;
  productsUpdated: number;
  variantsWritten: number;
  /** Shoppers told that a variant they waited for is back in stock ('Notify Me', issue 29). */
  shoppersNotified: number;
}

/** What an import did, in one sentence (the staff's toast and npm run catalog:import say it alike). */
export function importSummaryText(s: ImportSummary): string {
  const told = s.shoppersNotified > 0 ? ` ${count(s.shoppersNotified, "shopper")} told it is back in stock.` : "";
  return `${count(s.productsCreated, "product")} created, ${s.productsUpdated} updated, ${count(s.variantsWritten, "variant")} written, ${count(s.categoriesCreated, "category", "categories")} created.${told}`;
}

export class CatalogImportError extends Error {
  readonly errors: RowError[];
  constructor(errors: RowError[]) {
    super(errors.map((e) => `line ${e.line}: ${e.reason}`).join("\n"));
    this.name = "CatalogImportError";
    this.errors = errors;
  }
}

/** Why a catalogue file posted on the staff's page may not name photo files. */
export const PHOTO_FILE_ELSEWHERE = "photo files are read by npm run catalog:import beside the catalogue file; on this page, upload the photo for its variant";

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes the file in one transaction (a savepoint inside the caller's, when given one: the staff's import audits in it). */
export async function importCatalog(db: Db | Conn, file: CatalogFile): Promise<ImportSummary> {
  // A photo file is made into a stored photo before the file is written (npm run
  // catalog:import does it); a path on someone's disk is never recorded as a picture.
  const photoFiles = photoFilesOf(file);
  if (photoFiles.length) throw new CatalogImportError(photoFiles.map((f) => ({ line: f.line, reason: `${f.path}: ${PHOTO_FILE_ELSEWHERE}` })));
  return db.transaction(async (tx) => {
    const summary: ImportSummary = { categoriesCreated: 0, productsCreated: 0, productsUpdated: 0, variantsWritten: 0, shoppersNotified: 0 };
    const now = new Date();

    // Categories named in the file, by slug.
    const known = new Map<string, { id: number; parentId: number | null; name: string }>();
    for (const c of await tx.select().from(categories)) known.set(c.slug, { id: c.id, parentId: c.parentId, name: c.name });

    async function upsertCategory(
      c: { name: string; nameHi?: string; slug: string; image: string | null; sort: number; backendKey: string | null; status?: "active" | "coming_soon" },
      parentId: number | null,
      line: number,
    ) {
      const existing = known.get(c.slug);
      if (existing) {
        if (existing.parentId !== parentId) {
          throw new CatalogImportError([{ line, reason: `category slug ${c.slug} already exists elsewhere in the category tree` }]);
        }
        await tx
          .update(categories)
          .set({
            name: c.name,
            // A file without Hindi leaves the stored Hindi as it is.
            ...(c.nameHi ? { nameHi: c.nameHi } : {}),
            image: c.image,
            sort: c.sort,
            backendKey: c.backendKey,
            ...(c.status ? { status: c.status } : {}),
            updatedAt: now,
          })
          .where(eq(categories.id, existing.id));
        return existing.id;
      }
      const [row] = await tx
        .insert(categories)
        .values({ name: c.name, nameHi: c.nameHi ?? "", slug: c.slug, image: c.image, sort: c.sort, backendKey: c.backendKey, status: c.status ?? "active", parentId })
        .returning({ id: categories.id });
      known.set(c.slug, { id: row.id, parentId, name: c.name });
      summary.categoriesCreated++;
      return row.id;
    }

    for (const c of file.categories) {
      const id = await upsertCategory(c, null, 1);
      for (const ch of c.children) await upsertCategory(ch, id, 1);
    }

    // Categories a product names that neither the file nor the database has are created from its path.
    let nextSort = 1000;
    for (const p of file.products) {
      let top = known.get(p.categorySlug);
      if (!top) {
        await upsertCategory({ name: p.categoryName, slug: p.categorySlug, image: null, sort: nextSort++, backendKey: null }, null, p.line);
        top = known.get(p.categorySlug)!;
      } else if (top.parentId !== null) {
        throw new CatalogImportError([{ line: p.line, reason: `${p.categoryName} is a subcategory, not a category: check the category path '${p.categoryPath}'` }]);
      }
      if (p.subSlug) {
        const sub = known.get(p.subSlug);
        if (!sub) {
          await upsertCategory({ name: p.subName ?? p.subSlug, slug: p.subSlug, image: null, sort: nextSort++, backendKey: null }, top.id, p.line);
        } else if (sub.parentId !== top.id) {
          throw new CatalogImportError([{ line: p.line, reason: `subcategory ${sub.name} does not belong to ${top.name}: check the category path '${p.categoryPath}'` }]);
        }
      }
    }

    // Which existing product each file product is, by its variants' references.
    const refs = file.products.flatMap((p) => p.variants.map((v) => v.internalReference));
    const owner = new Map<string, number>();
    for (const part of chunks(refs, 1000)) {
      const rows = await tx.select({ ref: variants.internalReference, productId: variants.productId }).from(variants).where(inArray(variants.internalReference, part));
      for (const r of rows) owner.set(r.ref, r.productId);
    }
    const errors: RowError[] = [];
    const matched = new Map<ImportProduct, number>();
    for (const p of file.products) {
      const ids = new Set(p.variants.flatMap((v) => (owner.has(v.internalReference) ? [owner.get(v.internalReference)!] : [])));
      if (ids.size > 1) errors.push({ line: p.line, reason: `its variants belong to ${ids.size} different existing products (${[...ids].join(", ")})` });
      else if (ids.size === 1) matched.set(p, [...ids][0]);
    }
    if (errors.length) throw new CatalogImportError(errors);

    const productValues = (p: ImportProduct) => ({
      title: p.title,
      shortDesc: p.shortDesc,
      // A file without Hindi leaves the stored Hindi as it is.
      ...(p.titleHi ? { titleHi: p.titleHi } : {}),
      ...(p.shortDescHi ? { shortDescHi: p.shortDescHi } : {}),
      longDesc: p.longDesc,
      categoryPath: p.categoryPath,
      categorySlug: p.categorySlug,
      subSlug: p.subSlug,
      salesTax: p.salesTax,
      // A file without HSN codes leaves the stored ones as they are.
      ...(p.hsn !== null ? { hsn: p.hsn } : {}),
      rating: p.rating,
      isOrganic: p.isOrganic,
      subscribable: p.subscribable,
      updatedAt: now,
    });
    const productIds = new Map<ImportProduct, number>();
    for (const [p, id] of matched) {
      await tx
        .update(products)
        .set({ ...productValues(p), ...(p.createdAt ? { createdAt: p.createdAt } : {}) })
        .where(eq(products.id, id));
      productIds.set(p, id);
      summary.productsUpdated++;
    }
    const fresh = file.products.filter((p) => !matched.has(p));
    for (const part of chunks(fresh)) {
      const rows = await tx
        .insert(products)
        .values(part.map((p) => ({ ...productValues(p), createdAt: p.createdAt ?? now })))
        .returning({ id: products.id });
      part.forEach((p, i) => productIds.set(p, rows[i].id));
      summary.productsCreated += part.length;
    }

    const variantRows = file.products.flatMap((p) =>
      p.variants.map((v) => ({
        productId: productIds.get(p)!,
        internalReference: v.internalReference,
        attribute: v.attribute,
        pricePaise: v.pricePaise,
        mrpPaise: v.mrpPaise,
        images: v.images,
        video: v.video,
        inStock: v.inStock,
        inventoryStock: v.inventoryStock,
        lowStockBelow: v.lowStockBelow,
        weightUnitGrams: v.byWeight?.unitGrams ?? null,
        weightTolerance: v.byWeight?.tolerancePercent ?? null,
        sort: v.sort,
        updatedAt: now,
      })),
    );
    const written: number[] = [];
    for (const part of chunks(variantRows)) {
      const rows = await tx
        .insert(variants)
        .values(part)
        .onConflictDoUpdate({
          target: variants.internalReference,
          set: {
            attribute: sql`excluded.attribute`,
            pricePaise: sql`excluded.price_paise`,
            mrpPaise: sql`excluded.mrp_paise`,
            images: sql`excluded.images`,
            video: sql`excluded.video`,
            inStock: sql`excluded.in_stock`,
            inventoryStock: sql`excluded.inventory_stock`,
            // A file without a variant's threshold leaves the one staff set (a new variant gets the shop's default).
            lowStockBelow: sql`coalesce(excluded.low_stock_below, ${variants.lowStockBelow})`,
            weightUnitGrams: sql`excluded.weight_unit_grams`,
            weightTolerance: sql`excluded.weight_tolerance`,
            // A count from the file is a fresh count: no grams are carried over from weighing.
            weightBalanceGrams: sql`0`,
            sort: sql`excluded.sort`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning({ id: variants.id });
      written.push(...rows.map((r) => r.id));
      summary.variantsWritten += part.length;
    }
    // Shoppers waiting for a variant the file put back in stock are told, once (issue 29).
    for (const part of chunks(written, 1000)) summary.shoppersNotified += await announceRestocked(tx, part, now);
    return summary;
  });
}

/** True when the catalogue has no products yet (the demo seed fills only an empty shop). */
export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}
