import { describe, expect, it } from "vitest";
import { locateJsonItems, parseCatalogFile, photoFilesOf, readCsv, withPhotoUrls } from "./catalog-file.ts";

const product = (over: Record<string, unknown> = {}, variant: Record<string, unknown> = {}) => ({
  title: "Toor Dal",
  category: "All / Grocers Pick / Pulses",
  sales_tax: ["5%"],
  variants: [{ internal_reference: "GP-TOOR-1KG", attribute: "Net Weight 1 kg", price: 189, mrp: 210, inventory_stock: 12, ...variant }],
  ...over,
});

describe("JSON catalogue files", () => {
  it("reads products, converting rupees to paise and placing the category path", () => {
    const r = parseCatalogFile(JSON.stringify({ categories: [{ name: "Grocers Pick", children: [{ name: "Flours & Grains" }] }], products: [product()] }), "json");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.categories[0]).toMatchObject({ slug: "grocers-pick", status: "active", children: [{ slug: "flours-grains" }] });
    expect(r.file.products[0]).toMatchObject({
      categorySlug: "grocers-pick",
      subSlug: "pulses",
      variants: [{ internalReference: "GP-TOOR-1KG", pricePaise: 18900, mrpPaise: 21000, inStock: true }],
    });
  });

  it("reports each bad row with its line and reason", () => {
    const text = JSON.stringify(
      { products: [product(), product({ title: "" }, { internal_reference: "X-1" }), product({}, { internal_reference: "X-2", price: 300, mrp: 200 })] },
      null,
      2,
    );
    const r = parseCatalogFile(text, "json");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const lines = locateJsonItems(text).products;
    expect(r.errors).toEqual([
      { line: lines[1], reason: "products[1].title: title is required" },
      { line: lines[2], reason: "products[2].variants[0].mrp: mrp is below price" },
    ]);
  });

  it("refuses a reference used twice, fractional paise, negative stock and remote-looking paths", () => {
    const r = parseCatalogFile(
      JSON.stringify({
        products: [
          product(),
          product({}, { price: 10.005 }),
          product({}, { internal_reference: "B", inventory_stock: -1 }),
          product({}, { internal_reference: "C", images: ["http://insecure.example/x.png"] }),
        ],
      }),
      "json",
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const reasons = r.errors.map((e) => e.reason).join("\n");
    expect(reasons).toMatch(/has more than two decimals/);
    expect(reasons).toMatch(/must not be negative/);
    expect(reasons).toMatch(/must be a path starting with \/, an https:\/\/ URL, or a \.jpg, \.png or \.webp file beside the catalogue file/);
  });

  it("refuses a picture a browser would fetch from another site: protocol-relative, backslashed or with a control character", () => {
    const evil = ["//evil.example/x.png", "/\\evil.example/x.png", "/\t/evil.example/x.png", "https:///evil.example/x.png"];
    const r = parseCatalogFile(JSON.stringify({ products: evil.map((image, i) => product({}, { internal_reference: `E${i}`, images: [image] })) }), "json");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(evil.length);
    for (const e of r.errors) expect(e.reason).toMatch(/must be a path starting with \//);
    expect(parseCatalogFile(JSON.stringify({ products: [product({}, { images: ["/images/products/toor-dal.svg", "https://cdn.example.in/toor.png"] })] }), "json").ok).toBe(true);
  });

  it("takes photo files beside the catalogue file, lists each once with its first line, and swaps in their stored URLs", () => {
    const text = JSON.stringify(
      {
        products: [
          product({}, { images: ["photos/toor.jpg", "/images/products/toor-dal.svg"] }),
          product({ title: "Chana Dal" }, { internal_reference: "GP-CHANA-1KG", images: ["./photos/toor.jpg", "photos/chana.png"] }),
          product({ title: "Bad" }, { internal_reference: "GP-BAD", images: ["../secret.jpg"] }),
        ],
      },
      null,
      2,
    );
    const bad = parseCatalogFile(text, "json");
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toHaveLength(1);
    expect(bad.errors[0]!.reason).toMatch(/products\[2\]\.variants\[0\]\.images\[0\]: must be a path/);

    const good = parseCatalogFile(JSON.stringify({ products: JSON.parse(text).products.slice(0, 2) }, null, 2), "json");
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    const lines = locateJsonItems(text).products;
    expect(photoFilesOf(good.file)).toEqual([
      { path: "photos/toor.jpg", line: lines[0] },
      { path: "photos/chana.png", line: lines[1] },
    ]);
    const stored = withPhotoUrls(
      good.file,
      new Map([
        ["photos/toor.jpg", "/media/toor.webp"],
        ["photos/chana.png", "/media/chana.webp"],
      ]),
    );
    expect(stored.products.map((p) => p.variants[0]!.images)).toEqual([
      ["/media/toor.webp", "/images/products/toor-dal.svg"],
      ["/media/toor.webp", "/media/chana.webp"],
    ]);
    expect(photoFilesOf(stored)).toEqual([]);
  });

  it("reads HSN codes as digits, refuses malformed ones, and leaves a missing one null", () => {
    const r = parseCatalogFile(
      JSON.stringify({
        products: [product({ hsn: "0713" }), product({ title: "Rice", hsn: "1006.30" }, { internal_reference: "R-1" }), product({ title: "Atta" }, { internal_reference: "A-1" })],
      }),
      "json",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.products.map((p) => p.hsn)).toEqual(["0713", "100630", null]);
    const bad = parseCatalogFile(JSON.stringify({ products: [product({ hsn: "713" }), product({ hsn: 713 }, { internal_reference: "X-9" })] }), "json");
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.reason)).toEqual(["products[0].hsn: hsn must be an HSN code of 4, 6 or 8 digits", 'products[1].hsn: hsn must be a string of digits, e.g. "0802"']);
  });

  it("reads a variant sold by weight, with the tolerance 10% when left out, and refuses what cannot be weighed", () => {
    const r = parseCatalogFile(
      JSON.stringify({
        products: [
          product({}, { sold_by_weight: { unit_grams: 500, tolerance_percent: 15 } }),
          product({}, { internal_reference: "X-2", sold_by_weight: { unit_grams: 250 } }),
          product({}, { internal_reference: "X-3" }),
        ],
      }),
      "json",
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.file.products.map((p) => p.variants[0]!.byWeight)).toEqual([{ unitGrams: 500, tolerancePercent: 15 }, { unitGrams: 250, tolerancePercent: 10 }, null]);
    const bad = parseCatalogFile(
      JSON.stringify({
        products: [product({}, { sold_by_weight: { unit_grams: 0 } }), product({}, { internal_reference: "X-4", sold_by_weight: { unit_grams: 500, tolerance_percent: 40 } })],
      }),
      "json",
    );
    if (bad.ok) throw new Error("accepted");
    expect(bad.errors.map((e) => e.reason)).toEqual([
      "products[0].variants[0].sold_by_weight.unit_grams: unit_grams must be whole grams from 1 to 50000",
      "products[1].variants[0].sold_by_weight.tolerance_percent: tolerance_percent must be a whole percent from 0 to 25",
    ]);
  });

  it("reads a variant's low-stock threshold, null when left out, and refuses one that is not a whole number from 0 to 100000", () => {
    const r = parseCatalogFile(
      JSON.stringify({ products: [product({}, { low_stock_below: 25 }), product({}, { internal_reference: "X-2", low_stock_below: 0 }), product({}, { internal_reference: "X-3" })] }),
      "json",
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.file.products.map((p) => p.variants[0]!.lowStockBelow)).toEqual([25, 0, null]);
    const bad = parseCatalogFile(
      JSON.stringify({
        products: [-1, 2.5, 100_001, "10", null].map((low_stock_below, i) => product({}, { internal_reference: `B-${i}`, low_stock_below })),
      }),
      "json",
    );
    if (bad.ok) throw new Error("accepted");
    expect(bad.errors.map((e) => e.reason)).toEqual([0, 1, 2, 3, 4].map((i) => `products[${i}].variants[0].low_stock_below: must be a whole number from 0 to 100000`));
  });

  it("every product of the demo catalogue has an HSN code", async () => {
    const { readFile } = await import("node:fs/promises");
    const r = parseCatalogFile(await readFile(new URL("../../scripts/demo-catalog.json", import.meta.url), "utf8"), "json");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.products.filter((p) => !p.hsn || !/^\d{4}$/.test(p.hsn)).map((p) => p.title)).toEqual([]);
  });

  it("reports broken JSON with its line", () => {
    const r = parseCatalogFile('{\n  "products": [\n    { "title": }\n  ]\n}', "json");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].line).toBe(3);
  });

  it("locates array items across lines, ignoring brackets inside strings", () => {
    const text = '{\n"categories": [],\n"products": [\n{"title": "a [b] {c}"},\n\n{"title": "d"}\n]\n}';
    expect(locateJsonItems(text)).toEqual({ categories: [], products: [4, 6] });
  });
});

