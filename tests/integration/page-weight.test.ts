// What the shopper's pages load on first visit, read from the build's own manifest: the
// validation library (zod, 24 kB gzip) is for the forms that validate in the browser (sign-in,
// sign-up, the address form, loaded when it opens), never for the pages every shopper opens.
// A module that defines a schema at its top level pulls it into every page importing anything
// from it (as domain/gift.ts once did into Review Order); the forms' schemas live apart
// (gift-form.ts, replacement-form.ts, address-form.ts).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "./spawn-server.ts";

const client = path.resolve(import.meta.dirname, "../../build/client");

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

function manifest(): Manifest {
  const dir = path.join(client, "assets");
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith("manifest-") && f.endsWith(".js"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .find((text) => text.startsWith("window.__reactRouterManifest="))!;
  return JSON.parse(file.slice("window.__reactRouterManifest=".length).replace(/;\s*$/, "")) as Manifest;
}

/** Every module a route loads with the page: the entry's, the root's and its own, with their imports. */
function modulesOf(m: Manifest, route: string): string[] {
  const own = (id: string) => [m.routes[id]!.module, ...(m.routes[id]!.imports ?? [])];
  return [...new Set([m.entry.module, ...m.entry.imports, ...own("root"), ...own(route)])];
}

const carriesZod = (module: string) => fs.readFileSync(path.join(client, module), "utf8").includes("$ZodType");

describe("the shopper's pages' JavaScript", () => {
  beforeAll(() => {
    expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
  });

  it.each(["routes/home", "products", "routes/product", "routes/cart", "routes/revieworder"])("%s ships no zod", (route) => {
    const m = manifest();
    expect(m.routes[route], `a route ${route} in the manifest`).toBeDefined();
    expect(modulesOf(m, route).filter(carriesZod)).toEqual([]);
  });

  it("and the check can see zod where it is shipped: the sign-in page's form validates in the browser", () => {
    const m = manifest();
    expect(modulesOf(m, "routes/signin").some(carriesZod)).toBe(true);
  });
});
