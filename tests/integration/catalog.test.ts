import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseCatalogFile } from "../../app/domain/catalog-file.ts";
import type { CategoryNode } from "../../app/domain/catalog.ts";
import { parseListingQuery } from "../../app/domain/listing-query.ts";
import { products, variants } from "../../app/server/db/schema.server.ts";
import { createCatalog } from "../../app/server/shop/catalog.server.ts";
import { queryLog } from "./query-log.ts";
import { DEMO_CATALOG, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";

const demo = JSON.parse(fs.readFileSync(DEMO_CATALOG, "utf8")) as {
  products: { title: string; category: string; variants: { internal_reference: string; price: number; inventory_stock: number }[] }[];
};
const query = (qs: string) => parseListingQuery(new URLSearchParams(qs));

describe.each(targets)("catalogue on $name", (target) => {
  const on = shopOn(target, { catalog: true });

  it("rebuilds the search index only when what it reads changes, not when stock moves", async () => {
    let builds = 0;
    const catalog = createCatalog(on.database.db, { refreshMs: 0, onIndexBuilt: () => builds++ });
    expect((await catalog.listing(query("search=basmati"))).total).toBeGreaterThan(0);
    expect(builds).toBe(1);
    // An order takes stock: the snapshot reloads (cards show stock), the index stays.
    const [v] = await on.database.db.select().from(variants).limit(1);
    await on.database.db
      .update(variants)
      .set({ inventoryStock: v!.inventoryStock - 1, updatedAt: new Date() })
      .where(eq(variants.id, v!.id));
    await catalog.listing(query("search=basmati"));
    expect(builds).toBe(1);
    // A title changes: the index is rebuilt, and search finds the new word.
    const [p] = await on.database.db.select().from(products).where(eq(products.title, "Haat Select Basmati Rice"));
    await on.database.db.update(products).set({ title: "Haat Select Basmati Rice Royale", updatedAt: new Date() }).where(eq(products.id, p!.id));
    expect((await catalog.listing(query("search=royale"))).total).toBe(1);
    expect(builds).toBe(2);
    await on.database.db.update(products).set({ title: p!.title, updatedAt: new Date() }).where(eq(products.id, p!.id));
    await on.database.db.update(variants).set({ inventoryStock: v!.inventoryStock, updatedAt: new Date() }).where(eq(variants.id, v!.id));
  });

  it("reads a product page from the snapshot, as fresh as the listing (issue 30)", async () => {
    const log = queryLog(on.database);
    const catalog = createCatalog(log.db, { refreshMs: 60_000 });
    const [v] = await on.database.db.select().from(variants).limit(1);
    const before = await catalog.product(v!.productId);
    expect(before?.variants.find((x) => x.id === v!.id)?.inventoryStock).toBe(v!.inventoryStock);
    expect(before?.longDesc).toBeTruthy();
    log.queries.length = 0;
    expect((await catalog.product(v!.productId))?.title).toBe(before?.title);
    expect(await catalog.product(999_999)).toBeNull();
    expect(log.queries).toHaveLength(0);
    // Stock moves: the page shows it once the snapshot reloads, as the listing's card does.
    await on.database.db
      .update(variants)
      .set({ inventoryStock: v!.inventoryStock + 5, updatedAt: new Date() })
      .where(eq(variants.id, v!.id));
    const fresh = createCatalog(on.database.db, { refreshMs: 0 });
    const after = await fresh.product(v!.productId);
    expect(after?.variants.find((x) => x.id === v!.id)?.inventoryStock).toBe(v!.inventoryStock + 5);
    expect((await fresh.listing(query(""))).cards.length).toBeGreaterThan(0);
    await on.database.db.update(variants).set({ inventoryStock: v!.inventoryStock, updatedAt: new Date() }).where(eq(variants.id, v!.id));
  });

  it("sees a change this process made even when a stamp check was already in flight (decision 058)", async () => {
    const catalog = createCatalog(on.database.db, { refreshMs: 60_000 });
    const [v] = await on.database.db.select().from(variants).limit(1);
    await catalog.warm();
    const priceOf = async () => (await catalog.product(v!.productId))!.variants.find((x) => x.id === v!.id)!.pricePaise;
    catalog.changed();
    const inFlight = priceOf(); // its stamp is read before the update below
    await on.database.db
      .update(variants)
      .set({ pricePaise: v!.pricePaise + 100, updatedAt: new Date() })
      .where(eq(variants.id, v!.id));
    catalog.changed();
    expect(await priceOf()).toBe(v!.pricePaise + 100);
    await inFlight;
    // The earlier check, finishing last, does not put the old price back.
    expect(await priceOf()).toBe(v!.pricePaise + 100);
    await on.database.db.update(variants).set({ pricePaise: v!.pricePaise, updatedAt: new Date() }).where(eq(variants.id, v!.id));
  });

  it("seeds only an empty catalogue", async () => {
    expect(await seedDemoCatalog(on.database)).toBe(false);
    expect(await on.shop.healthy()).toBe(true);
  });

  it("holds the four categories and their subcategories of Specification: Catalogue, all active", async () => {
    const tree = await on.shop.catalog.categories();
    const shape = tree.map((c: CategoryNode) => [c.name, c.status, c.children.map((ch) => ch.name)]);
    expect(shape).toEqual([
      ["Grocers Pick", "active", ["Dry Fruits", "Pulses", "Flours & Grains", "Spices", "Rice", "Sugar & Salt", "Oil & Ghee", "Snacks & Namkeen", "Biscuits", "Beverages"]],
      ["General Merchandise", "active", ["Dinner Ware", "Bar Glass"]],
      ["Gifting", "active", ["Gift Set", "Tea Set & Glass Cup", "Flower Pots", "Hamper"]],
      ["Farm Basket", "active", []],
    ]);
  });

  it("lists 24 a page within the default price range", async () => {
    const inRange = demo.products.filter((p) => p.variants.some(() => true));
    const first = await on.shop.catalog.listing(query(""));
    expect(first.cards).toHaveLength(24);
    expect(first.total).toBeLessThanOrEqual(inRange.length);
    expect(first.total).toBeGreaterThan(48);
    for (const c of first.cards) expect(c.pricePaise).toBeLessThanOrEqual(400000);
    const last = await on.shop.catalog.listing(query(`page=${first.pageCount}`));
    expect(last.cards.length).toBe(first.total - 24 * (first.pageCount - 1));
    const beyond = await on.shop.catalog.listing(query("page=999"));
    expect(beyond.page).toBe(first.pageCount);
  });

  it("filters by category and subcategory, and treats an unknown category as a sub", async () => {
    const gifting = await on.shop.catalog.listing(query("category=gifting"));
    expect(gifting.total).toBeGreaterThan(0);
    expect(gifting.cards.every((c) => c.categorySlug === "gifting")).toBe(true);
    const rice = await on.shop.catalog.listing(query("category=grocers-pick&sub=rice"));
    const expected = demo.products.filter((p) => /Grocers Pick \/ Rice$/.test(p.category)).length;
    expect(rice.total).toBe(expected);
    const riceAsCategory = await on.shop.catalog.listing(query("category=rice"));
    expect(riceAsCategory.filter).toEqual({ category: "grocers-pick", sub: "rice" });
    expect(riceAsCategory.total).toBe(expected);
    const unknown = await on.shop.catalog.listing(query("category=unicorns"));
    expect(unknown.total).toBe(0);
    expect(unknown.cards).toEqual([]);
  });

  it("sorts by price both ways and by newest", async () => {
    const up = (await on.shop.catalog.listing(query("sort=price-asc"))).cards.map((c) => c.pricePaise);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await on.shop.catalog.listing(query("sort=price-desc"))).cards.map((c) => c.pricePaise);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const newest = await on.shop.catalog.newProducts(5);
    const listed = (await on.shop.catalog.listing(query("sort=newest&max=100000"))).cards.slice(0, 5).map((c) => c.id);
    expect(listed).toEqual(newest.map((c) => c.id));
  });

  it("filters by a price range in rupees", async () => {
    const r = await on.shop.catalog.listing(query("min=100&max=300"));
    expect(r.total).toBeGreaterThan(0);
    for (const c of r.cards) {
      expect(c.pricePaise).toBeGreaterThanOrEqual(10000);
      expect(c.pricePaise).toBeLessThanOrEqual(30000);
    }
  });

  it("finds a typo on the results page and in suggestions", async () => {
    const r = await on.shop.catalog.listing(query("search=basmti"));
    expect(r.cards.some((c) => /basmati/i.test(c.title))).toBe(true);
    const s = await on.shop.catalog.suggestions("basm");
    expect(s.length).toBeGreaterThan(0);
    expect(s.length).toBeLessThanOrEqual(6);
    expect(await on.shop.catalog.suggestions("   ")).toEqual([]);
  });

  it("shows a product with its variants, the first in-stock one on its card", async () => {
    const withOutFirst = demo.products.find((p) => p.variants.length > 1 && p.variants[0].inventory_stock === 0 && p.variants.some((v) => v.inventory_stock > 0));
    expect(withOutFirst, "the demo catalogue has a product whose first variant is out of stock").toBeDefined();
    const listed = await on.shop.catalog.listing(query(`search=${encodeURIComponent(withOutFirst!.title)}&max=100000`));
    const card = listed.cards.find((c) => c.title === withOutFirst!.title)!;
    expect(card.internalReference).not.toBe(withOutFirst!.variants[0].internal_reference);
    const detail = await on.shop.catalog.product(card.id);
    expect(detail?.variants.map((v) => v.internalReference)).toEqual(withOutFirst!.variants.map((v) => v.internal_reference));
    expect(detail?.categoryName).toBeTruthy();
    expect(await on.shop.catalog.product(99_999_999)).toBeNull();
    expect(await on.shop.catalog.product(-1)).toBeNull();
  });

  it("relates up to five products of the same category, never the product itself", async () => {
    const card = (await on.shop.catalog.listing(query("category=grocers-pick&sub=spices"))).cards[0];
    const detail = (await on.shop.catalog.product(card.id))!;
    const related = await on.shop.catalog.related(detail);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(5);
    expect(related.map((r) => r.id)).not.toContain(card.id);
    expect(related.every((r) => r.categorySlug === "grocers-pick")).toBe(true);
    expect(related[0].subSlug).toBe("spices");
  });
});

