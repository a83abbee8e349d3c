import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { choiceFor, DEFAULT_REPLACEMENT, isOffered, kindOf, kinship, REPLACEMENT_OFFERS, replacementPricePaise, replacementsFor, type ReplacementCandidate } from "./replacement.ts";
import { replacementFields } from "./replacement-form.ts";

describe("replacements", () => {
  it("a line's own choice wins over the order's; a call until the shopper says otherwise", () => {
    expect(DEFAULT_REPLACEMENT).toBe("call");
    expect(choiceFor("replace", null)).toBe("replace");
    expect(choiceFor("replace", "refund")).toBe("refund");
  });

  it("never charges a replacement above the item it replaces", () => {
    expect(replacementPricePaise(12_900, 16_900)).toBe(12_900);
    expect(replacementPricePaise(16_900, 11_900)).toBe(11_900);
  });

  it("reads a product's kind from its name: the head word, before any bracket or 'with', singular", () => {
    expect(kindOf("Aravalli Farms Desi Tomatoes").head).toBe("tomato");
    expect(kindOf("Haat Select Toor Dal (Unpolished)").head).toBe("dal");
    expect(kindOf("Clearcut Glass Teapot with Infuser").head).toBe("teapot");
    expect(kindOf("Haat Select Green Cardamom 8 mm").head).toBe("cardamom");
    expect(kindOf("Clearcut Crystal Whisky Glasses").head).toBe("glass");
    expect([...kindOf("Haat Select Kabuli Chana (Large)").words]).toContain("chana");
  });

  it("ranks kinship: the same kind, then a kind named in the other's name, then the HSN heading, then its chapter", () => {
    const tomatoes = { title: "Aravalli Farms Desi Tomatoes", hsn: "0702" };
    expect(kinship(tomatoes, { title: "Aravalli Farms Cherry Tomatoes", hsn: "0702" })).toBe(0);
    expect(kinship(tomatoes, { title: "Tomato Puree", hsn: "2002" })).toBe(1);
    expect(kinship(tomatoes, { title: "Aravalli Farms Red Onions", hsn: "0703" })).toBe(3);
    // Sharing the brand and 'Desi' says nothing of the kind: milk is dairy, not a vegetable.
    expect(kinship(tomatoes, { title: "Aravalli Farms A2 Desi Cow Milk", hsn: "0401" })).toBe(4);
    expect(kinship({ title: "Haat Select Kabuli Chana (Large)", hsn: "0713" }, { title: "Haat Select Chana Dal", hsn: "0713" })).toBe(1);
    expect(kinship({ title: "Haat Select Rajma Chitra", hsn: "0713" }, { title: "Haat Select Chana Dal", hsn: "0713" })).toBe(2);
    expect(kinship({ title: "Spinach", hsn: "" }, { title: "Okra", hsn: "" })).toBe(4);
  });

  const shelf = { categorySlug: "grocers-pick", subSlug: "pulses" };
  const masoor = { ...shelf, productId: 1, title: "Haat Select Masoor Dal (Malka)", hsn: "0713", attribute: "Net Weight 1 kg", pricePaise: 12_900, quantity: 2 };
  const variant = (variantId: number, productId: number, title: string, attribute: string, pricePaise: number, more: Partial<ReplacementCandidate> = {}): ReplacementCandidate => ({
    ...shelf,
    hsn: "0713",
    variantId,
    productId,
    title,
    attribute,
    pricePaise,
    inStock: true,
    inventoryStock: 40,
    ...more,
  });
  const pulses = [
    variant(10, 10, "Haat Select Rajma Chitra", "Net Weight 500 g", 9_500),
    variant(11, 11, "Haat Select Toor Dal (Unpolished)", "Net Weight 1 kg", 16_900),
    variant(12, 12, "Haat Select Chana Dal", "Net Weight 1 kg", 11_900),
    variant(13, 13, "Haat Select Kabuli Chana (Large)", "Net Weight 1 kg", 16_500),
    variant(14, 14, "Haat Organics Yellow Moong Dal", "Net Weight 1 kg", 18_900),
    variant(15, 1, "Haat Select Masoor Dal (Malka)", "Net Weight 500 g", 6_900),
    variant(16, 16, "Haat Select Urad Dal", "Net Weight 1 kg", 12_900, { inStock: false }),
    variant(17, 17, "Haat Select Arhar Dal", "Net Weight 1 kg", 12_900, { inventoryStock: 1 }),
    variant(18, 18, "Haat Select Moth Dal", "Net Weight 1 kg", 12_900, { subSlug: "flours-grains" }),
    variant(19, 19, "Clearcut Crystal Whisky Glasses", "Set Size 2", 12_900, { categorySlug: "general-merchandise", subSlug: "bar-glass", hsn: "7013" }),
  ];

  it("offers other products of the shelf with enough in stock: the same kind first, then the closest price and pack size", () => {
    const offers = replacementsFor(masoor, pulses);
    expect(REPLACEMENT_OFFERS).toBe(3);
    expect(offers.map((o) => o.title)).toEqual(["Haat Select Chana Dal", "Haat Select Toor Dal (Unpolished)", "Haat Organics Yellow Moong Dal"]);
    // Beyond the dals: other pulses by price and pack; never the product itself, another shelf, or too little stock.
    expect(replacementsFor(masoor, pulses, 10).map((o) => o.variantId)).toEqual([12, 11, 14, 13, 10]);
  });

  it("accepts only what it offers: never whisky glasses for dal, nor a pulse it did not offer", () => {
    const offers = replacementsFor(masoor, pulses);
    expect(isOffered(offers, 12)).toBe(true);
    for (const id of [19, 13, 15, 16, 17, 18, 999]) expect(isOffered(offers, id)).toBe(false);
  });

  it("offers Desi Tomatoes vegetables from the demo catalogue, never curd or milk", async () => {
    const file = JSON.parse(await readFile(new URL("../../scripts/demo-catalog.json", import.meta.url), "utf8")) as {
      products: { title: string; hsn: string; category: string; variants: { attribute: string; price: number; in_stock: boolean; inventory_stock: number }[] }[];
    };
    let id = 0;
    const candidates = file.products.flatMap((p, productId) => {
      const [, categorySlug = "", subSlug = null] = p.category.split(" / ");
      return p.variants.map((v) => ({
        productId,
        title: p.title,
        hsn: p.hsn,
        categorySlug,
        subSlug,
        variantId: id++,
        attribute: v.attribute,
        pricePaise: v.price * 100,
        inStock: v.in_stock,
        inventoryStock: v.inventory_stock,
      }));
    });
    const tomatoes = candidates.filter((c) => c.title === "Aravalli Farms Desi Tomatoes");
    const offersFor = (t: ReplacementCandidate) => replacementsFor({ ...t, quantity: 1 }, candidates).map((o) => `${o.title.replace("Aravalli Farms ", "")} ${o.attribute}`);
    // No other tomatoes in the demo catalogue: the closest vegetables (HSN chapter 07) by price and pack.
    expect(offersFor(tomatoes[0]!)).toEqual(["English Cucumbers Net Weight 500 g", "Organic Carrots Net Weight 500 g", "Baby Spinach (Palak) Net Weight 250 g"]);
    expect(offersFor(tomatoes[1]!)).toEqual(["Red Onions Net Weight 1 kg", "Potatoes Net Weight 1 kg", "Organic Carrots Net Weight 500 g"]);
    // And another tomato, were there one, would come first.
    const cherry = { ...tomatoes[0]!, productId: 999, variantId: 999, title: "Aravalli Farms Cherry Tomatoes", pricePaise: 9_900, attribute: "Net Weight 250 g" };
    expect(replacementsFor({ ...tomatoes[0]!, quantity: 1 }, [...candidates, cherry])[0]!.title).toBe("Aravalli Farms Cherry Tomatoes");
  });

  it("reads the cart's form: the order's choice, lines' choices or '' for the order's, and nothing else", () => {
    expect(replacementFields.parse({ replacement: "replace", lines: [{ internal_reference: "A", replacement: "" }] })).toEqual({
      replacement: "replace",
      lines: [{ internal_reference: "A", replacement: "" }],
    });
    expect(replacementFields.safeParse({ replacement: "swap" }).success).toBe(false);
    expect(replacementFields.parse({ replacement: "call" }).lines).toEqual([]);
  });
});
