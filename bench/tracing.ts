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
//   --fresh: the four servers started anew each round (two processes of the same code differ);
//            each page warmed for 3 s apart, its CPU not counted.
//   --within: what recording every span costs inside one process, by phases of requests whose
//   trusted traceparent asks for recording or not (see within()). Writes bench/tracing-within-last-run.md.
//   --attribution: what tracing costs inside one process, from CPU profiles of an off and an on
//   server (see attribution()). Writes bench/tracing-attribution-last-run.md.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOtlpCollector } from "../tests/standins/otlp-collector.ts";
import { busySamples, readProfile, type ProfileNode } from "./lib/cpu-profile.ts";
import { loadTest, type LoadResult } from "./lib/load.ts";
import { baselineCheckout, cpuSecondsOf, freePort, SetupError, startProductionShop, startServer, stopAll } from "./lib/processes.ts";
import { mdTable, median, ms, ratio, type Cell } from "./lib/report.ts";
import { signedInWithCart } from "./lib/signed-in.ts";

const repo = path.resolve(import.meta.dirname, "..");
/** The commit before traces were added (issue 47 item 1). */
const BASELINE_REV = "655a1a2^";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** --fresh: seconds each page is loaded on a new server before its CPU is counted. */
const WARM_SECONDS = 3;
const PRODUCT = "/product/1?variant=GP-DRY-ALM-250G";

type Server = "before" | "off" | "on" | "sampled";
const PAGES = [
  { name: "home, signed out", path: "/", signedIn: false },
  { name: "product, signed out", path: "/product/1", signedIn: false },
  { name: "product, signed in", path: "/product/1", signedIn: true },
  { name: "cart, signed in", path: "/cart", signedIn: true },
] as const;

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// --page="signed in": only the pages whose name has it.
const pages = PAGES.filter((page) => page.name.includes(arg("page") ?? ""));
const rounds = Number(arg("rounds") ?? 5);

/** The shop's own helpers in app/server/telemetry/trace.server.ts, by name, as they are in the server bundle. */
const OUR_TRACING = new Set([
  "requestSpan",
  "traced",
  "inSpan",
  "databaseSpan",
  "outsideCall",
  "startRequestSpan",
  "routeSpan",
  "tracedTree",
  "tracedJob",
  "noteSpan",
  "traceFields",
  "sdkTracer",
  "tracing",
  "sqlOperation",
]);

/**
 * What tracing itself costs, read inside one process (--attribution): two servers of the same
 * code, off and on, differ here by up to 25 % in every part of their work alike (PGlite's WASM
 * as much as React), which hides a cost of a few percent. So each runs under --cpu-prof and the
 * "on" profile's samples are split: in OpenTelemetry's code or the shop's tracing helpers (their
 * own code), in Node's and V8's code those called (the cost: not the app's code a span's callback
 * runs), and the garbage collector's share beyond the "off" server's.
 */
