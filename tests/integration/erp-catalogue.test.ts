// The ERP's catalogue copied into Haat's database (issue 17, decision 043): what changed is
// written under the ERP's ids, a variant re-created under a new id takes its reference along,
// dropped products leave, and a broken or empty answer never empties the shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiProduct } from "../../app/domain/api.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { mirrorCatalogue, readErpCatalogue } from "../../app/server/shop/erp/catalog-mirror.server.ts";
import type { ErpClient } from "../../app/server/shop/erp/client.server.ts";
import { createCatalog } from "../../app/server/shop/catalog.server.ts";
import { createAccounts } from "../../app/server/shop/accounts.server.ts";
import { createStockRequests } from "../../app/server/shop/stock-requests.server.ts";
import { consents, mailQueue, variants } from "../../app/server/db/schema.server.ts";
import { eq } from "drizzle-orm";
import { targets } from "./databases.ts";

const ERP = "https://erp.example";

function product(id: number, variants: { id: number; ref: string; price: number; stock: number }[], title = `Product ${id}`): ApiProduct {
  return {
    id,
    title,
    short_desc: "",
    long_desc: "",
    category: "All / Grocers Pick / Rice",
    sales_tax: ["5%"],
    rating: 4,
    isOrganic: false,
    product_variants: variants.map((v) => ({
      id: v.id,
      internal_reference: v.ref,
      price: v.price,
      mrp: v.price,
      images: [],
      inStock: true,
      inventory_stock: v.stock,
      attribute: "1 kg",
      discount: 0,
    })),
  };
}

