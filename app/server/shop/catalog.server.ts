// The catalogue part of the embedded Shop. Listing, search and suggestions run over an
// in-memory snapshot of the catalogue (the search index needs one anyway, and filtering 10,000
// products in memory is cheaper than a query per request); the snapshot is reloaded
// when the catalogue's stamp in the database changes, checked at most every few
// seconds, so every instance behind a load balancer converges. The product page reads it
// too (issue 30: a signed-in catalogue page makes one query, the viewer's): its stock is as
// fresh as the listing's and the page cache's copy of the same page (decision 058). A cart
// line's stock is always read afresh, so nothing is sold from a stale count.
import { withWeight } from "../../domain/weight.ts";
import { replacementPricePaise, replacementsFor } from "../../domain/replacement.ts";
import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { toCard, type CategoryNode, type ListingResult, type ProductCard, type ProductDetail, type VariantView } from "../../domain/catalog.ts";
import { resolveCategoryFilter } from "../../domain/category.ts";
import { PAGE_SIZE, pageCount, type ListingQuery } from "../../domain/listing.ts";
import { createSearchIndex, didYouMean, nearestCategories, searchIds, SUGGESTION_LIMIT, type SearchEntry, type SearchIndex } from "../../domain/search.ts";
import { isSearchable } from "../../domain/search-text.ts";
import { askedAbout, matchItems, parseOrderText } from "../../domain/voice-order.ts";
import { nameMatch } from "../../domain/voice-names.ts";
import { ratingMean } from "../../domain/review.ts";
import type { Db } from "../db/client.server.ts";
import { categories, products, variants, type ProductRow, type VariantRow } from "../db/schema.server.ts";
import type { CatalogPort } from "./port.server.ts";

interface SnapshotProduct {
  id: number;
  title: string;
  /** The product's row, for its page. */
  row: ProductRow;
  card: ProductCard;
  /** Every variant, in display order (voice ordering fits a pack to what was said). */
  variants: VariantView[];
  createdAt: number;
}

interface Snapshot {
  stamp: string;
  tree: CategoryNode[];
  /** In catalogue order (by id). */
  products: SnapshotProduct[];
  byId: Map<number, SnapshotProduct>;
  newest: SnapshotProduct[];
  index: SearchIndex;
}

export function toVariantView(v: VariantRow): VariantView {
  return {
    id: v.id,
    internalReference: v.internalReference,
    attribute: v.attribute,
    pricePaise: v.pricePaise,
    mrpPaise: v.mrpPaise,
    images: v.images,
    video: v.video,
    inStock: v.inStock,
    inventoryStock: v.inventoryStock,
    ...withWeight(v),
  };
}

/** The Hindi names of a product's category and subcategory, for search (issue 27). */
function categoryPathHi(rows: readonly { slug: string; nameHi: string }[], categorySlug: string, subSlug: string | null): string {
  return rows
    .filter((c) => c.slug === categorySlug || c.slug === subSlug)
    .map((c) => c.nameHi)
    .join(" ");
}

export interface CatalogOptions {
  refreshMs: number;
  /** Called each time the search index is built (tests count them). */
  onIndexBuilt?: () => void;
}

function toDetail(row: ProductRow, variantViews: VariantView[], snap: Snapshot): ProductDetail {
  const top = snap.tree.find((c) => c.slug === row.categorySlug);
  const child = top?.children.find((c) => c.slug === row.subSlug);
  return {
    id: row.id,
    title: row.title,
    shortDesc: row.shortDesc,
    titleHi: row.titleHi,
    shortDescHi: row.shortDescHi,
    categoryNameHi: top?.nameHi ?? "",
    subNameHi: child?.nameHi ?? null,
    longDesc: row.longDesc,
    categoryPath: row.categoryPath,
    categorySlug: row.categorySlug,
    subSlug: row.subSlug,
    categoryName: top?.name ?? row.categorySlug,
    subName: child?.name ?? null,
    salesTax: row.salesTax,
    rating: ratingMean(row.reviewCount, row.reviewTotal) ?? row.rating,
    isOrganic: row.isOrganic,
    ...(row.subscribable ? { subscribable: true } : {}),
    createdAt: row.createdAt.toISOString(),
    variants: variantViews,
    reviewCount: row.reviewCount,
  };
}

