// npm run bench:language [-- --baseline=<rev>]: what Hindi beside English (issue 27) costs the
// English pages. The shop before issue 27 (default: the commit before its first part) and this
// one, each alone on the machine in the same run: each English page's JavaScript (gzip -9, as
// `npm run bench` counts it: every script it loads first), its HTML (gzip -9), and the server's
// requests per second and p99 at 32 connections with the page cache off (every request
// rendered). The Hindi pages of this shop are measured the same way, for comparison.
// Writes bench/language-last-run.md.
import fs from "node:fs";
import path from "node:path";
import { measurePage } from "./lib/js-weight.ts";
import { loadTest } from "./lib/load.ts";
import { baselineCheckout, SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { kB, mdTable, ms, ratio, type Cell } from "./lib/report.ts";

const repo = path.resolve(import.meta.dirname, "..");
/** The commit before issue 27's first. */
const BASELINE_REV = "6c0a219^";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Measured {
  js: number;
  html: number;
  rps: number;
  p99: number;
}

async function measure(origin: string, pagePath: string, load: boolean): Promise<Measured> {
  const weight = await measurePage(origin, pagePath);
  if (weight.status !== 200) throw new SetupError(`${pagePath} answered ${weight.status}`);
  if (!load) return { js: weight.jsGzip, html: weight.htmlGzip, rps: NaN, p99: NaN };
  const r = await loadTest(origin + pagePath, { seconds: SECONDS, warmupSeconds: 2, connections: 32, acceptEncoding: "gzip, deflate, br" });
  return { js: weight.jsGzip, html: weight.htmlGzip, rps: r.rps, p99: r.p99 };
}

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const baselineRev = arg("baseline") ?? BASELINE_REV;
  const baseline = baselineCheckout(repo, baselineRev, "language");
  const pages = [
    ["home", "/"],
    ["listing", "/products"],
    ["search", "/products?search=rice"],
    ["product", "/product/1"],
  ] as const;
  const before = new Map<string, Measured>();
  const now = new Map<string, Measured>();
  const hindi = new Map<string, Measured>();
  // Every request rendered: the page cache would otherwise answer most of them.
  const env = { PAGE_CACHE_SECONDS: "0" };
  for (const [which, dir] of [
    ["before", baseline.dir],
    ["now", repo],
  ] as const) {
    const { origin, stop } = await startProductionShop(dir, `language-${which}`, env);
    try {
      for (const [name, p] of pages) {
        const m = await measure(origin, p, true);
        (which === "before" ? before : now).set(name, m);
        console.log(`${which.padEnd(6)} ${name.padEnd(8)} JS ${kB(m.js)} kB  HTML ${kB(m.html)} kB  ${Math.round(m.rps)} req/s  p99 ${ms(m.p99)} ms`);
      }
      if (which === "now") {
        for (const [name, p] of pages) {
          const m = await measure(origin, p === "/" ? "/hi" : `/hi${p}`, true);
          hindi.set(name, m);
          console.log(`hindi  ${name.padEnd(8)} JS ${kB(m.js)} kB  HTML ${kB(m.html)} kB  ${Math.round(m.rps)} req/s  p99 ${ms(m.p99)} ms`);
        }
      }
    } finally {
      await stop();
    }
  }
  const rows: Cell[][] = pages.map(([name]) => {
    const b = before.get(name)!;
    const n = now.get(name)!;
    const h = hindi.get(name)!;
    return [name, b.js, n.js, n.js - b.js, b.html, n.html, Math.round(b.rps), Math.round(n.rps), ratio(n.rps / b.rps), ms(b.p99), ms(n.p99), h.js, h.html, Math.round(h.rps)];
  });
  const out = [
    `## bench:language ${new Date().toISOString().slice(0, 19)}Z`,
    "",
    `"Before" is the shop at ${baselineRev} (${baseline.sha.slice(0, 7)}), before issue 27; "now" is this checkout; each alone on the machine, in the same run. JavaScript: every script a first visit loads, gzip -9, in bytes; HTML gzip -9. Server: 32 connections, ${SECONDS} s after a 2 s warm-up, page cache off (every request rendered).`,
    "",
    mdTable(
      [
        "English page",
        "JS before (B)",
        "JS now (B)",
        "JS added (B)",
        "HTML before (B)",
        "HTML now (B)",
        "req/s before",
        "req/s now",
        "× before",
        "p99 ms before",
        "p99 ms now",
        "Hindi JS (B)",
        "Hindi HTML (B)",
        "Hindi req/s",
      ],
      rows,
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
  ].join("\n");
  fs.writeFileSync(path.join(repo, "bench", "language-last-run.md"), out);
  console.log(`\n${out}`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof SetupError ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