describe.each(targets)("the ERP's catalogue copied on $name", (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("copies products under the ERP's ids, follows changes, and lets dropped ones go", async () => {
    const first = [product(501, [{ id: 9001, ref: "ERP-RICE-1", price: 120, stock: 10 }]), product(502, [{ id: 9002, ref: "ERP-RICE-2", price: 90, stock: 0 }])];
    expect(await mirrorCatalogue(database.db, first, ERP)).toEqual({ written: 2, removed: 0, notified: 0 });
    // The same list again writes nothing.
    expect(await mirrorCatalogue(database.db, first, ERP)).toEqual({ written: 0, removed: 0, notified: 0 });
    const catalog = createCatalog(database.db, { refreshMs: 0 });
    const rice = await catalog.product(501);
    expect(rice?.variants[0]).toMatchObject({ id: 9001, internalReference: "ERP-RICE-1", pricePaise: 12000, inventoryStock: 10 });
    // No image from the ERP: its /web/image of the variant.
    expect(rice?.variants[0]?.images).toEqual([`${ERP}/web/image?model=product.product&id=9001&field=image_128`]);

    // The reference re-created in the ERP under another variant id, a price changed, product 502 dropped.
    const second = [product(501, [{ id: 9101, ref: "ERP-RICE-1", price: 125, stock: 8 }])];
    expect(await mirrorCatalogue(database.db, second, ERP)).toEqual({ written: 1, removed: 1, notified: 0 });
    expect((await catalog.product(501))?.variants.map((v) => [v.id, v.internalReference, v.pricePaise])).toEqual([[9101, "ERP-RICE-1", 12500]]);
    expect(await catalog.product(502)).toBeNull();
  });

  it("tells a shopper waiting for a variant when the ERP has it back in stock, once, even after a copy that failed half way", async () => {
    const kept = product(501, [{ id: 9101, ref: "ERP-RICE-1", price: 125, stock: 8 }]);
    const dal = (stock: number, id = 9004) => product(504, [{ id, ref: "ERP-DAL-1", price: 140, stock }], "Toor Dal");
    const requests = createStockRequests(database.db);
    const shopper = async (name: string) => {
      const customer = await createAccounts(database.db).register({ name, email: `${name.toLowerCase()}-erp-${target.name}@example.in`, phone: "9876543210", password: "a-password" });
      await requests.request(customer, "ERP-DAL-1", "en");
      return customer;
    };
    const mailsTo = async (email: string) => (await database.db.select().from(mailQueue).where(eq(mailQueue.to, email))).map((m) => m.body);
    expect(await mirrorCatalogue(database.db, [kept, dal(0)], ERP)).toMatchObject({ notified: 0 });
    const asha = await shopper("Asha");
    expect(await requests.list(asha)).toHaveLength(1);
    // Back in stock: the shopper is told, and the request ends.
    expect(await mirrorCatalogue(database.db, [kept, dal(6)], ERP)).toMatchObject({ written: 1, notified: 1 });
    expect(await requests.list(asha)).toEqual([]);
    expect(await mailsTo(asha.email!)).toEqual([expect.stringContaining("Toor Dal")]);
    // The next copy tells no one twice.
    expect(await mirrorCatalogue(database.db, [kept, dal(6)], ERP)).toEqual({ written: 0, removed: 0, notified: 0 });
    expect(await mailsTo(asha.email!)).toHaveLength(1);

    // A copy that wrote the stock and died before its notices: the next copy, with nothing to write, sends them.
    await mirrorCatalogue(database.db, [kept, dal(0)], ERP);
    const ravi = await shopper("Ravi");
    await database.db.update(variants).set({ inventoryStock: 6 }).where(eq(variants.id, 9004));
    expect(await mirrorCatalogue(database.db, [kept, dal(6)], ERP)).toEqual({ written: 0, removed: 0, notified: 1 });
    expect(await mailsTo(ravi.email!)).toHaveLength(1);

    // Re-created in the ERP under another id, out of stock: the shopper still waits, for the new one.
    await mirrorCatalogue(database.db, [kept, dal(0)], ERP);
    const meera = await shopper("Meera");
    expect(await mirrorCatalogue(database.db, [kept, dal(0, 9104)], ERP)).toMatchObject({ notified: 0 });
    expect((await requests.list(meera)).map((r) => r.internalReference)).toEqual(["ERP-DAL-1"]);
    expect(await mirrorCatalogue(database.db, [kept, dal(4, 9104)], ERP)).toMatchObject({ notified: 1 });
    expect(await mailsTo(meera.email!)).toHaveLength(1);
    expect(await requests.list(meera)).toEqual([]);

    // The ERP drops the dal altogether: a shopper still waiting is not told, and the ledger says the request ended with it (issue 48).
    await mirrorCatalogue(database.db, [kept, dal(0, 9104)], ERP);
    const uma = await shopper("Uma");
    expect(await mirrorCatalogue(database.db, [kept], ERP)).toMatchObject({ removed: 1, notified: 0 });
    expect(await requests.list(uma)).toEqual([]);
    const ledger = await database.db.select().from(consents).where(eq(consents.customerId, uma.id)).orderBy(consents.id);
    expect(ledger.map((l) => [l.detail, l.granted, l.via])).toEqual([
      ["ERP-DAL-1", true, "product-page"],
      ["ERP-DAL-1", false, "item-removed"],
    ]);
  });

  it("never empties the shop for an empty or broken answer", async () => {
    expect(await mirrorCatalogue(database.db, [], ERP)).toEqual({ written: 0, removed: 0, notified: 0 });
    expect(await createCatalog(database.db, { refreshMs: 0 }).product(501)).not.toBeNull();
    const broken: ErpClient = { baseUrl: ERP, open: false, call: async <T>() => ({ total: 3 }) as T };
    await expect(readErpCatalogue(broken)).rejects.toMatchObject({ code: "unavailable" });
    const short: ErpClient = { baseUrl: ERP, open: false, call: async <T>() => ({ products: [product(503, [{ id: 9003, ref: "ERP-X", price: 1, stock: 1 }])], total: 3 }) as T };
    await expect(readErpCatalogue(short)).rejects.toMatchObject({ code: "unavailable" });
  });
});