async function attribution() {
  const collector = await startOtlpCollector();
  const rows: Cell[][] = [];
  const notes: string[] = [];
  try {
    for (const page of pages) {
      const measured: { self: number; inclusive: number; gcExtra: number; usOff: number; usOn: number }[] = [];
      for (let round = 0; round < rounds; round++) {
        const share: Record<"off" | "on", { self: number; inclusive: number; gc: number; usPerRequest: number }> = {} as never;
        const order = round % 2 ? (["on", "off"] as const) : (["off", "on"] as const);
        for (const server of order) {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), `haat-tracing-${server}-`));
          const env = server === "on" ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "haat-bench" } : {};
          const shop = await startProductionShop(repo, `tracing-${server}`, env, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
          let loaded: LoadResult;
          let window = { from: 0, to: 0 };
          let running = true;
          try {
            const cookie = page.signedIn ? await signedInWithCart(shop.origin, PRODUCT, notes) : undefined;
            if (page.signedIn && !cookie) throw new SetupError(`signing in on the ${server} server failed: ${notes.join(" ")}`);
            const start = performance.now();
            loaded = await loadTest(shop.origin + page.path, {
              seconds: SECONDS,
              warmupSeconds: 1,
              connections: 32,
              acceptEncoding: "gzip, deflate, br",
              ...(cookie ? { cookie } : {}),
            });
            const end = performance.now();
            // The profile is written as the process exits: its window is counted back from then.
            await shop.stop();
            running = false;
            const stopped = performance.now();
            window = { from: (stopped - start) * 1000, to: (stopped - end) * 1000 };
          } finally {
            if (running) await shop.stop();
          }
          const profile = readProfile(dir);
          if (!profile) throw new SetupError(`No profile was written in ${dir}.`);
          const samples = busySamples(profile, window);
          const total = samples.reduce((sum, s) => sum + s.us, 0) || 1;
          const otel = (node: ProfileNode) => node.callFrame.url.includes("@opentelemetry/");
          const ours = (node: ProfileNode) => OUR_TRACING.has(node.callFrame.functionName) && node.callFrame.url.includes("/build/server/");
          const sum = (keep: (s: (typeof samples)[number]) => boolean) => samples.filter(keep).reduce((acc, s) => acc + s.us, 0) / total;
          // Node's and V8's own code a tracing frame called (AsyncLocalStorage, random ids, the
          // exporter's socket): the first frame up the stack that is not theirs decides.
          const runtime = (node: ProfileNode) => !node.callFrame.url || node.callFrame.url.startsWith("node:");
          const calledByTracing = (stack: ProfileNode[]) => {
            for (const node of stack) {
              if (otel(node) || ours(node)) return true;
              if (!runtime(node)) return false;
            }
            return false;
          };
          share[server] = {
            self: sum((s) => otel(s.node) || ours(s.node)),
            inclusive: sum((s) => calledByTracing(s.stack)),
            gc: sum((s) => s.node.callFrame.functionName === "(garbage collector)"),
            usPerRequest: total / (loaded!.requests * (1 + 1 / SECONDS)),
          };
          fs.rmSync(dir, { recursive: true, force: true });
        }
        const gcExtra = Math.max(0, share.on.gc - share.off.gc);
        measured.push({ self: share.on.self, inclusive: share.on.inclusive, gcExtra, usOff: share.off.usPerRequest, usOn: share.on.usPerRequest });
        console.log(
          `round ${round + 1} ${page.name}: tracing's own code ${(100 * share.on.self).toFixed(2)} %, with Node's work for it ${(100 * share.on.inclusive).toFixed(2)} %, GC ${(100 * share.off.gc).toFixed(1)} → ${(100 * share.on.gc).toFixed(1)} %; µs/request off ${Math.round(share.off.usPerRequest)}, on ${Math.round(share.on.usPerRequest)}`,
        );
      }
      const m = (pick: (r: (typeof measured)[number]) => number) => median(measured.map(pick))!;
      const least = m((r) => r.self + r.gcExtra);
      const most = m((r) => r.inclusive + r.gcExtra);
      // Each main thread's busy time per request, paired within each round: what the profiles do not place.
      const whole = m((r) => r.usOff / r.usOn);
      rows.push([
        page.name,
        `${(100 * m((r) => r.self)).toFixed(2)} %`,
        `${(100 * m((r) => r.inclusive)).toFixed(2)} %`,
        `${(100 * m((r) => r.gcExtra)).toFixed(2)} %`,
        `${ratio(1 - most)}–${ratio(1 - least)}`,
        Math.round(m((r) => r.usOff)),
        Math.round(m((r) => r.usOn)),
        `${ratio(whole)} ${Math.min(whole, 1 - most) >= 0.9 ? "met" : "missed"}`,
      ]);
    }
  } finally {
    await collector.close();
  }
  const out = [
    `## bench:tracing --attribution ${new Date().toISOString().slice(0, 19)}Z`,
    "",
    `Each page loaded on a server with tracing off and one exporting every span (OTLP/HTTP protobuf to the collector stand-in), each under --cpu-prof, 32 connections, ${SECONDS} s after a 1 s warm-up; the median of ${rounds} rounds, the servers' order turned each round. The cost is the share of the "on" server's busy time in OpenTelemetry's code and the shop's tracing helpers (their own code), with what Node and V8 do for them (AsyncLocalStorage, random ids, the exporter's socket and compression), plus its garbage collector's share beyond the "off" server's. Capacity on × off by the profiles is 1 − that cost. The last column is each process's main-thread busy time per request (from the same profiles), off over on, paired within each round (the median of the rounds); the budget is judged on the lesser of the two.`,
    "",
    mdTable(
      ["Page", "tracing's own code", "with Node's work for it", "extra GC", "capacity on × off by the profiles", "µs/req off", "µs/req on", "main thread on × off (≥ 0.9×)"],
      rows,
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    ...(notes.length ? ["Notes:", ...notes.map((n) => `- ${n}`), ""] : []),
  ].join("\n");
  fs.writeFileSync(path.join(repo, "bench", "tracing-attribution-last-run.md"), out);
  console.log(`\n${out}`);
}

