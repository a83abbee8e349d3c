import { describe, expect, it } from "vitest";
import { scriptsLinkHeader } from "./early-scripts.server.ts";

const manifest = {
  entry: { module: "/assets/entry.client-a.js", imports: ["/assets/libraries-b.js", "/assets/rolldown-runtime-c.js"] },
  routes: {
    root: { id: "root", module: "/assets/root-d.js", imports: ["/assets/entry.client-a.js"] },
    "routes/home": { id: "routes/home", parentId: "root", module: "/assets/home-e.js", imports: ["/assets/libraries-b.js", "/assets/catalogue-f.js"] },
  },
} as unknown as Parameters<typeof scriptsLinkHeader>[0];

describe("scriptsLinkHeader", () => {
  it("names the entry's imports first, then the entry and each route's scripts, each once", () => {
    expect(scriptsLinkHeader(manifest, ["root", "routes/home"])).toBe(
      "</assets/libraries-b.js>; rel=modulepreload, </assets/rolldown-runtime-c.js>; rel=modulepreload, </assets/entry.client-a.js>; rel=modulepreload, </assets/root-d.js>; rel=modulepreload, </assets/home-e.js>; rel=modulepreload, </assets/catalogue-f.js>; rel=modulepreload",
    );
  });

  it("adds what a Hindi page also loads, skips a route it does not know, and never names another origin or breaks the header", () => {
    const header = scriptsLinkHeader(manifest, ["root", "routes/gone"], ["/assets/hindi-reader-g.js", "https://elsewhere.example/x.js", "/assets/a>b.js", "//evil.example/y.js"])!;
    expect(header.endsWith("</assets/hindi-reader-g.js>; rel=modulepreload")).toBe(true);
    expect(header).not.toContain("elsewhere");
    expect(header).not.toContain("evil");
    expect(header).not.toContain("a>b");
  });
});
