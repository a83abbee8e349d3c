import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./same-origin.server.ts";

const post = { method: "POST", host: "shop.example:3000", origin: undefined, secFetchSite: undefined };

describe("isCrossSiteWrite", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite({ ...post, method: "GET", origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
  });
  it("accepts a POST from the same origin", () => {
    expect(isCrossSiteWrite({ ...post, origin: "http://shop.example:3000", secFetchSite: "same-origin" })).toBe(false);
    // Behind a TLS proxy the scheme differs; the host is what names the site.
    expect(isCrossSiteWrite({ ...post, origin: "https://shop.example:3000" })).toBe(false);
  });
  it("refuses a POST from another site or origin", () => {
    expect(isCrossSiteWrite({ ...post, secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, secFetchSite: "same-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...post, origin: "not a url" })).toBe(true);
  });
  it("trusts Sec-Fetch-Site over an Origin of null (a page with a strict referrer policy)", () => {
    expect(isCrossSiteWrite({ ...post, origin: "null", secFetchSite: "same-origin" })).toBe(false);
    expect(isCrossSiteWrite({ ...post, origin: "http://shop.example:3000", secFetchSite: "cross-site" })).toBe(true);
  });
  it("accepts a request with neither header: no browser sent it", () => {
    expect(isCrossSiteWrite(post)).toBe(false);
  });
});
