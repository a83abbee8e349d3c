// Checks of the bench's own parsing and generated data (not part of the app's suites):
//   npm exec -- node --test bench/lib/bench.test.ts
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseJsonCatalog } from "../../app/domain/catalog-file.ts";
import { generateCatalogue } from "./catalog.ts";
import { firstProductPath, moduleSpecifiers, scanHtml } from "./js-weight.ts";
import { parseServerTiming } from "./load.ts";

const page = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-b0.js"/><link href="/assets/root-1.js" rel="modulepreload">
<link rel="stylesheet" href="/assets/app-9.css"><link rel="icon" href="/favicon.ico">
<script type="application/ld+json">{"@context":"https://schema.org","name":"import('/x.js')"}</script>
</head><body><a href="/product/42?variant=7&amp;tab=info">x</a>
<script>window.__ctx = {"a":1};</script>
<script type="module" async="">;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/home-2.js";
import("/assets/entry.client-b0.js");</script>
<script>window.__reactRouterContext.streamController.enqueue("[\\"imported from 'Kashmir' and import('/nope.js')\\"]");</script>
<script src="https://checkout.example.com/v1/checkout.js" defer></script>
</body></html>`;

test("scanHtml finds preloads, module imports and script srcs, not JSON or data", () => {
  const refs = scanHtml(page, "http://127.0.0.1:3000/");
  assert.deepEqual(refs.scripts.sort(), [
    "http://127.0.0.1:3000/assets/entry.client-b0.js",
    "http://127.0.0.1:3000/assets/home-2.js",
    "http://127.0.0.1:3000/assets/root-1.js",
    "https://checkout.example.com/v1/checkout.js",
  ]);
  assert.deepEqual(refs.stylesheets, ["http://127.0.0.1:3000/assets/app-9.css"]);
  assert.equal(refs.inline.length, 3);
});

test("moduleSpecifiers follows static imports in minified output, not dynamic ones", () => {
  const js =
    'import{a as b,c}from"./chunk-A1.js";import"./side-B2.js";export{d}from"../up-C3.js";export*from"/abs-D4.js";' +
    'const lazy=()=>import("./lazy-E5.js");const s=Array.from("x");import{x}from "react"';
  assert.deepEqual(moduleSpecifiers(js, { staticOnly: true }).sort(), ["../up-C3.js", "./chunk-A1.js", "./side-B2.js", "/abs-D4.js"]);
  assert.ok(moduleSpecifiers(js, { staticOnly: false }).includes("./lazy-E5.js"));
});

test("firstProductPath decodes entities", () => {
  assert.equal(firstProductPath(page), "/product/42?variant=7&tab=info");
  assert.equal(firstProductPath("<p>none</p>"), null);
});

test("the generated catalogue is valid for the shop's importer and deterministic", () => {
  const catalogue = generateCatalogue(600);
  assert.deepEqual(generateCatalogue(600), catalogue);
  const parsed = parseJsonCatalog(JSON.stringify(catalogue, null, 1));
  assert.equal(parsed.ok, true, parsed.ok ? "" : JSON.stringify(parsed.errors.slice(0, 5)));
  if (!parsed.ok) return;
  assert.equal(parsed.file.products.length, 600);
  const slugs = new Set(parsed.file.products.map((p) => `${p.categorySlug}/${p.subSlug ?? ""}`));
  for (const s of ["grocers-pick/rice", "general-merchandise/bar-glass", "gifting/hamper", "farm-basket/"]) assert.ok(slugs.has(s), s);
  assert.ok(catalogue.products.some((p) => /basmati/i.test(p.title)));
  assert.equal(new Set(catalogue.products.map((p) => p.title)).size, 600);
});

test("parseServerTiming reads the queries and the render time the shop reports, and nothing from a silent answer", () => {
  assert.deepEqual(parseServerTiming('db;desc="4 queries", render;dur=5.2, app;dur=9.0'), { queries: 4, renderMs: 5.2 });
  assert.deepEqual(parseServerTiming('db;desc="1 query", app;dur=0.8'), { queries: 1, renderMs: null });
  assert.deepEqual(parseServerTiming(null), { queries: null, renderMs: null });
});
