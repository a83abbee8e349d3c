import { describe, expect, it } from "vitest";
import { safePath, signInPath } from "./safe-path.ts";

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

describe("signInPath", () => {
  it("carries a safe return path, else /post-auth", () => {
    expect(signInPath("/wishlist")).toBe("/signin?return_to=%2Fwishlist");
    expect(signInPath("//evil.example")).toBe("/signin?return_to=%2Fpost-auth");
  });
});