export function createCatalog(db: Db, options: CatalogOptions): CatalogPort & { warm(): Promise<void>; changed(): void } {
  let snapshot: Snapshot | null = null;
  // The API's pages of products, for the snapshot they were read with.
  let pagesOf: Snapshot | null = null;
  const pages = new Map<string, Promise<{ products: ProductDetail[]; total: number }>>();
  let checkedAt = 0;
  // Bumped by changed(): a stamp check begun before a change in this process must not count as after it.
  let generation = 0;
  let snapshotGeneration = 0;
  let pending: { generation: number; snapshot: Promise<Snapshot> } | null = null;

  async function readStamp(): Promise<string> {
    const rows = await db.execute<{ stamp: string }>(sql`
      select concat_ws(':',
        (select count(*) from ${products}), (select max(${products.updatedAt}) from ${products}),
        (select count(*) from ${variants}), (select max(${variants.updatedAt}) from ${variants}),
        (select count(*) from ${categories}), (select max(${categories.updatedAt}) from ${categories})
      ) as stamp`);
    // Both drivers (PGlite and node-postgres) answer with { rows }.
    return (rows as unknown as { rows: { stamp: string }[] }).rows[0].stamp;
  }

  async function load(stamp: string): Promise<Snapshot> {
    const [catRows, productRows, variantRows] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
      db.select().from(products).orderBy(asc(products.id)),
      db.select().from(variants).orderBy(asc(variants.productId), asc(variants.sort), asc(variants.id)),
    ]);
    const tops = catRows.filter((c) => c.parentId === null);
    const tree: CategoryNode[] = tops
      .map((c) => ({
        id: c.id,
        name: c.name,
        nameHi: c.nameHi,
        slug: c.slug,
        image: c.image,
        status: c.status,
        backendKey: c.backendKey,
        children: catRows.filter((ch) => ch.parentId === c.id).map((ch) => ({ id: ch.id, name: ch.name, nameHi: ch.nameHi, slug: ch.slug, image: ch.image, backendKey: ch.backendKey })),
      }))
      // Coming-soon tiles go last (Specification: Home page); sort is stable within each group.
      .sort((a, b) => Number(a.status === "coming_soon") - Number(b.status === "coming_soon"));

    const byProduct = new Map<number, VariantView[]>();
    for (const v of variantRows) {
      const list = byProduct.get(v.productId);
      if (list) list.push(toVariantView(v));
      else byProduct.set(v.productId, [toVariantView(v)]);
    }
    const list: SnapshotProduct[] = [];
    const entries: SearchEntry[] = [];
    for (const p of productRows) {
      const card = toCard(p, byProduct.get(p.id) ?? []);
      if (!card) continue; // a product without variants cannot be shown or bought
      list.push({ id: p.id, title: p.title, row: p, card, variants: byProduct.get(p.id) ?? [], createdAt: p.createdAt.getTime() });
      entries.push({
        id: p.id,
        title: p.title,
        titleHi: p.titleHi,
        description: p.shortDesc,
        descriptionHi: p.shortDescHi,
        category: p.categoryPath,
        categoryHi: categoryPathHi(catRows, p.categorySlug, p.subSlug),
        attributes: (byProduct.get(p.id) ?? []).map((v) => v.attribute),
      });
    }
    return {
      stamp,
      tree,
      products: list,
      byId: new Map(list.map((p) => [p.id, p])),
      newest: [...list].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id),
      index: searchIndexFor(entries),
    };
  }

  // The search index is rebuilt only when what it reads changes: stock moving with every order
  // reloads the snapshot, not the index (issue 13 point 5).
  let indexed: { fingerprint: string; index: SearchIndex } | null = null;
  function searchIndexFor(entries: SearchEntry[]): SearchIndex {
    const fingerprint = createHash("sha256").update(JSON.stringify(entries)).digest("base64");
    if (indexed?.fingerprint !== fingerprint) {
      indexed = { fingerprint, index: createSearchIndex(entries) };
      options.onIndexBuilt?.();
    }
    return indexed.index;
  }

  /** A page of products as the product page reads them, in the snapshot's order (by id), only those that can be shown. */
  async function readProducts(snap: Snapshot, offset: number, limit: number): Promise<{ products: ProductDetail[]; total: number }> {
    const ids = snap.products.slice(offset, offset + limit).map((p) => p.id);
    if (ids.length === 0) return { products: [], total: snap.products.length };

    const rows = await db
      .select({ product: products, variant: variants })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.productId, ids))
      .orderBy(asc(variants.productId), asc(variants.sort), asc(variants.id));
    const byProduct = new Map<number, { product: ProductRow; variants: VariantRow[] }>();
    for (const r of rows) {
      const entry = byProduct.get(r.product.id);
      if (entry) entry.variants.push(r.variant);
      else byProduct.set(r.product.id, { product: r.product, variants: [r.variant] });
    }
    return { products: [...byProduct.values()].map((e) => toDetail(e.product, e.variants.map(toVariantView), snap)), total: snap.products.length };
  }

  async function current(): Promise<Snapshot> {
    const now = Date.now();
    if (snapshot && now - checkedAt < options.refreshMs) return snapshot;
    if (!pending || pending.generation !== generation) {
      const started = generation;
      const check = (async () => {
        const stamp = await readStamp();
        if (started === generation) checkedAt = Date.now();
        if (!snapshot || snapshot.stamp !== stamp) {
          const loaded = await load(stamp);
          // A check begun before a later one's never replaces what the later one read.
          if (!snapshot || started >= snapshotGeneration) {
            snapshot = loaded;
            snapshotGeneration = started;
          }
        }
        return snapshot!;
      })().finally(() => {
        if (pending?.snapshot === check) pending = null;
      });
      pending = { generation: started, snapshot: check };
    }
    // Requests wait for the check (one small query) so a change is seen at once after it.
    return pending.snapshot;
  }

  return {
    async warm() {
      await current();
    },

    /** This process changed the catalogue: the next read checks the stamp at once. */
    changed() {
      generation++;
      checkedAt = 0;
    },

    generation: () => generation,

    async categories() {
      return (await current()).tree;
    },

    async listing(query: ListingQuery): Promise<ListingResult> {
      const snap = await current();
      const filter = resolveCategoryFilter(snap.tree, query.category, query.sub);
      let found: SnapshotProduct[] = isSearchable(query.search) ? searchIds(snap.index, query.search).flatMap((id) => snap.byId.get(id) ?? []) : snap.products;
      const min = query.min * 100;
      const max = query.max * 100;
      found = found.filter(
        ({ card }) => (!filter.category || card.categorySlug === filter.category) && (!filter.sub || card.subSlug === filter.sub) && card.pricePaise >= min && card.pricePaise <= max,
      );
      if (query.sort === "price-asc") found = [...found].sort((a, b) => a.card.pricePaise - b.card.pricePaise || a.id - b.id);
      else if (query.sort === "price-desc") found = [...found].sort((a, b) => b.card.pricePaise - a.card.pricePaise || a.id - b.id);
      else if (query.sort === "newest") found = [...found].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      const pages = pageCount(found.length);
      const page = Math.min(query.page, pages);
      const searched = isSearchable(query.search);
      return {
        cards: found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((p) => p.card),
        total: found.length,
        page,
        pageCount: pages,
        filter,
        ...(searched ? { help: { didYouMean: didYouMean(snap.index, query.search!), categories: found.length === 0 ? nearestCategories(snap.tree, query.search!) : [] } } : {}),
      };
    },

    async product(id: number): Promise<ProductDetail | null> {
      const snap = await current();
      // A product without variants is not in the snapshot: it cannot be shown or bought.
      const kept = snap.byId.get(id);
      return kept ? toDetail(kept.row, kept.variants, snap) : null;
    },

    async products(offset: number, limit: number) {
      const snap = await current();
      // A page of the API's list is the same until the catalogue changes: kept with its snapshot,
      // as fresh as the listing (a changed catalogue is a new snapshot).
      if (pagesOf !== snap) {
        pagesOf = snap;
        pages.clear();
      }
      const key = `${offset}:${limit}`;
      const kept = pages.get(key);
      if (kept) return kept;
      if (pages.size >= 64) pages.clear();
      const page = readProducts(snap, offset, limit);
      pages.set(key, page);
      // A failed read is not kept.
      page.catch(() => pages.delete(key));
      return page;
    },

    async related(product, limit = 5) {
      const snap = await current();
      const same = snap.products.filter((p) => p.id !== product.id && p.card.categorySlug === product.categorySlug);
      const sameSub = same.filter((p) => p.card.subSlug === product.subSlug);
      const rest = same.filter((p) => p.card.subSlug !== product.subSlug);
      return [...sameSub, ...rest].slice(0, limit).map((p) => p.card);
    },

    async replacements(line, limit) {
      const snap = await current();
      const original = snap.byId.get(line.productId);
      // A product no longer in the catalogue has no shelf to find others on.
      if (!original) return [];
      const shelf = (p: SnapshotProduct) => ({ productId: p.id, title: p.title, hsn: p.row.hsn, categorySlug: p.card.categorySlug, subSlug: p.card.subSlug });
      const candidates = snap.products.flatMap((p) =>
        p.variants.map((v) => ({
          ...shelf(p),
          variantId: v.id,
          attribute: v.attribute,
          internalReference: v.internalReference,
          pricePaise: v.pricePaise,
          inStock: v.inStock,
          inventoryStock: v.inventoryStock,
        })),
      );
      return replacementsFor({ ...shelf(original), attribute: line.attribute, pricePaise: line.unitPricePaise, quantity: line.quantity }, candidates, limit).map((c) => ({
        variantId: c.variantId,
        productId: c.productId,
        title: c.title,
        attribute: c.attribute,
        internalReference: c.internalReference,
        pricePaise: c.pricePaise,
        chargedPaise: replacementPricePaise(line.unitPricePaise, c.pricePaise),
      }));
    },

    async newProducts(limit: number) {
      return (await current()).newest.slice(0, limit).map((p) => p.card);
    },

    async voiceOrder(text: string, heard?: { unsure: boolean }) {
      const snap = await current();
      const matched = matchItems(
        parseOrderText(text),
        (name) => searchIds(snap.index, name, 5),
        (id) => snap.byId.get(id),
        (name, product) => nameMatch(snap.index, name, product),
      );
      // Words the speech provider was unsure of tick nothing (issue 44).
      const items = heard?.unsure ? askedAbout(matched) : matched;
      return { items, unmatched: items.filter((i) => !i.found).length };
    },

    async titles() {
      return (await current()).products.map((p) => p.title);
    },

    async productIds() {
      return (await current()).products.map((p) => p.id);
    },

    async suggestions(query: string) {
      if (!isSearchable(query)) return [];
      const snap = await current();
      // The shopper is still typing: the last word is completed ('basm' → basmati).
      return searchIds(snap.index, query.slice(0, 100), SUGGESTION_LIMIT, true).flatMap((id) => {
        const p = snap.byId.get(id);
        return p ? [{ id, title: p.card.title, ...(p.card.titleHi ? { titleHi: p.card.titleHi } : {}), image: p.card.image }] : [];
      });
    },
  };
}
