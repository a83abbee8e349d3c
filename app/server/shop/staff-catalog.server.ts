// The staff's side of the catalogue (issue 14): find products, change a variant's figures (and its
// low-stock threshold, issue 46), a category's status, and import a file. Each change is audited
// in its own transaction and moves updated_at, so every instance's catalogue snapshot reloads
// (decision 002); placed orders keep the prices they were placed at (order lines are snapshots).
import { and, asc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { containsPattern } from "../../domain/order-search.ts";
import { MAX_IMAGES, MRP_BELOW_PRICE, type CatalogFile } from "../../domain/catalog-file.ts";
import { STAGES_IN_THE_SHOP } from "../../domain/order-life.ts";
import { PHOTO_MESSAGES } from "../../domain/photo.ts";
import { LOW_STOCK_THRESHOLD_RULE, validLowStockThreshold } from "../../domain/stock.ts";
import { CATALOGUE_MESSAGES, onHandOf, type StaffProduct, type StaffVariant, sameEdit } from "../../domain/staff-catalog.ts";
import { soldByWeightOf, weightProblem } from "../../domain/weight.ts";
import { importCatalog } from "../catalog/import.server.ts";
import { announceRestocked } from "./stock-requests.server.ts";
import type { Db } from "../db/client.server.ts";
import { PhotoRefused, storePhoto } from "../images/photos.server.ts";
import type { ImageStore } from "../images/image-store.server.ts";
import { categories, orderLines, orders, products, variants, type VariantRow } from "../db/schema.server.ts";
import type { Conn } from "./coupons.server.ts";
import { ShopError, type StaffCatalogPort } from "./port.server.ts";
import { audit } from "./audit.server.ts";

/** Per variant, what placed orders not yet out for delivery (and orders waiting for payment) hold. */
async function heldBy(conn: Conn, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await conn
    .select({ variantId: orderLines.variantId, held: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.variantId, variantIds),
        or(eq(orders.state, "awaiting_payment"), and(eq(orders.state, "confirmed"), or(isNull(orders.stage), inArray(orders.stage, [...STAGES_IN_THE_SHOP])))),
      ),
    )
    .groupBy(orderLines.variantId);
  return new Map(rows.map((r) => [r.variantId, r.held]));
}

const view = (v: VariantRow, held: number): StaffVariant => ({
  id: v.id,
  internalReference: v.internalReference,
  attribute: v.attribute,
  pricePaise: v.pricePaise,
  mrpPaise: v.mrpPaise,
  inStock: v.inStock,
  available: v.inventoryStock,
  held,
  image: v.images[0] ?? null,
  byWeight: soldByWeightOf(v.weightUnitGrams, v.weightTolerance),
  lowStockBelow: v.lowStockBelow,
});