/** --within: seconds of each phase, and phases of each kind per page and round (short, so a burst of the machine's noise falls on both kinds). */
const PHASE_SECONDS = 2;
const PAIRS = 4;

/**
 * What a request the sampler drops costs, timed in this process on the server's own helpers with
 * OpenTelemetry's SDK registered (its sampler following a caller's "not sampled"): the request span
 * started, run within, noted, named in the log and ended, with five use cases and twenty
 * statements under it. And the same with no SDK registered (tracing off), the use cases still
 * wrapped (the server wraps them only with tracing on, so "off" here is an upper bound). The
 * fastest of five runs of 100,000, in µs per request. React Router's own instrumentation wrappers
 * are not in it.
 */
async function droppedPathMicroseconds(): Promise<{ dropped: number; off: number }> {
  const { context, propagation, trace } = await import("@opentelemetry/api");
  const { AsyncLocalStorageContextManager } = await import("@opentelemetry/context-async-hooks");
  const { W3CTraceContextPropagator } = await import("@opentelemetry/core");
  const { AlwaysOnSampler, ParentBasedSampler, TracerProvider } = await import("@opentelemetry/sdk-trace");
  const { databaseSpan, noteSpan, startRequestSpan, traceFields, tracedTree } = await import("../app/server/telemetry/trace.server.ts");
  const headers = { traceparent: `00-${crypto.randomBytes(16).toString("hex")}-${crypto.randomBytes(8).toString("hex")}-00`, host: "127.0.0.1" };
  const resolved = Promise.resolve(1);
  const statement = () => resolved;
  // A signed-in page's work under the request: a few use cases and some twenty statements, each of
  // which asks whether a span is active (wrapped as the server wraps them, once tracing is on).
  const request = (cases: { cart: { get: () => number } }) => {
    const span = startRequestSpan("GET", headers, true);
    const work = () => {
      noteSpan({ "haat.page_cache": "hit" });
      for (let c = 0; c < 5; c++) cases.cart.get();
      for (let q = 0; q < 20; q++) void databaseSpan("select 1", statement);
    };
    if (span) {
      span.within(work);
      traceFields(span.span);
      span.end("/product/:id", 200);
    } else work();
  };
  const time = () => {
    const cases = tracedTree({ cart: { get: () => 1 } });
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      for (let i = 0; i < 100_000; i++) request(cases);
      // ms for 100,000 requests, as µs per request.
      best = Math.min(best, (performance.now() - started) / 100);
    }
    return best;
  };
  const off = time();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({ sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }) });
  trace.setGlobalTracerProvider(provider);
  const dropped = time();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
  return { dropped, off };
}

