import { describe, expect, it } from "vitest";
import { allowedDistance, createSearchIndex, FUZZY_THRESHOLD, MAX_EDIT_DISTANCE, namesExactly, parseQuery, searchIds, sizeWords, stem } from "./search.ts";
import { highlight, isSearchable } from "./search-text.ts";

const index = createSearchIndex([
  { id: 1, title: "Haat Select Basmati Rice", description: "Aged long grain", category: "All / Grocers Pick / Rice", attributes: ["Net Weight 1 kg", "Net Weight 5 kg"] },
  { id: 2, title: "Toor Dal", description: "Unpolished pigeon peas", category: "All / Grocers Pick / Pulses", attributes: ["Net Weight 500 g"] },
  { id: 3, title: "Cold Pressed Mustard Oil", description: "Kachi ghani", category: "All / Grocers Pick / Oil & Ghee", attributes: ["Capacity 1 L"] },
  { id: 4, title: "Bone China Tea Set", description: "Six cups and a pot", category: "Imported / Gifting / Tea Set & Glass Cup", attributes: ["Set Size 15"] },
  { id: 5, title: "Sona Masoori Rice", description: "Light everyday rice, cooks without oil", category: "All / Grocers Pick / Rice", attributes: ["Net Weight 5 kg"] },
  { id: 6, title: "Wheat Dalia", description: "Broken wheat", category: "All / Grocers Pick / Flours & Grains", attributes: ["Net Weight 500 g"] },
  { id: 7, title: "Serving Dish", description: "Stoneware", category: "General Merchandise / Dinner Ware", attributes: ["Size 10 in"] },
]);

describe("searchIds", () => {
  it("finds whole words of the title first, then the category, and drops what only the description mentions", () => {
    expect(searchIds(index, "basmati")).toEqual([1]);
    expect(searchIds(index, "rice")).toEqual([1, 5]);
    expect(searchIds(index, "oil")).toEqual([3]);
    expect(searchIds(index, "gifting")).toEqual([4]);
  });
  it("forgives a typo by the word's length, never on its first letter, and only for words the catalogue lacks", () => {
    expect(searchIds(index, "basmti")).toEqual([1]);
    expect(searchIds(index, "musterd")).toEqual([3]);
    expect(searchIds(index, "fish")).toEqual([]);
    expect(searchIds(index, "rise")).toEqual([1, 5]);
    expect(allowedDistance("dal")).toBe(0);
    expect(allowedDistance("masoor")).toBe(1);
    expect(allowedDistance("basmatirice")).toBe(2);
    // The specification's constants hold: never more than 30% of the word, never more than two edits.
    for (let n = 1; n <= 30; n++) expect(allowedDistance("x".repeat(n))).toBeLessThanOrEqual(Math.min(MAX_EDIT_DISTANCE, n * FUZZY_THRESHOLD));
  });
  it("reads a three-letter word one letter off a name's word as that word, only when nothing matches it as typed (issue 41)", () => {
    // 'oll' is 'oil' (first and last letters kept), as 'ata' is atta.
    expect(searchIds(index, "oll")).toEqual([3]);
    expect(searchIds(index, "oll", 6, true)).toEqual([3]);
    expect(searchIds(index, "mustard oll")).toEqual([3]);
    // A completion comes first ('dis' is dish, not dal); a changed last letter is another word ('tee', 'dak').
    expect(searchIds(index, "dis")).toEqual([7]);
    expect(searchIds(index, "tee")).toEqual([]);
    expect(searchIds(index, "dak")).toEqual([]);
    // Never on the first letter, never two edits.
    expect(searchIds(index, "bil")).toEqual([]);
    expect(searchIds(index, "dla")).toEqual([]);
  });
  it("completes a word only when it is not one already: 'dal' is dal, not dalia", () => {
    expect(searchIds(index, "dal")).toEqual([2]);
    expect(searchIds(index, "basm")).toEqual([1]);
  });
  it("needs every word, or a synonym of it", () => {
    expect(searchIds(index, "rice oil")).toEqual([]);
    expect(searchIds(index, "chawal")).toEqual([1, 5]);
    expect(searchIds(index, "sarson ka tel")).toEqual([3]);
    expect(searchIds(index, "arhar daal")).toEqual([2]);
  });
  it("brings the size asked for first", () => {
    expect(searchIds(index, "5 kg rice")).toEqual([1, 5]);
    expect(searchIds(index, "rice 5kg")[0]).toBe(1);
    expect(searchIds(index, "1kg rice")[0]).toBe(1);
    expect(sizeWords("Net Weight 500 g, Capacity 1 L, 1.5 kg")).toEqual(["size500g", "size1000ml", "size1500g"]);
  });
  it("de-duplicates and honours the limit", () => {
    const ids = searchIds(index, "rice");
    expect(new Set(ids).size).toBe(ids.length);
    expect(searchIds(index, "rice", 1)).toHaveLength(1);
  });
  it("does not search blank input or words that mean nothing", () => {
    expect(isSearchable("   ")).toBe(false);
    expect(searchIds(index, "   ")).toEqual([]);
    expect(searchIds(index, "and of the")).toEqual([]);
  });
  it("reads plurals and run-together words as the catalogue has them", () => {
    expect(stem("almonds")).toBe("almond");
    expect(stem("tomatoes")).toBe("tomato");
    expect(stem("glass")).toBe("glass");
    expect(parseQuery("dryfruits").groups[0]!.alternatives).toContainEqual(["dry", "fruit"]);
  });
});