/** `images` keeps uploaded photos' files; without one, a photo upload is refused. */
export function createStaffCatalog(db: Db, images: ImageStore | null = null): StaffCatalogPort {
  return {
    async search(query: string, limit: number): Promise<StaffProduct[]> {
      const q = query.trim().slice(0, 100);
      const pattern = containsPattern(q);
      const found = await db
        .selectDistinct({ id: products.id, title: products.title, categoryPath: products.categoryPath })
        .from(products)
        .innerJoin(variants, eq(variants.productId, products.id))
        .where(q ? or(ilike(products.title, pattern), ilike(variants.internalReference, pattern)) : undefined)
        .orderBy(asc(products.id))
        .limit(limit);
      if (found.length === 0) return [];
      const rows = await db
        .select()
        .from(variants)
        .where(
          inArray(
            variants.productId,
            found.map((p) => p.id),
          ),
        )
        .orderBy(asc(variants.productId), asc(variants.sort), asc(variants.id));
      const held = await heldBy(
        db,
        rows.map((v) => v.id),
      );
      return found.map((p) => ({ ...p, variants: rows.filter((v) => v.productId === p.id).map((v) => view(v, held.get(v.id) ?? 0)) }));
    },

    updateVariant: (staffId, variantId, seen, wanted) =>
      db.transaction(async (tx) => {
        // The variant's row is locked as placing an order locks it: what orders hold cannot move under us.
        const [row] = await tx.select().from(variants).where(eq(variants.id, variantId)).for("update");
        if (!row) throw new ShopError("not_found", CATALOGUE_MESSAGES.noVariant);
        const held = (await heldBy(tx, [variantId])).get(variantId) ?? 0;
        const now = {
          pricePaise: row.pricePaise,
          mrpPaise: row.mrpPaise,
          onHand: onHandOf({ available: row.inventoryStock, held }),
          inStock: row.inStock,
          byWeight: soldByWeightOf(row.weightUnitGrams, row.weightTolerance),
          lowStockBelow: row.lowStockBelow,
        };
        if (!sameEdit(now, seen)) throw new ShopError("conflict", CATALOGUE_MESSAGES.changed(row.internalReference));
        if (wanted.mrpPaise < wanted.pricePaise) throw new ShopError("invalid", `MRP: ${MRP_BELOW_PRICE}`);
        if (wanted.onHand < held) throw new ShopError("invalid", CATALOGUE_MESSAGES.belowHeld(held));
        const weightRefused = weightProblem(wanted.byWeight);
        if (weightRefused) throw new ShopError("invalid", weightRefused);
        if (wanted.lowStockBelow !== null && !validLowStockThreshold(wanted.lowStockBelow)) throw new ShopError("invalid", `Low stock below: ${LOW_STOCK_THRESHOLD_RULE}`);
        if (sameEdit(now, wanted)) return view(row, held);
        const [updated] = await tx
          .update(variants)
          .set({
            pricePaise: wanted.pricePaise,
            mrpPaise: wanted.mrpPaise,
            inventoryStock: wanted.onHand - held,
            inStock: wanted.inStock,
            weightUnitGrams: wanted.byWeight?.unitGrams ?? null,
            weightTolerance: wanted.byWeight?.tolerancePercent ?? null,
            lowStockBelow: wanted.lowStockBelow,
            // A count typed in is a fresh count: no grams from weighing are carried over.
            ...(wanted.onHand !== now.onHand ? { weightBalanceGrams: 0 } : {}),
            updatedAt: new Date(),
          })
          .where(eq(variants.id, variantId))
          .returning();
        await audit(tx, { staffId, action: "variant.update", entity: "variant", entityId: row.internalReference, before: { ...now, held }, after: { ...wanted, held } });
        // Back in stock: shoppers waiting for it are told, once, through the mail queue (issue 29).
        await announceRestocked(tx, [variantId]);
        return view(updated!, held);
      }),

    async addPhoto(staffId, variantId, upload) {
      if (!images) throw new ShopError("unavailable", PHOTO_MESSAGES.noStore);
      const [known] = await db.select({ id: variants.id }).from(variants).where(eq(variants.id, variantId));
      if (!known) throw new ShopError("not_found", CATALOGUE_MESSAGES.noVariant);
      // Made and stored before the transaction: the row is not locked while sharp works. Files
      // of a photo whose row then fails are harmless (their names are their content).
      let photo;
      try {
        photo = await storePhoto(upload, images);
      } catch (error) {
        if (error instanceof PhotoRefused) throw new ShopError("invalid", error.message);
        throw error;
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(variants).where(eq(variants.id, variantId)).for("update");
        if (!row) throw new ShopError("not_found", CATALOGUE_MESSAGES.noVariant);
        // The photo goes first (cards and the gallery open on it); the same photo again moves there.
        const pictures = [photo.url, ...row.images.filter((image) => image !== photo.url)].slice(0, MAX_IMAGES);
        await tx.update(variants).set({ images: pictures, updatedAt: new Date() }).where(eq(variants.id, variantId));
        await audit(tx, { staffId, action: "variant.photo", entity: "variant", entityId: row.internalReference, before: { images: row.images }, after: { images: pictures } });
        return { internalReference: row.internalReference, url: photo.url, width: photo.width, height: photo.height };
      });
    },

    topCategories: () =>
      db
        .select({ slug: categories.slug, name: categories.name, status: categories.status })
        .from(categories)
        .where(isNull(categories.parentId))
        .orderBy(asc(categories.sort), asc(categories.id)),

    setCategoryStatus: (staffId, slug, status) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(categories)
          .where(and(eq(categories.slug, slug), isNull(categories.parentId)))
          .for("update");
        if (!row) throw new ShopError("not_found", CATALOGUE_MESSAGES.noCategory);
        if (row.status === status) return;
        await tx.update(categories).set({ status, updatedAt: new Date() }).where(eq(categories.id, row.id));
        await audit(tx, { staffId, action: "category.status", entity: "category", entityId: slug, before: { status: row.status }, after: { status } });
      }),

    importFile: (staffId, file: CatalogFile, name: string) =>
      db.transaction(async (tx) => {
        const summary = await importCatalog(tx, file);
        await audit(tx, { staffId, action: "catalog.import", entity: "catalog", entityId: name.slice(0, 200), after: summary });
        return summary;
      }),
  };
}
