import { describe, expect, it } from "vitest";
import { listingHref, pageCount, pageWindow } from "./listing.ts";
import { parseListingQuery } from "./listing-query.ts";

const parse = (qs: string) => parseListingQuery(new URLSearchParams(qs));

describe("parseListingQuery", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({ search: null, category: null, sub: null, sort: "relevance", min: 0, max: 4000, page: 1 });
  });
  it("reads every parameter", () => {
    expect(parse("search=rice&category=grocers-pick&sub=rice&sort=price-desc&min=100&max=900&page=3")).toEqual({
      search: "rice",
      category: "grocers-pick",
      sub: "rice",
      sort: "price-desc",
      min: 100,
      max: 900,
      page: 3,
    });
  });
  it("falls back on unreadable values", () => {
    expect(parse("page=-1").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("sort=cheapest").sort).toBe("relevance");
    expect(parse("min=-5&max=lots")).toMatchObject({ min: 0, max: 4000 });
  });
  it("swaps a range typed the wrong way round", () => {
    expect(parse("min=900&max=100")).toMatchObject({ min: 100, max: 900 });
  });
  it("treats blank search as no search and cuts very long search text", () => {
    expect(parse("search=%20%20%20").search).toBeNull();
    expect(parse(`search=${"a".repeat(10_000)}`).search).toHaveLength(100);
    expect(parse("search=  basmati   rice ").search).toBe("basmati rice");
  });
});

describe("listingHref", () => {
  it("leaves defaults out", () => {
    expect(listingHref({ sort: "relevance", min: 0, max: 4000, page: 1 })).toBe("/products");
    expect(listingHref({ category: "gifting", sort: "newest", page: 2 })).toBe("/products?category=gifting&sort=newest&page=2");
    expect(listingHref({ search: "dal & chawal" }, "/shopretail")).toBe("/shopretail?search=dal+%26+chawal");
  });
});

describe("pagination", () => {
  it("counts pages of 24", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
  });
  it("links first, last and neighbours with gaps", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
  });
});