/**
 * What recording and exporting every span costs inside one process (--within), so that two
 * processes' differences (up to a quarter here) do not enter the figure. Each round starts one
 * server anew with traces on, exporting to the collector stand-in, and TRUST_PROXY set, so the
 * W3C `traceparent` the load generator sends is continued (the SDK's default sampler,
 * parentbased_always_on, follows its flag). After a warm-up whose CPU is not counted, each page
 * is loaded in phases that alternate (ABBA, turned each round) between:
 *   recorded  the caller's flag says sampled: every span recorded and exported, as "on";
 *   dropped   the flag says not sampled: the SDK is loaded and decides, nothing is recorded.
 * The capacity of "recorded" over "dropped" is the server's CPU per request, paired within the
 * round; the median of the rounds. What "dropped" adds to "off" is timed apart on the server's
 * own helpers (droppedPathMicroseconds); the four-server bench's "sampled" column shows it too,
 * within that bench's spread.
 */
async function within() {
  const micro = await droppedPathMicroseconds();
  console.log(`a dropped request's tracing: ${micro.dropped.toFixed(2)} µs; with tracing off: ${micro.off.toFixed(3)} µs`);
  // The collector is a process of its own, as a deployer's is: in this one, busy generating load,
  // it answered late and the SDK's queue overflowed, dropping spans whose export was then not counted.
  const collectorPort = await freePort();
  const collectorProcess = await startServer({
    name: "otlp-collector",
    argv: [process.execPath, "tests/standins/otlp-collector.ts", String(collectorPort)],
    cwd: repo,
    env: process.env,
    port: collectorPort,
    readyPath: "/stats",
    timeoutSeconds: 30,
  });
  const received = async () => (await (await fetch(`${collectorProcess.origin}/stats`)).json()) as { requests: number; bytes: number };
  /** Until the server's exporter has sent what its phase made (nothing new for 300 ms), so its cost falls in that phase. */
  const drained = async () => {
    for (let last = -1, same = 0; same < 3;) {
      await new Promise((r) => setTimeout(r, 100));
      const { requests } = await received();
      same = requests === last ? same + 1 : 0;
      last = requests;
    }
  };
  let exported = { requests: 0, bytes: 0 };
  let droppedSpans = 0;
  const notes: string[] = [];
  const measured = new Map<string, { recorded: number; dropped: number }[]>();
  const traceId = crypto.randomBytes(16).toString("hex");
  const callerSpan = crypto.randomBytes(8).toString("hex");
  try {
    for (let round = 0; round < rounds; round++) {
      // Exported within 100 ms, from a queue that does not overflow (OTEL_LOG_LEVEL=warn makes the SDK say if it does).
      const env = {
        OTEL_EXPORTER_OTLP_ENDPOINT: collectorProcess.origin,
        OTEL_SERVICE_NAME: "haat-bench",
        OTEL_BSP_SCHEDULE_DELAY: "100",
        OTEL_BSP_MAX_QUEUE_SIZE: "65536",
        OTEL_LOG_LEVEL: "warn",
        TRUST_PROXY: "loopback",
      };
      const shop = await startProductionShop(repo, "tracing-within", env);
      try {
        const cookie = await signedInWithCart(shop.origin, PRODUCT, notes);
        if (!cookie) throw new SetupError(`signing in failed: ${notes.join(" ")}`);
        for (const page of pages) {
          const load = { connections: 32, acceptEncoding: "gzip, deflate, br", warmupSeconds: 0, ...(page.signedIn ? { cookie } : {}) };
          await loadTest(shop.origin + page.path, { ...load, seconds: WARM_SECONDS });
          const cpu = { recorded: { seconds: 0, requests: 0 }, dropped: { seconds: 0, requests: 0 } };
          for (let pair = 0; pair < PAIRS; pair++) {
            for (const phase of (pair + round) % 2 ? (["dropped", "recorded"] as const) : (["recorded", "dropped"] as const)) {
              const before = cpuSecondsOf(shop.pid);
              const headers = { traceparent: `00-${traceId}-${callerSpan}-${phase === "recorded" ? "01" : "00"}` };
              const r = await loadTest(shop.origin + page.path, { ...load, seconds: PHASE_SECONDS, headers });
              await drained();
              cpu[phase].seconds += cpuSecondsOf(shop.pid) - before;
              cpu[phase].requests += r.requests;
              if (r.non2xx || r.errors) notes.push(`round ${round + 1}, ${phase}, ${page.name}: ${r.non2xx} non-2xx, ${r.errors} errors.`);
            }
          }
          const perRequest = { recorded: (cpu.recorded.seconds * 1000) / cpu.recorded.requests, dropped: (cpu.dropped.seconds * 1000) / cpu.dropped.requests };
          measured.set(page.name, [...(measured.get(page.name) ?? []), perRequest]);
          console.log(
            `round ${round + 1} ${page.name.padEnd(22)} CPU ms/request dropped ${perRequest.dropped.toFixed(3)}, recorded ${perRequest.recorded.toFixed(3)}: ${ratio(perRequest.dropped / perRequest.recorded)}`,
          );
        }
        droppedSpans += [...shop.output().matchAll(/Dropped (\d+) spans/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      } finally {
        await shop.stop();
      }
    }
    exported = await received();
  } finally {
    await collectorProcess.stop();
  }
  if (exported.requests === 0) throw new SetupError("The collector stand-in received no spans: the recorded phases were not recorded.");
  if (droppedSpans) notes.push(`The SDK dropped ${droppedSpans} spans (its queue was full): the recorded figure leaves their export out.`);
  const rows: Cell[][] = pages.map(({ name }) => {
    const list = measured.get(name)!;
    const capacity = median(list.map((r) => r.dropped / r.recorded))!;
    return [
      name,
      median(list.map((r) => r.dropped))!.toFixed(3),
      median(list.map((r) => r.recorded))!.toFixed(3),
      `${ratio(capacity)} ${capacity >= 0.9 ? "met" : "missed"}`,
      list.map((r) => (r.dropped / r.recorded).toFixed(2)).join(", "),
    ];
  });
  const out = [
    `## bench:tracing --within ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
    "",
    `One server per round, started anew, with traces exported over OTLP/HTTP protobuf to the collector stand-in, a process of its own (${exported.requests} export requests, ${(exported.bytes / 1e6).toFixed(1)} MB; batches sent within 100 ms, from a queue of 65,536 spans: ${droppedSpans} dropped), and TRUST_PROXY set. Each page warmed for ${WARM_SECONDS} s (not counted), then loaded at 32 connections in ${PAIRS * 2} phases of ${PHASE_SECONDS} s (each counted until the exporter has sent what it made) that alternate between a trusted traceparent flagged sampled ("recorded": every span recorded and exported) and flagged not sampled ("dropped": the SDK loaded, nothing recorded). Capacity is the server's CPU per request, dropped over recorded, paired within each round; the median of ${rounds} rounds.`,
    "",
    `What "dropped" adds to "off" (tracing unset) is timed apart, on the server's own helpers in this process (the request span started, run within, noted, named in the log and ended, with five use cases and twenty statements under it; the fastest of five runs of 100,000; React Router's instrumentation wrappers not included): ${micro.dropped.toFixed(2)} µs per request with the SDK registered and the caller's flag "not sampled", ${micro.off.toFixed(3)} µs with no SDK, against the cheapest page's ${Math.min(...rows.map((r) => Number(r[1]))).toFixed(3)} ms of CPU.`,
    "",
    mdTable(["Page", "CPU ms/req dropped", "CPU ms/req recorded", "capacity recorded × dropped (≥ 0.9×)", "rounds"], rows),
    "",
    ...(notes.length ? ["Notes:", ...notes.map((n) => `- ${n}`), ""] : []),
  ].join("\n");
  fs.writeFileSync(path.join(repo, "bench", "tracing-within-last-run.md"), out);
  console.log(`\n${out}`);
}

async function main() {
  if (process.argv.includes("--attribution")) return attribution();
  if (process.argv.includes("--within")) return within();
  const baselineRev = arg("baseline") ?? BASELINE_REV;
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
  // All four run throughout (an idle server costs nothing); one is loaded at a time, in an order
  // that turns each round, so a machine busier in one moment weighs on each server alike.
  // --fresh starts them anew each round (in the round's order): two processes of the same code can
  // differ by a quarter for as long as they live, so one process per server cannot show a tenth.
  const fresh = process.argv.includes("--fresh");
  const started: { server: Server; origin: string; pid: number; cookie: string; stop(): Promise<void> }[] = [];
  const startAll = async (round: number) => {
    for (let i = 0; i < servers.length; i++) {
      const [server, dir, env] = servers[(i + round) % servers.length]!;
      const shop = await startProductionShop(dir, `tracing-${server}`, env);
      const cookie = await signedInWithCart(shop.origin, PRODUCT, notes);
      if (!cookie) throw new SetupError(`signing in on the ${server} server failed: ${notes.join(" ")}`);
      started.push({ server, ...shop, cookie });
    }
    started.sort((a, b) => servers.findIndex(([s]) => s === a.server) - servers.findIndex(([s]) => s === b.server));
  };
  const stopAllStarted = async () => {
    for (const shop of started.splice(0)) await shop.stop();
  };
  if (!fresh) await startAll(0);
  try {
    for (let round = 0; round < rounds; round++) {
      if (fresh) await startAll(round);
      for (const page of pages) {
        for (let i = 0; i < started.length; i++) {
          const { server, origin, cookie, pid } = started[(i + round) % started.length]!;
          const load = { connections: 32, acceptEncoding: "gzip, deflate, br", ...(page.signedIn ? { cookie } : {}) };
          // A fresh process compiles its code on its first requests, and the "on" one has more of it:
          // with --fresh the warm-up runs apart, its CPU not counted.
          if (fresh) await loadTest(origin + page.path, { ...load, seconds: WARM_SECONDS, warmupSeconds: 0 });
          const cpuBefore = cpuSecondsOf(pid);
          const loaded = await loadTest(origin + page.path, { ...load, seconds: SECONDS, warmupSeconds: fresh ? 0 : 1 });
          // The server's own CPU per request (warm-up included unless --fresh): steadier than req/s on a shared 2-core machine.
          const r = { ...loaded, cpuMsPerRequest: ((cpuSecondsOf(pid) - cpuBefore) * 1000) / (loaded.requests * (fresh ? 1 : 1 + 1 / SECONDS)) };
          if (r.non2xx || r.errors) notes.push(`round ${round + 1}, ${server}, ${page.name}: ${r.non2xx} non-2xx, ${r.errors} errors.`);
          const key = `${server} ${page.name}`;
          runs.set(key, [...(runs.get(key) ?? []), r]);
          console.log(`round ${round + 1} ${server.padEnd(6)} ${page.name.padEnd(22)} ${Math.round(r.rps)} req/s  p99 ${ms(r.p99)} ms  CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request`);
        }
      }
      if (fresh) await stopAllStarted();
    }
  } finally {
    await stopAllStarted();
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
    `"Before" is the shop at ${baselineRev} (${baseline.sha.slice(0, 7)}), before traces; "off", "on" and "sampled" are this checkout without OTEL_* variables, exporting every span, and keeping one trace in ten (parentbased_traceidratio 0.1), over OTLP/HTTP protobuf to the local collector stand-in (${collector.requests} export requests, ${(collector.bytes / 1e6).toFixed(1)} MB). The four run side by side${fresh ? ", started anew each round" : ""}, loaded one at a time in an order that turns each round; default settings (page cache on), 32 connections, ${SECONDS} s after ${fresh ? `a ${WARM_SECONDS} s warm-up whose CPU is not counted` : "a 1 s warm-up"}; the median of ${rounds} rounds. Capacity is requests per CPU-second of the server process (its CPU time over the run ÷ requests): the figure req/s would show on a machine with nothing else running; the ≥ 0.9× budget is judged on it.`,
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
