// npm run bench:tracing [-- --baseline=<rev>] [--rounds=N]: what OpenTelemetry traces cost (issue
// 47). Four servers side by side, loaded one at a time in an order that turns each round, with
// the shop's default settings (page cache on):
//   before  the shop before tracing was added (default: the commit before it), no OTEL_* set;
//   off     this checkout, no OTEL_* set (tracing off: must be the same as before);
//   on      this checkout exporting every span (sampler always on) over OTLP/HTTP protobuf to a
//           local collector stand-in (tests/standins/otlp-collector.ts), batch processor defaults;
//   sampled the same keeping one trace in ten (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1).
// Requests per second and p99 at 32 connections for signed-out pages (home, a product page) and a
// signed-in shopper's (the same product page, spliced; the cart): the median of `rounds` (5)
// runs per server and page. Writes bench/tracing-last-run.md.
import fs from "node:fs";
import path from "node:path";
import { startOtlpCollector } from "../tests/standins/otlp-collector.ts";
import { loadTest, type LoadResult } from "./lib/load.ts";
import { baselineCheckout, cpuSecondsOf, SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { mdTable, median, ms, ratio, type Cell } from "./lib/report.ts";
import { signedInWithCart } from "./lib/signed-in.ts";

const repo = path.resolve(import.meta.dirname, "..");
/** The commit before traces were added (issue 47 item 1). */
const BASELINE_REV = "655a1a2^";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PRODUCT = "/product/1?variant=GP-DRY-ALM-250G";

type Server = "before" | "off" | "on" | "sampled";
const PAGES = [
  { name: "home, signed out", path: "/", signedIn: false },
  { name: "product, signed out", path: "/product/1", signedIn: false },
  { name: "product, signed in", path: "/product/1", signedIn: true },
  { name: "cart, signed in", path: "/cart", signedIn: true },
] as const;

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const baselineRev = arg("baseline") ?? BASELINE_REV;
  const rounds = Number(arg("rounds") ?? 5);
  // --page=signed: only the pages whose name has it.
  const pages = PAGES.filter((page) => page.name.includes(arg("page") ?? ""));
  const baseline = baselineCheckout(repo, baselineRev, "tracing");
  const collector = await startOtlpCollector();
  const notes: string[] = [];
  const runs = new Map<string, (LoadResult & { cpuMsPerRequest: number })[]>();
  const servers: [Server, string, NodeJS.ProcessEnv][] = [
    ["before", baseline.dir, {}],
    ["off", repo, {}],
    ["on", repo, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "haat-bench" }],
    // As a busy shop would run it: one trace in ten kept (OpenTelemetry's own sampler, by its variables).
    ["sampled", repo, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "haat-bench", OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" }],
  ];
  // All three run throughout (an idle server costs nothing); one is loaded at a time, in an order
  // that turns each round, so a machine busier in one moment weighs on each server alike.
  const started = [];
  for (const [server, dir, env] of servers) {
    const shop = await startProductionShop(dir, `tracing-${server}`, env);
    const cookie = await signedInWithCart(shop.origin, PRODUCT, notes);
    if (!cookie) throw new SetupError(`signing in on the ${server} server failed: ${notes.join(" ")}`);
    started.push({ server, ...shop, cookie });
  }
  try {
    for (let round = 0; round < rounds; round++) {
      for (const page of pages) {
        for (let i = 0; i < started.length; i++) {
          const { server, origin, cookie, pid } = started[(i + round) % started.length]!;
          const cpuBefore = cpuSecondsOf(pid);
          const loaded = await loadTest(origin + page.path, {
            seconds: SECONDS,
            warmupSeconds: 1,
            connections: 32,
            acceptEncoding: "gzip, deflate, br",
            ...(page.signedIn ? { cookie } : {}),
          });
          // The server's own CPU per request, warm-up included: steadier than req/s on a shared 2-core machine.
          const r = { ...loaded, cpuMsPerRequest: ((cpuSecondsOf(pid) - cpuBefore) * 1000) / (loaded.requests * (1 + 1 / SECONDS)) };
          if (r.non2xx || r.errors) notes.push(`round ${round + 1}, ${server}, ${page.name}: ${r.non2xx} non-2xx, ${r.errors} errors.`);
          const key = `${server} ${page.name}`;
          runs.set(key, [...(runs.get(key) ?? []), r]);
          console.log(`round ${round + 1} ${server.padEnd(6)} ${page.name.padEnd(22)} ${Math.round(r.rps)} req/s  p99 ${ms(r.p99)} ms  CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request`);
        }
      }
    }
  } finally {
    for (const shop of started) await shop.stop();
    await collector.close();
  }
  const rps = (server: Server, page: string) => median(runs.get(`${server} ${page}`)!.map((r) => r.rps));
  const p99 = (server: Server, page: string) => median(runs.get(`${server} ${page}`)!.map((r) => r.p99));
  const cpu = (server: Server, page: string) => median(runs.get(`${server} ${page}`)!.map((r) => r.cpuMsPerRequest));
  if (collector.requests === 0) throw new SetupError("The collector stand-in received no spans from the 'on' server.");
  const rows: Cell[][] = pages.map(({ name }) => {
    const [before, off, on, sampled] = (["before", "off", "on", "sampled"] as const).map((server) => rps(server, name));
    const [cpuBefore, cpuOff, cpuOn, cpuSampled] = (["before", "off", "on", "sampled"] as const).map((server) => cpu(server, name));
    // Capacity with tracing, as a share of capacity without: what the same CPU serves.
    const capacity = cpuOff! / cpuOn!;
    const capacitySampled = cpuOff! / cpuSampled!;
    return [
      name,
      Math.round(before!),
      Math.round(off!),
      Math.round(on!),
      Math.round(sampled!),
      cpuBefore!.toFixed(2),
      cpuOff!.toFixed(2),
      cpuOn!.toFixed(2),
      cpuSampled!.toFixed(2),
      ratio(cpuBefore! / cpuOff!),
      `${ratio(capacity)} ${capacity >= 0.9 ? "met" : "missed"}`,
      `${ratio(capacitySampled)} ${capacitySampled >= 0.9 ? "met" : "missed"}`,
      ms(p99("off", name)),
      ms(p99("on", name)),
    ];
  });
  const out = [
    `## bench:tracing ${new Date().toISOString().slice(0, 19)}Z`,
    "",
    `"Before" is the shop at ${baselineRev} (${baseline.sha.slice(0, 7)}), before traces; "off", "on" and "sampled" are this checkout without OTEL_* variables, exporting every span, and keeping one trace in ten (parentbased_traceidratio 0.1), over OTLP/HTTP protobuf to the local collector stand-in (${collector.requests} export requests, ${(collector.bytes / 1e6).toFixed(1)} MB). The four run side by side, loaded one at a time in an order that turns each round; default settings (page cache on), 32 connections, ${SECONDS} s after a 1 s warm-up; the median of ${rounds} rounds. Capacity is requests per CPU-second of the server process (its CPU time over the run ÷ requests): the figure req/s would show on a machine with nothing else running; the ≥ 0.9× budget is judged on it.`,
    "",
    mdTable(
      [
        "Page",
        "req/s before",
        "req/s off",
        "req/s on",
        "req/s sampled",
        "CPU ms/req before",
        "CPU ms/req off",
        "CPU ms/req on",
        "CPU ms/req sampled",
        "capacity off × before",
        "capacity on × off (≥ 0.9×)",
        "capacity sampled × off (≥ 0.9×)",
        "p99 ms off",
        "p99 ms on",
      ],
      rows,
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
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