describe("CSV catalogue files", () => {
  const header = "product_key,title,category,sales_tax,internal_reference,attribute,price,mrp,in_stock,inventory_stock,images,long_desc";
  it("groups rows into products and reads quoted cells with commas and newlines", () => {
    const csv = `${header}\nmugs,"Mug, stoneware",Imported / Gifting / Gift Set,18%,M-2,Set Size 2,499,599,true,3,/a.svg|/b.svg,"<p>Care:\nHand wash</p>"\nmugs,"Mug, stoneware",Imported / Gifting / Gift Set,18%,M-4,Set Size 4,899,899,no,0,,\n`;
    const r = parseCatalogFile(csv, "csv");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.products).toHaveLength(1);
    expect(r.file.products[0]).toMatchObject({ title: "Mug, stoneware", categorySlug: "gifting", subSlug: "gift-set", longDesc: "<p>Care:\nHand wash</p>" });
    expect(r.file.products[0].variants.map((v) => [v.internalReference, v.images, v.inStock])).toEqual([
      ["M-2", ["/a.svg", "/b.svg"], true],
      ["M-4", [], false],
    ]);
  });

  it("reports the line of each bad row, counting quoted newlines", () => {
    const csv = `${header}\na,A,All / Farm Basket,0%,A-1,,10,10,,,,"two\nlines"\nb,B,All / Farm Basket,0%,B-1,,ten,10,,,,\nc,C,All / Farm Basket,0%,A-1,,10,12,,,,\n`;
    const r = parseCatalogFile(csv, "csv");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { line: 4, reason: "price: must be a number of rupees" },
      { line: 5, reason: "internal_reference A-1 already appears on line 2" },
    ]);
  });

  it("reads an hsn column", () => {
    const csv = `title,category,sales_tax,hsn,internal_reference,price,mrp\nAlmonds,All / Grocers Pick / Dry Fruits,12%,0802,D-1,699,799\nTea,All / Grocers Pick,5%,,T-1,99,99\nBad,All / Grocers Pick,5%,08O2,B-1,99,99\n`;
    const r = parseCatalogFile(csv, "csv");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([{ line: 4, reason: "hsn: hsn must be an HSN code of 4, 6 or 8 digits" }]);
    const good = parseCatalogFile(csv.split("\n").slice(0, 3).join("\n"), "csv");
    expect(good.ok && good.file.products.map((p) => p.hsn)).toEqual(["0802", null]);
  });

  it("reads a low_stock_below column, a blank cell as none", () => {
    const csv = `title,category,internal_reference,price,mrp,low_stock_below\nA,All / Farm Basket,A-1,10,10,5\nB,All / Farm Basket,B-1,10,10,\nC,All / Farm Basket,C-1,10,10,five\n`;
    const r = parseCatalogFile(csv, "csv");
    if (r.ok) throw new Error("accepted");
    expect(r.errors).toEqual([{ line: 4, reason: "low_stock_below: must be a whole number from 0 to 100000" }]);
    const good = parseCatalogFile(csv.split("\n").slice(0, 3).join("\n"), "csv");
    expect(good.ok && good.file.products.map((p) => p.variants[0]!.lowStockBelow)).toEqual([5, null]);
  });

  it("names missing and unknown columns", () => {
    const r = parseCatalogFile("title,colour\nx,red\n", "csv");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].reason).toBe("missing column(s): category, internal_reference, price, mrp; unknown column(s): colour");
  });

  it("splits rows on CRLF and skips blank lines", () => {
    expect(readCsv("a,b\r\n\r\n1,2\r\n").map((r) => [r.line, r.cells])).toEqual([
      [1, ["a", "b"]],
      [3, ["1", "2"]],
    ]);
  });
});
