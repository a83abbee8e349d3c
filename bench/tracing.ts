// npm run bench:tracing [-- --baseline=<rev>] [--rounds=N]: what OpenTelemetry traces cost (issue
// 47). Three servers, each alone on the machine in turn, in the same run, with the shop's default
// settings (page cache on):
//   before  the shop before tracing was added (default: the commit before it), no OTEL_* set;
//   off     this checkout, no OTEL_* set (tracing off: must be the same as before);
//   on      this checkout exporting every span (sampler always on) over OTLP/HTTP protobuf to a
//           local collector stand-in (tests/standins/otlp-collector.ts), batch processor defaults.
// Requests per second and p99 at 32 connections for signed-out pages (home, a product page) and a
// signed-in shopper's (the same product page, spliced; the cart). The better of `rounds` runs per
// server and page, servers taken in turn each round. Writes bench/tracing-last-run.md.
import fs from "node:fs";
import path from "node:path";
import { startOtlpCollector } from "../tests/standins/otlp-collector.ts";
import { loadTest, type LoadResult } from "./lib/load.ts";
import { baselineCheckout, SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { mdTable, ms, ratio, type Cell } from "./lib/report.ts";
import { signedInWithCart } from "./lib/signed-in.ts";

const repo = path.resolve(import.meta.dirname, "..");
/** The commit before traces were added (issue 47 item 1). */
const BASELINE_REV = "655a1a2^";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PRODUCT = "/product/1?variant=GP-DRY-ALM-250G";

type Server = "before" | "off" | "on";
const PAGES = [
  { name: "home, signed out", path: "/", signedIn: false },
  { name: "product, signed out", path: "/product/1", signedIn: false },
  { name: "product, signed in", path: "/product/1", signedIn: true },
  { name: "cart, signed in", path: "/cart", signedIn: true },
] as const;

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const baselineRev = arg("baseline") ?? BASELINE_REV;
  const rounds = Number(arg("rounds") ?? 2);
  const baseline = baselineCheckout(repo, baselineRev, "tracing");
  const collector = await startOtlpCollector();
  const notes: string[] = [];
  const best = new Map<string, LoadResult>();
  const keep = (key: string, r: LoadResult) => {
    const kept = best.get(key);
    if (!kept || r.rps > kept.rps) best.set(key, r);
  };
  const servers: [Server, string, NodeJS.ProcessEnv][] = [
    ["before", baseline.dir, {}],
    ["off", repo, {}],
    ["on", repo, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "haat-bench" }],
  ];
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const [server, dir, env] of servers) {
        const { origin, stop } = await startProductionShop(dir, `tracing-${server}`, env);
        try {
          const cookie = await signedInWithCart(origin, PRODUCT, notes);
          if (!cookie) throw new SetupError(`signing in on the ${server} server failed: ${notes.join(" ")}`);
          for (const page of PAGES) {
            const r = await loadTest(origin + page.path, {
              seconds: SECONDS,
              warmupSeconds: 2,
              connections: 32,
              acceptEncoding: "gzip, deflate, br",
              ...(page.signedIn ? { cookie } : {}),
            });
            if (r.non2xx || r.errors) notes.push(`round ${round}, ${server}, ${page.name}: ${r.non2xx} non-2xx, ${r.errors} errors.`);
            keep(`${server} ${page.name}`, r);
            console.log(`round ${round} ${server.padEnd(6)} ${page.name.padEnd(22)} ${Math.round(r.rps)} req/s  p99 ${ms(r.p99)} ms`);
          }
        } finally {
          await stop();
        }
      }
    }
  } finally {
    await collector.close();
  }
  if (collector.requests === 0) throw new SetupError("The collector stand-in received no spans from the 'on' server.");
  const rows: Cell[][] = PAGES.map((page) => {
    const [before, off, on] = (["before", "off", "on"] as const).map((s) => best.get(`${s} ${page.name}`)!);
    return [
      page.name,
      Math.round(before!.rps),
      Math.round(off!.rps),
      Math.round(on!.rps),
      ratio(off!.rps / before!.rps),
      ratio(on!.rps / off!.rps),
      on!.rps / off!.rps >= 0.9 ? "met" : "missed",
      ms(before!.p99),
      ms(off!.p99),
      ms(on!.p99),
    ];
  });
  const out = [
    `## bench:tracing ${new Date().toISOString().slice(0, 19)}Z`,
    "",
    `"Before" is the shop at ${baselineRev} (${baseline.sha.slice(0, 7)}), before traces; "off" and "on" are this checkout without OTEL_* variables and exporting every span over OTLP/HTTP protobuf to the local collector stand-in (${collector.requests} export requests, ${(collector.bytes / 1e6).toFixed(1)} MB). Each server alone on the machine in turn, default settings (page cache on), 32 connections, ${SECONDS} s after a 2 s warm-up; the better of ${rounds} rounds.`,
    "",
    mdTable(["Page", "req/s before", "req/s off", "req/s on", "off × before", "on × off", "≥ 0.9×", "p99 ms before", "p99 ms off", "p99 ms on"], rows, [
      "l",
      "r",
      "r",
      "r",
      "r",
      "r",
      "l",
      "r",
      "r",
      "r",
    ]),
    "",
    ...(notes.length ? ["Notes:", ...notes.map((n) => `- ${n}`), ""] : []),
  ].join("\n");
  fs.writeFileSync(path.join(repo, "bench", "tracing-last-run.md"), out);
  console.log(`\n${out}`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof SetupError ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
