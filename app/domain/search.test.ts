import { describe, expect, it } from "vitest";
import { createSearchIndex, editDistance, searchIds } from "./search.ts";
import { highlight, isSearchable } from "./search-text.ts";

const index = createSearchIndex([
  { id: 1, title: "Haat Select Basmati Rice", description: "Aged long grain", category: "All / Grocers Pick / Rice" },
  { id: 2, title: "Toor Dal", description: "Unpolished pigeon peas", category: "All / Grocers Pick / Pulses" },
  { id: 3, title: "Cold Pressed Mustard Oil", description: "Kachi ghani", category: "All / Farm Basket" },
  { id: 4, title: "Bone China Tea Set", description: "Six cups and a pot", category: "Imported / Gifting / Tea Set & Glass Cup" },
  { id: 5, title: "Sona Masoori Rice", description: "Light everyday rice", category: "All / Grocers Pick / Rice" },
]);

describe("searchIds", () => {
  it("finds exact words in the title", () => {
    expect(searchIds(index, "basmati")).toEqual([1]);
  });
  it("finds a typo", () => {
    expect(searchIds(index, "basmti")).toContain(1);
    expect(searchIds(index, "musterd")).toContain(3);
  });
  it("matches description and category", () => {
    expect(searchIds(index, "pigeon")).toEqual([2]);
    expect(searchIds(index, "gifting")).toContain(4);
  });
  it("does not let short words match anything two edits away", () => {
    expect(searchIds(index, "dal")).toEqual([2]);
  });
  it("de-duplicates and honours the limit", () => {
    const ids = searchIds(index, "rice");
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([1, 5]));
    expect(searchIds(index, "rice", 1)).toHaveLength(1);
  });
  it("does not search blank input", () => {
    expect(isSearchable("   ")).toBe(false);
    expect(searchIds(index, "   ")).toEqual([]);
  });
});

describe("editDistance", () => {
  it("counts edits and stops past the maximum", () => {
    expect(editDistance("basmti", "basmati")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
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
    expect(index.cache.has("basmati")).toBe(true);
    expect(searchIds(index, "basmati")).toEqual(first);
  });
});

describe("ranking", () => {
  it("puts title matches before category matches", () => {
    const idx = createSearchIndex([
      { id: 1, title: "Desi Tomatoes", description: "Farm fresh", category: "All / Farm Basket" },
      { id: 2, title: "Potatoes", description: "New crop", category: "All / Farm Basket" },
      { id: 3, title: "Haat Select Basmati Rice", description: "Aged", category: "All / Grocers Pick / Rice" },
    ]);
    expect(searchIds(idx, "basm")[0]).toBe(3);
  });
});
