import { describe, expect, it } from "vitest";
import { navPath, placeCategoryPath, resolveCategoryFilter, slugify, type CategoryRef } from "./category.ts";

describe("slugify", () => {
  it("lower-cases and turns non-alphanumeric runs into one hyphen", () => {
    expect(slugify("Flours & Grains")).toBe("flours-grains");
    expect(slugify("Tea Set & Glass Cup")).toBe("tea-set-glass-cup");
    expect(slugify("  Grocers Pick ")).toBe("grocers-pick");
    expect(slugify("Bar-Glass!!")).toBe("bar-glass");
  });
});

describe("navPath", () => {
  it("maps home to / and other labels to lower case without spaces", () => {
    expect(navPath("Home")).toBe("/");
    expect(navPath("Shop Retail")).toBe("/shopretail");
    expect(navPath("About Us")).toBe("/aboutus");
    expect(navPath("Blog")).toBe("/blog");
  });
});

describe("placeCategoryPath", () => {
  it("anchors on Grocers Pick and takes the next segment as sub", () => {
    expect(placeCategoryPath("All / Grocers Pick / Rice")).toMatchObject({ categorySlug: "grocers-pick", subSlug: "rice" });
    expect(placeCategoryPath("Grocers Pick / Flours & Grains / Atta")).toMatchObject({
      categorySlug: "grocers-pick",
      subSlug: "flours-grains",
    });
  });
  it("anchors on General Merchandise likewise", () => {
    expect(placeCategoryPath("Home / General Merchandise / Bar Glass")).toMatchObject({
      categorySlug: "general-merchandise",
      subSlug: "bar-glass",
    });
    expect(placeCategoryPath("General Merchandise")).toMatchObject({ categorySlug: "general-merchandise", subSlug: null });
  });
  it("takes the last segment as category after All or Food", () => {
    expect(placeCategoryPath("All / Farm Basket")).toMatchObject({ categorySlug: "farm-basket", subSlug: null });
    expect(placeCategoryPath("Food / Farm Basket")).toMatchObject({ categorySlug: "farm-basket", subSlug: null });
  });
  it("otherwise uses the second-last as category and the last as sub", () => {
    expect(placeCategoryPath("Imported / Gifting / Gift Set")).toMatchObject({ categorySlug: "gifting", subSlug: "gift-set" });
  });
  it("handles single and empty paths", () => {
    expect(placeCategoryPath("Farm Basket")).toMatchObject({ categorySlug: "farm-basket", subSlug: null });
    expect(placeCategoryPath(" / ")).toBeNull();
  });
});

describe("resolveCategoryFilter", () => {
  const tree: CategoryRef[] = [
    {
      slug: "grocers-pick",
      name: "Grocers Pick",
      backendKey: null,
      children: [
        { slug: "rice", name: "Rice", backendKey: null },
        { slug: "dry-fruits", name: "Dry Fruits", backendKey: "dryfruit" },
      ],
    },
    { slug: "farm-basket", name: "Farm Basket", backendKey: "farm", children: [] },
  ];
  it("keeps a known category and sub", () => {
    expect(resolveCategoryFilter(tree, "grocers-pick", "rice")).toEqual({ category: "grocers-pick", sub: "rice" });
    expect(resolveCategoryFilter(tree, "grocers-pick", null)).toEqual({ category: "grocers-pick", sub: null });
  });
  it("accepts backend keys", () => {
    expect(resolveCategoryFilter(tree, "farm", null)).toEqual({ category: "farm-basket", sub: null });
    expect(resolveCategoryFilter(tree, "grocers-pick", "dryfruit")).toEqual({ category: "grocers-pick", sub: "dry-fruits" });
  });
  it("treats an unknown category without sub as a subcategory", () => {
    expect(resolveCategoryFilter(tree, "rice", null)).toEqual({ category: "grocers-pick", sub: "rice" });
    expect(resolveCategoryFilter(tree, "Dryfruit", "")).toEqual({ category: "grocers-pick", sub: "dry-fruits" });
    expect(resolveCategoryFilter(tree, "unicorns", null)).toEqual({ category: null, sub: "unicorns" });
  });
  it("finds a bare sub's parent and ignores blank or absurd values", () => {
    expect(resolveCategoryFilter(tree, null, "rice")).toEqual({ category: "grocers-pick", sub: "rice" });
    expect(resolveCategoryFilter(tree, "   ", null)).toEqual({ category: null, sub: null });
    expect(resolveCategoryFilter(tree, "x".repeat(500), null)).toEqual({ category: null, sub: null });
  });
});
