import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "./compression.server.ts";
import { PageCache, sharedMaxAge } from "./page-cache.server.ts";

const page = (body = "<html>listing</html>", cacheControl = "public, max-age=0, s-maxage=5", extra: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/html", "Cache-Control": cacheControl, ...extra } });
const get = (url = "http://shop/products", headers: Record<string, string> = {}) => new Request(url, { headers });

describe("PageCache", () => {
  it("serves a public page again until s-maxage passes", async () => {
    let now = 0;
    const cache = new PageCache({ maxSeconds: 10, now: () => now });
    expect(cache.get(get())).toBeNull();
    const first = await cache.put(get(), page());
    expect(await first.text()).toBe("<html>listing</html>");
    const hit = cache.get(get())!;
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(await hit.text()).toBe("<html>listing</html>");
    now = 5_000;
    expect(cache.get(get())).toBeNull();
  });

  it("drops a page rendered before this process changed the catalogue, for every reader", async () => {
    const cache = new PageCache({ maxSeconds: 10 });
    await cache.put(get(), page(), [{ kind: "heart", props: { internalReference: "A" } }], 3);
    expect(cache.kept("http://shop/products", 3)?.parts).toEqual([{ kind: "heart", props: { internalReference: "A" } }]);
    expect(cache.get(get(), 3)).not.toBeNull();
    expect(cache.kept("http://shop/products", 4)).toBeNull();
    expect(cache.get(get(), 3)).toBeNull();
    // One rendered after a change the asker has not seen yet stays for those who have.
    await cache.put(get(), page(), [], 5);
    expect(cache.kept("http://shop/products", 4)).toBeNull();
    expect(cache.kept("http://shop/products", 5)).not.toBeNull();
  });

  it("counts what the splice keeps of a page against its bound", async () => {
    // Each entry also costs its overhead (about 1.1 kB here): two fit in 3,000 bytes, not with 600 charged.
    const cache = new PageCache({ maxSeconds: 10, maxBytes: 3000 });
    await cache.put(get("http://shop/a"), page("a".repeat(300)));
    cache.kept("http://shop/a")!.charge(600);
    await cache.put(get("http://shop/b"), page("b".repeat(300)));
    expect([cache.kept("http://shop/a"), cache.kept("http://shop/b")?.body.length]).toEqual([null, 300]);
  });

  it("gives each encoding its own compressed body", async () => {
    const cache = new PageCache({ maxSeconds: 10 });
    await cache.put(get(), page("x".repeat(5000)));
    const br = cache.get(get("http://shop/products", { "accept-encoding": "gzip, deflate, br" }))!;
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe("x".repeat(5000));
    const gz = cache.get(get("http://shop/products", { "accept-encoding": "gzip" }))!;
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe("x".repeat(5000));
    expect(gz.headers.get("Vary")).toContain("Accept-Encoding");
  });

  it("never shares what is personal or not public", async () => {
    const cache = new PageCache({ maxSeconds: 10 });
    await cache.put(get("http://shop/a", { cookie: "session=1" }), page());
    expect(cache.get(get("http://shop/a"))).toBeNull();
    await cache.put(get("http://shop/b"), page("x", "private, max-age=60"));
    await cache.put(get("http://shop/c"), page("x", "public, max-age=60"));
    await cache.put(get("http://shop/d"), page("x", undefined, { "Set-Cookie": "toast=1" }));
    await cache.put(get("http://shop/e"), new Response("gone", { status: 404, headers: { "Cache-Control": "public, s-maxage=5" } }));
    expect(cache.size).toBe(0);
    await cache.put(get("http://shop/f"), page());
    expect(cache.get(get("http://shop/f", { cookie: "session=1" }))).toBeNull();
  });

  it("neither serves nor keeps a page asked with Save-Data (Lite mode's page differs)", async () => {
    const cache = new PageCache({ maxSeconds: 10 });
    await cache.put(get("http://shop/g", { "save-data": "on" }), page("lite"));
    expect(cache.size).toBe(0);
    await cache.put(get("http://shop/g"), page("full"));
    expect(cache.get(get("http://shop/g", { "save-data": "on" }))).toBeNull();
    expect(cache.get(get("http://shop/g"))).not.toBeNull();
  });

  it("is off at zero seconds and evicts the oldest past its byte limit", async () => {
    const off = new PageCache({ maxSeconds: 0 });
    await off.put(get(), page());
    expect(off.size).toBe(0);
    const small = new PageCache({ maxSeconds: 10, maxBytes: 2500 });
    for (const n of [1, 2, 3]) await small.put(get(`http://shop/p${n}`), page("y".repeat(100)));
    expect(small.get(get("http://shop/p1"))).toBeNull();
    expect(small.get(get("http://shop/p3"))).not.toBeNull();
  });
});

describe("PageCache under keys a client chooses (issue 41 item 2)", () => {
  it("keeps at most its entries of 10,000 tiny answers, and counts what each holds beyond its body", async () => {
    const cache = new PageCache({ maxSeconds: 10, maxEntries: 500 });
    for (let n = 0; n < 10_000; n++) await cache.put(get(`http://shop/api/suggestions?q=${n}`), page("{}"));
    expect(cache.size).toBe(500);
    expect(cache.keptBytes).toBeGreaterThan(500 * 1024);
    expect(cache.get(get("http://shop/api/suggestions?q=9999"))).not.toBeNull();
    expect(cache.get(get("http://shop/api/suggestions?q=0"))).toBeNull();
  });

  it("lets pages past their time go as others come, asked again or not", async () => {
    let now = 0;
    const cache = new PageCache({ maxSeconds: 5, now: () => now });
    for (let n = 0; n < 100; n++) await cache.put(get(`http://shop/p?n=${n}`), page());
    now = 6_000;
    await cache.put(get("http://shop/fresh"), page());
    expect(cache.size).toBe(1);
  });

  it("keeps a cart page's shell aside: one per URL, never a request's answer, and under the bound", async () => {
    const cache = new PageCache({ maxSeconds: 10, maxBytes: 10_000 });
    const shell = { body: Buffer.from("s".repeat(2000)), headers: [["content-type", "text/html"]] as [string, string][], parts: [], generation: 0 };
    expect(cache.keepAside("http://shop/addtocart", shell)?.body.length).toBe(2000);
    expect(cache.kept("http://shop/addtocart", 0, "shell")).not.toBeNull();
    expect(cache.kept("http://shop/addtocart")).toBeNull();
    expect(cache.get(get("http://shop/addtocart"))).toBeNull();
    for (let n = 0; n < 20; n++) await cache.put(get(`http://shop/p${n}`), page("x".repeat(1000)));
    expect(cache.kept("http://shop/addtocart", 0, "shell")).toBeNull();
    expect(cache.keptBytes).toBeLessThanOrEqual(10_000);
  });
});

describe("helpers", () => {
  it("negotiates br, then gzip, honouring q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip;q=1, br;q=0")).toBe("gzip");
    expect(negotiateEncoding(null)).toBe("identity");
    expect(negotiateEncoding("gzip, deflate, br", { prefer: "gzip" })).toBe("gzip");
    expect(negotiateEncoding("br", { prefer: "gzip" })).toBe("br");
  });
  it("reads s-maxage only from public responses", () => {
    expect(sharedMaxAge("public, max-age=0, s-maxage=5")).toBe(5);
    expect(sharedMaxAge("public, s-maxage=5, private")).toBe(0);
    expect(sharedMaxAge("max-age=60")).toBe(0);
  });
});