describe("highlight", () => {
  it("splits around the typed text", () => {
    expect(highlight("Basmati Rice", "rice")).toEqual({ before: "Basmati ", match: "Rice", after: "" });
    expect(highlight("Basmati Rice", "xyz")).toEqual({ before: "Basmati Rice", match: "", after: "" });
  });
});

describe("search cache", () => {
  it("remembers recent queries, normalised", () => {
    const first = searchIds(index, "Basmati ");
    expect(index.cache.has("=basmati")).toBe(true);
    expect(searchIds(index, "basmati")).toEqual(first);
  });
});

describe("help on the results page", () => {
  it("says 'Did you mean' when a nearer spelling finds more, and not otherwise", async () => {
    const { didYouMean } = await import("./search.ts");
    expect(didYouMean(index, "basmtai")).toBe("basmati");
    expect(didYouMean(index, "basmati")).toBeNull();
    expect(didYouMean(index, "iphone")).toBeNull();
  });
  it("offers the nearest categories for a query that found nothing, else every top-level one", async () => {
    const { nearestCategories } = await import("./search.ts");
    const tree = [
      {
        name: "Grocers Pick",
        slug: "grocers-pick",
        status: "active",
        children: [
          { name: "Snacks & Namkeen", slug: "snacks-namkeen" },
          { name: "Rice", slug: "rice" },
        ],
      },
      { name: "Farm Basket", slug: "farm-basket", status: "active", children: [] },
      { name: "Later", slug: "later", status: "coming_soon", children: [] },
    ];
    expect(nearestCategories(tree, "snaks")).toEqual([{ name: "Snacks & Namkeen", category: "grocers-pick", sub: "snacks-namkeen" }]);
    expect(nearestCategories(tree, "iphone").map((c) => c.name)).toEqual(["Grocers Pick", "Farm Basket"]);
  });
});

describe("namesExactly", () => {
  it("is true when every word, or a synonym of it, is a word of the product's name or category", () => {
    expect(namesExactly(index, "basmati rice", 1)).toBe(true);
    expect(namesExactly(index, "chawal", 1)).toBe(true);
    expect(namesExactly(index, "sarson ka tel", 3)).toBe(true);
    expect(namesExactly(index, "toor dal", 2)).toBe(true);
  });
  it("is false for a misspelling, a completion or a word only the description has: a guess to ask about", () => {
    expect(searchIds(index, "basmti")).toEqual([1]);
    expect(namesExactly(index, "basmti", 1)).toBe(false);
    expect(searchIds(index, "basm")).toEqual([1]);
    expect(namesExactly(index, "basm", 1)).toBe(false);
    expect(namesExactly(index, "broken", 6)).toBe(false);
    expect(namesExactly(index, "", 1)).toBe(false);
  });
});
