// Decision 016: one copy of each module at run time. server.ts takes the Shop, the context
// keys and the rest from the production build's server entry, so they are the very objects
// the route modules use: no globalThis registry, no Symbol.hasInstance override.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Entry } from "../../server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let build: ServerBuild;
let entry: Entry;
let shop: Awaited<ReturnType<Entry["openShop"]>> | undefined;

beforeAll(async () => {
  const file = path.join(ROOT, "build/server/index.js");
  expect(fs.existsSync(file), "npm test builds before it runs the suite").toBe(true);
  build = (await import(pathToFileURL(file).href)) as ServerBuild;
  entry = build.entry.module as unknown as Entry;
});

afterAll(async () => {
  await shop?.close();
});

describe("the production build's server entry", () => {
  it("exports everything server.ts takes from it", () => {
    for (const name of ["openShop", "readEnv", "checkServerEnv", "lockDataDir", "refusesCrossSiteWrite"] as const) expect(typeof entry[name], name).toBe("function");
    for (const name of ["ConfigError", "DataDirLockedError", "ShopError"] as const) expect(entry[name].prototype, name).toBeInstanceOf(Error);
    expect(entry.shopContext).toBeDefined();
    expect(entry.requestInfoContext).toBeDefined();
    expect(entry.compressionOptions.brotli).toBeDefined();
    expect(entry.CROSS_SITE_REFUSAL).toBe("Forbidden: this form must be sent from the shop's own pages.");
    expect(entry.default).toBeTypeOf("function");
  });

  it("is what server.ts loads app code from: only node-env is imported natively, the rest is types", () => {
    const source = fs.readFileSync(path.join(ROOT, "server.ts"), "utf8");
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?["'](\.\/app\/[^"']+)["'];/gms)].map((m) => m[1]);
    expect(valueImports).toEqual(["./app/server/node-env.server.ts"]);
  });

  it("keeps no context keys on globalThis and no Symbol.hasInstance override on ShopError", () => {
    expect(
      Object.getOwnPropertySymbols(globalThis)
        .map(String)
        .filter((s) => s.includes("haat.")),
    ).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(entry.ShopError, Symbol.hasInstance)).toBeUndefined();
  });

  it("opens a Shop whose errors are instances of the build's own ShopError", async () => {
    shop = await entry.openShop({ target: { kind: "pglite-memory" }, seedDemo: true, refreshMs: 0 });
    const someone = { name: "Asha Rao", email: "asha@example.com", phone: "9876543210", password: "a-long-password-1" };
    await shop.accounts.register(someone);
    const error = await shop.accounts.register(someone).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(entry.ShopError);
    expect((error as InstanceType<Entry["ShopError"]>).code).toBe("conflict");
  });

  it("serves pages with the Shop set under the entry's shopContext: the routes read that same key", async () => {
    const handler = createRequestHandler(build, "production");
    const context = new RouterContextProvider();
    context.set(entry.shopContext, shop!);
    context.set(entry.requestInfoContext, { requestId: null, route: null, clientAddress: "127.0.0.1" });
    const res = await handler(new Request("http://127.0.0.1/products"), context);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("/product/");
  });

  it("puts the same-origin middleware first in the root route, after only the note of the route for the log", () => {
    const middleware = (build.routes.root?.module as { middleware?: { name: string }[] }).middleware ?? [];
    expect(middleware.map((m) => m.name).slice(0, 2)).toEqual(["routeNoteMiddleware", "sameOriginMiddleware"]);
  });
});
