import { describe, expect, it } from "vitest";
import { changesWhoIsSignedIn, isCatalogueImage, SIGNED_IN_CHANGED_HEADER, signsInOrOut, isNoAnswer, keptLine, offlinePathFor, OFFLINE_PATHS, pageKind } from "./offline.ts";

describe("what the service worker keeps", () => {
  it("keeps catalogue pages and their loads, and nothing personal", () => {
    for (const path of [
      "/",
      "/_.data",
      "/products",
      "/products.data",
      "/shopretail",
      "/product/12",
      "/product/12.data",
      "/blog",
      "/blog/3",
      "/PrivacyPolicy",
      "/aboutus",
      "/__manifest",
      // The same pages in Hindi (issue 27).
      "/hi",
      "/hi/_.data",
      "/hi.data",
      "/hi/products",
      "/hi/product/12.data",
      "/hi/__manifest",
    ]) {
      expect(pageKind(path), path).toBe("catalogue");
    }
    for (const path of [
      "/addtocart",
      "/cart",
      "/revieworder",
      "/orders",
      "/orders/4",
      "/myaccount",
      "/myaccount/addresses",
      "/wishlist",
      "/ordersuccess",
      "/staff",
      "/api/cart/get",
      "/verify-email",
      "/signin",
      "/product/12/extra",
      "/hi/addtocart",
      "/hi/myaccount",
      "/history",
    ]) {
      expect(pageKind(path), path).toBe("other");
    }
  });

  it("keeps the catalogue's pictures only", () => {
    expect(isCatalogueImage("/images/products/almonds.svg")).toBe(true);
    expect(isCatalogueImage("/media/ab12.webp")).toBe(true);
    expect(isCatalogueImage("/orders/3/invoice")).toBe(false);
  });

  it("drops every kept page when the person at the browser changes: an answer that says so, whatever its route", () => {
    const said = new Headers({ [SIGNED_IN_CHANGED_HEADER]: "1" });
    for (const path of ["/signout.data", "/signin/mobile.data", "/myaccount/mobile.data", "/hi/signin/mobile.data", "/addtocart.data"])
      expect(changesWhoIsSignedIn(path, { headers: said, type: "basic" }), path).toBe(true);
    expect(changesWhoIsSignedIn("/signin.data", { headers: new Headers(), type: "basic" })).toBe(false);
  });

  it("reads an answer it cannot see by its route: every way in and out, in either language (issue 41 item 4)", () => {
    for (const path of ["/signout", "/signin", "/signup", "/post-auth", "/signin/mobile", "/myaccount/mobile", "/verify-email", "/hi/signin/mobile", "/hi/signout"]) {
      expect(signsInOrOut(path), path).toBe(true);
      expect(changesWhoIsSignedIn(path, { headers: new Headers(), type: "opaqueredirect" }), path).toBe(true);
    }
    for (const path of ["/addtocart", "/myaccount", "/signinx", "/products"]) expect(signsInOrOut(path), path).toBe(false);
  });

  it("says when a kept copy was kept, in India's time", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(keptLine(new Date("2026-11-26T09:05:00Z"), now)).toBe("Offline: showing the page as you last saw it (today, 2:35 pm).");
    expect(keptLine(new Date("2026-11-24T09:05:00Z"), now)).toBe("Offline: showing the page as you last saw it (24 Nov, 2:35 pm).");
  });
});

describe("a fetch that got no answer", () => {
  it("is told by each browser's words, and only for a TypeError", () => {
    expect(isNoAnswer(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNoAnswer(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isNoAnswer(new TypeError("Load failed"))).toBe(true);
    expect(isNoAnswer(new Error("Failed to fetch"))).toBe(false);
  });

  it("is not a fault of the code that happens to be a TypeError", () => {
    expect(isNoAnswer(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isNoAnswer("Failed to fetch")).toBe(false);
  });
});

describe("the offline page in the page's language (issue 27)", () => {
  it("Hindi pages get the Hindi offline page, and the worker keeps both", () => {
    expect(offlinePathFor("/hi/products")).toBe("/hi/offline");
    expect(offlinePathFor("/products")).toBe("/offline");
    expect(OFFLINE_PATHS).toEqual(["/offline", "/hi/offline"]);
  });
});
