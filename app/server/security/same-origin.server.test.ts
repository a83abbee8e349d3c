import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CROSS_SITE_REFUSAL, isCrossSiteWrite, refusesCrossSiteWrite, SAME_ORIGIN_EXEMPT_PATHS, sameOriginMiddleware } from "./same-origin.server.ts";

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

describe("refusesCrossSiteWrite", () => {
  const evil = { ...post, origin: "https://evil.example", secFetchSite: "cross-site" };
  it("refuses a cross-site write unless its path is exempt", () => {
    expect(refusesCrossSiteWrite(evil, "/cart")).toBe(true);
    expect(refusesCrossSiteWrite(evil, "/payments/callback", new Set(["/payments/callback"]))).toBe(false);
    // Exact paths only: an exemption covers nothing beneath or beside it.
    expect(refusesCrossSiteWrite(evil, "/payments/callback/x", new Set(["/payments/callback"]))).toBe(true);
  });
  it("exempts the two paths Razorpay posts to, which verify its signature, and the calls that read a bearer token, never a cookie", () => {
    expect([...SAME_ORIGIN_EXEMPT_PATHS].sort()).toEqual(["/orders/audio", "/payments/razorpay/callback", "/webhooks/razorpay"]);
    expect(refusesCrossSiteWrite(evil, "/webhooks/razorpay")).toBe(false);
    expect(refusesCrossSiteWrite(evil, "/api/cart/add")).toBe(false);
    expect(refusesCrossSiteWrite(evil, "/revieworder")).toBe(true);
    expect(refusesCrossSiteWrite(evil, "/orders")).toBe(true);
    expect(refusesCrossSiteWrite(evil, "/apix")).toBe(true);
  });
});

describe("sameOriginMiddleware", () => {
  // What React Router passes a middleware; this one reads only the request.
  async function run(init: { method?: string; headers?: Record<string, string> }, url = "http://shop.example:3000/cart") {
    const request = new Request(url, { method: init.method ?? "POST", headers: init.headers, body: init.method === "GET" ? undefined : "intent=add" });
    const next = vi.fn(async () => new Response("page", { status: 200 }));
    const args = { request, context: new RouterContextProvider(), params: {}, url: new URL(url), pattern: "/cart" } as unknown as Parameters<typeof sameOriginMiddleware>[0];
    const response = (await sameOriginMiddleware(args, next)) as Response;
    return { response, next };
  }

  it("answers a cross-site POST with 403 before anything after it runs", async () => {
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }] as Record<
      string,
      string
    >[]) {
      const { response, next } = await run({ headers });
      expect(response.status).toBe(403);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toBe(CROSS_SITE_REFUSAL);
      expect(CROSS_SITE_REFUSAL).toBe("Forbidden: this form must be sent from the shop's own pages.");
      expect(next).not.toHaveBeenCalled();
    }
  });

  it("compares the Origin with the request's Host header", async () => {
    const { response, next } = await run({ headers: { origin: "https://shop.example:3000", host: "shop.example:3000" } });
    expect(response.status).toBe(200);
    expect(next).toHaveBeenCalledOnce();
    // Without a Host header (a Request built by hand), the URL's host stands in.
    expect((await run({ headers: { origin: "http://shop.example:3000" } })).response.status).toBe(200);
    expect((await run({ headers: { origin: "http://shop.example:3000", host: "other.example" } })).response.status).toBe(403);
  });

  it("lets same-origin posts and every read through", async () => {
    expect((await run({ headers: { "sec-fetch-site": "same-origin", origin: "http://shop.example:3000" } })).response.status).toBe(200);
    expect((await run({ method: "GET", headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } })).response.status).toBe(200);
    expect((await run({})).response.status).toBe(200);
  });
});