describe.each(targets)("catalogue import on $name", (target) => {
  const on = shopOn(target);

  const importText = async (text: string, format: "json" | "csv") => {
    const parsed = parseCatalogFile(text, format);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const { importCatalog } = await import("../../app/server/catalog/import.server.ts");
    return importCatalog(on.database.db, parsed.file);
  };

  it("creates, then updates by internal_reference, and the listing follows", async () => {
    const file = {
      categories: [{ name: "Grocers Pick", children: [{ name: "Rice" }] }],
      products: [
        {
          title: "Test Jeera Rice",
          category: "All / Grocers Pick / Rice",
          sales_tax: ["5%"],
          variants: [{ internal_reference: "T-JEERA-1KG", attribute: "Net Weight 1 kg", price: 120, mrp: 150, inventory_stock: 5 }],
        },
      ],
    };
    const first = await importText(JSON.stringify(file), "json");
    expect(first).toMatchObject({ productsCreated: 1, productsUpdated: 0, variantsWritten: 1 });
    file.products[0].title = "Test Jeera Rice (new crop)";
    file.products[0].variants[0].price = 110;
    file.products[0].variants.push({ internal_reference: "T-JEERA-5KG", attribute: "Net Weight 5 kg", price: 520, mrp: 600, inventory_stock: 2 });
    const second = await importText(JSON.stringify(file), "json");
    expect(second).toMatchObject({ productsCreated: 0, productsUpdated: 1, variantsWritten: 2 });
    const listed = await on.shop.catalog.listing(query("search=jeera"));
    expect(listed.cards).toHaveLength(1);
    expect(listed.cards[0]).toMatchObject({ title: "Test Jeera Rice (new crop)", pricePaise: 11000 });
    const detail = await on.shop.catalog.product(listed.cards[0].id);
    expect(detail?.variants).toHaveLength(2);
  });

  it("imports HSN codes, and an update from a file without them keeps the stored codes", async () => {
    const hsnOf = async (title: string) => (await on.database.db.select({ hsn: products.hsn }).from(products).where(eq(products.title, title)))[0]?.hsn;
    const file = (hsn?: string) => ({
      products: [
        {
          title: "Test Almonds",
          category: "All / Grocers Pick / Dry Fruits",
          sales_tax: ["12%"],
          ...(hsn === undefined ? {} : { hsn }),
          variants: [{ internal_reference: "T-ALM-1", price: 100, mrp: 100 }],
        },
      ],
    });
    await importText(JSON.stringify(file()), "json");
    expect(await hsnOf("Test Almonds")).toBe("");
    await importText(JSON.stringify(file("0802")), "json");
    expect(await hsnOf("Test Almonds")).toBe("0802");
    await importText(JSON.stringify(file()), "json");
    expect(await hsnOf("Test Almonds")).toBe("0802");
    await importText("title,category,hsn,internal_reference,price,mrp\nTest Almonds,All / Grocers Pick / Dry Fruits,0802.12,T-ALM-1,100,100\n", "csv");
    expect(await hsnOf("Test Almonds")).toBe("080212");
  });

  it("imports CSV rows as variants of one product, creating a missing category", async () => {
    const csv = [
      "product_key,title,category,sales_tax,internal_reference,attribute,price,mrp,in_stock,inventory_stock,images",
      'mugs,"Stoneware Mug, Set",Imported / Gifting / Mugs,18%,T-MUG-2,Set Size 2,499,599,true,10,/images/placeholder.svg',
      "mugs,Stoneware Mug Set,Imported / Gifting / Mugs,18%,T-MUG-4,Set Size 4,899,999,yes,0,",
    ].join("\n");
    expect(await importText(csv, "csv")).toMatchObject({ productsCreated: 1, variantsWritten: 2, categoriesCreated: 2 });
    const tree = await on.shop.catalog.categories();
    expect(tree.find((c) => c.slug === "gifting")?.children.map((c) => c.slug)).toContain("mugs");
    const listed = await on.shop.catalog.listing(query("category=gifting&sub=mugs"));
    expect(listed.cards.map((c) => c.title)).toEqual(["Stoneware Mug, Set"]);
  });

  it("imports Hindi titles and descriptions from JSON and CSV; a file without them keeps them; search finds them", async () => {
    const file = (hindi: boolean) => ({
      categories: [{ name: "Grocers Pick", ...(hindi ? { title_hi: "चुनिंदा किराना" } : {}), children: [{ name: "Pulses", ...(hindi ? { title_hi: "दालें" } : {}) }] }],
      products: [
        {
          title: "Test Arhar Dal",
          short_desc: "Unpolished arhar.",
          ...(hindi ? { title_hi: "टेस्ट अरहर दाल", short_desc_hi: "बिना पॉलिश की अरहर।" } : {}),
          category: "All / Grocers Pick / Pulses",
          variants: [{ internal_reference: "T-ARHAR-1KG", price: 180, mrp: 200, inventory_stock: 5 }],
        },
      ],
    });
    await importText(JSON.stringify(file(true)), "json");
    const [found] = (await on.shop.catalog.listing(query("search=टेस्ट अरहर"))).cards;
    expect(found).toMatchObject({ title: "Test Arhar Dal", titleHi: "टेस्ट अरहर दाल" });
    const detail = await on.shop.catalog.product(found!.id);
    expect(detail).toMatchObject({ title: "Test Arhar Dal", titleHi: "टेस्ट अरहर दाल", shortDescHi: "बिना पॉलिश की अरहर।", categoryNameHi: "चुनिंदा किराना", subNameHi: "दालें" });
    expect((await on.shop.catalog.suggestions("अरहर")).map((s) => s.titleHi)).toContain("टेस्ट अरहर दाल");
    // An English-only file (an older export) leaves the Hindi as it was.
    await importText(JSON.stringify(file(false)), "json");
    expect(await on.shop.catalog.product(found!.id)).toMatchObject({ titleHi: "टेस्ट अरहर दाल", categoryNameHi: "चुनिंदा किराना" });
    // CSV columns title_hi and short_desc_hi.
    await importText("title,title_hi,short_desc_hi,category,internal_reference,price,mrp\nTest Arhar Dal,टेस्ट तूर दाल,नई फ़सल।,All / Grocers Pick / Pulses,T-ARHAR-1KG,180,200\n", "csv");
    expect(await on.shop.catalog.product(found!.id)).toMatchObject({ titleHi: "टेस्ट तूर दाल", shortDescHi: "नई फ़सल।" });
  });

  it("writes nothing of a file when any row fails in the database", async () => {
    const { importCatalog, CatalogImportError } = await import("../../app/server/catalog/import.server.ts");
    const parsed = parseCatalogFile(
      JSON.stringify({
        products: [
          { title: "Fine Product", category: "All / Farm Basket", variants: [{ internal_reference: "T-FINE-1", price: 10, mrp: 10 }] },
          // 'rice' is a subcategory of Grocers Pick: filing it under Gifting must fail the whole file.
          { title: "Misfiled Rice", category: "Imported / Gifting / Rice", variants: [{ internal_reference: "T-MISFILED", price: 10, mrp: 12 }] },
        ],
      }),
      "json",
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const error = await importCatalog(on.database.db, parsed.file).catch((e) => e);
    expect(error).toBeInstanceOf(CatalogImportError);
    expect(error.errors[0]).toMatchObject({ line: 1 });
    expect(String(error.errors[0].reason)).toMatch(/does not belong to Gifting/);
    expect((await on.shop.catalog.listing(query("search=Fine Product"))).cards.filter((c) => c.title === "Fine Product")).toEqual([]);
  });
});
