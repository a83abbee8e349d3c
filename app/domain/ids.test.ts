import { describe, expect, it } from "vitest";
import { isCartPagePath, isReviewOrderPath, parseId, productIdOfPath } from "./ids.ts";

describe("parseId", () => {
  it("reads plain positive whole numbers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2147483647);
  });
  it.each(["", "0", "-1", "1.5", "012", "abc", "2147483648", "99999999999", " 1"])("refuses %j", (v) => {
    expect(parseId(v)).toBeNull();
  });
  it("refuses what is not a string", () => {
    expect(parseId(null)).toBeNull();
    expect(parseId(5)).toBeNull();
  });
});

describe("productIdOfPath", () => {
  it("names the product of a product page in either language, and of its data request", () => {
    expect(productIdOfPath("/product/7")).toBe(7);
    expect(productIdOfPath("/hi/product/7")).toBe(7);
    expect(productIdOfPath("/product/7.data")).toBe(7);
    expect(productIdOfPath("/hi/product/12/")).toBe(12);
  });

  it("names nothing elsewhere or for an id that names nothing", () => {
    expect(productIdOfPath("/products")).toBeNull();
    expect(productIdOfPath("/product/abc")).toBeNull();
    expect(productIdOfPath("/product/0012")).toBeNull();
    expect(productIdOfPath("/en/product/7")).toBeNull();
    expect(productIdOfPath("/product/7/reviews")).toBeNull();
  });
});

describe("isCartPagePath", () => {
  it("names the pages showing the cart's totals, in either language, and their data", () => {
    for (const path of ["/addtocart", "/cart", "/revieworder", "/hi/addtocart", "/hi/revieworder.data", "/cart/"]) expect(isCartPagePath(path)).toBe(true);
  });
  it("and no other", () => {
    for (const path of ["/", "/hi", "/products", "/addtocarts", "/myaccount/cart", "/en/cart", "/product/7", "/hi/hi/cart", "//cart", "/cart/.data"])
      expect(isCartPagePath(path)).toBe(false);
  });
});

describe("isReviewOrderPath", () => {
  it("names Review Order, in either language, and its data, and no other page", () => {
    for (const path of ["/revieworder", "/hi/revieworder", "/revieworder.data", "/hi/revieworder.data", "/revieworder/"]) expect(isReviewOrderPath(path)).toBe(true);
    for (const path of ["/addtocart", "/cart", "/revieworders", "/myaccount/revieworder", "/en/revieworder"]) expect(isReviewOrderPath(path)).toBe(false);
  });
});
