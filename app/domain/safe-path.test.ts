import { describe, expect, it } from "vitest";
import { safePath, signInPath, signUpReturnTo } from "./safe-path.ts";

describe("safePath", () => {
  it.each(["/addtocart", "/products?category=grocers-pick&page=2", "/product/4?variant=A#reviews", "/post-auth"])("keeps %s", (p) => {
    expect(safePath(p)).toBe(p);
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    " //evil.example",
  ])("refuses %j", (p) => {
    expect(safePath(p, "/fallback")).toBe("/fallback");
  });
  it("keeps an encoded character inside a path: it stays on this site", () => {
    expect(safePath("/%0a/evil")).toBe("/%0a/evil");
  });
  it("refuses what is not a string", () => {
    expect(safePath(undefined, "/x")).toBe("/x");
    expect(safePath(["/a"], "/x")).toBe("/x");
  });
});

// Issue 10, point 3: what an attack tried, and more. Each must come back as the fallback:
// never a Location a browser would follow to another site.
const OPEN_REDIRECTS = [
  "/.//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/a/../..//evil.example",
  "/./../..//evil.example",
  "/.%2f/evil.example",
  "/%2e/%2e//evil.example",
  "/././/evil.example",
  "/.//%65vil.example",
  "/../evil.example/..//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "/%5c/evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\r\n//evil.example",
  "http://evil.example",
  "https:evil.example",
  "http:/evil.example",
  "HTTPS://evil.example",
  "//evil.example/%2e%2e",
  "//evil.example@haat.invalid",
  "/%09/evil.example",
  "data:text/html,<script>alert(1)</script>",
  "javascript://%0aalert(1)",
  "JaVaScRiPt:alert(1)",
  "vbscript:msgbox(1)",
  "\u0000//evil.example",
  " /\\/evil.example",
  "\t//evil.example",
  "evil.example/path",
  "./evil.example",
  "../evil.example",
  "?return_to=//evil.example",
  "#//evil.example",
  "/.//evil.example?x=1#y",
  "/%2e//evil.example/path?q=1",
  "/..%2f/evil.example",
  "/%2e%2e%2f/evil.example",
];

describe("open redirects", () => {
  it("has a table of at least 40 attempts", () => {
    expect(OPEN_REDIRECTS.length).toBeGreaterThanOrEqual(40);
  });
  it.each(OPEN_REDIRECTS)("%j never leads off the site", (p) => {
    const result = safePath(p, "/fallback");
    // Whatever comes back is a path on this site, as a browser would resolve it.
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
    expect(new URL(result, "https://haat.example").origin).toBe("https://haat.example");
  });
  it.each(["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example", "///evil.example"])("%j is refused outright", (p) => {
    expect(safePath(p, "/fallback")).toBe("/fallback");
  });
});

describe("signInPath", () => {
  it("carries a safe return path, else /post-auth", () => {
    expect(signInPath("/wishlist")).toBe("/signin?return_to=%2Fwishlist");
    expect(signInPath("//evil.example")).toBe("/signin?return_to=%2Fpost-auth");
  });
});

describe("signUpReturnTo (issue 41)", () => {
  const shop = ["https://haat.example"];
  it("is the link's return_to, made safe", () => {
    expect(signUpReturnTo("/post-auth", "https://haat.example/products", shop)).toBe("/post-auth");
    expect(signUpReturnTo("//evil.example", null, shop)).toBe("/");
  });
  it("else the shop's page the shopper came from, without its language, or what a sign-in page was to return to", () => {
    expect(signUpReturnTo(null, "https://haat.example/products?page=2", shop)).toBe("/products?page=2");
    expect(signUpReturnTo(null, "https://haat.example/hi/product/4?variant=A", shop)).toBe("/product/4?variant=A");
    expect(signUpReturnTo(null, "https://haat.example/hi", shop)).toBe("/");
    expect(signUpReturnTo(null, "https://haat.example/signin?return_to=%2Fwishlist", shop)).toBe("/wishlist");
    expect(signUpReturnTo(null, "https://haat.example/hi/signin/mobile?return_to=%2Fabout-us", shop)).toBe("/about-us");
  });
  it("else home: no Referer, another site's, a sign-in page with nothing to return to", () => {
    for (const referer of [null, "", "garbage", "https://evil.example/products", "https://haat.example.evil/x", "https://haat.example/signup", "https://haat.example/post-auth"]) {
      expect(signUpReturnTo(null, referer, shop)).toBe("/");
    }
  });
});
