// `npm run load`: a sale morning on this machine (issue 16). Starts the shop as a cluster (two or
// more instances on one PostgreSQL behind HAProxy) or, with --embedded, as one instance on the
// embedded database; drives it with concurrent shoppers (70% browsing and searching, 20% signed
// in filling carts, 10% checking out with cash on delivery); with --faults, breaks it on the way
// (kill -9 of an instance and its restart, every database connection terminated; on the embedded
// database kill -9 mid-checkout and restart); then checks the database: every confirmed order is
// there and whole, and no stock was sold twice. Writes bench/load-last-run.md.
//
// --think=5s: each shopper pauses before each step (half to one and a half of it), the way people
// shop (issue 30), and the shoppers arrive over the first 10 s. --find: how many such shoppers the
// shop holds at p95 at most 500 ms with no errors, found by doubling from 100 and then halving the
// gap, each trial `--seconds` long (default 40) on the same running shop, its p95 taken after the
// arrivals; its signed-in shoppers are regulars, signed up before the trial is measured (they sign
// in once and stay); writes bench/load-capacity-embedded-last-run.md (or -postgres-).
//
//   npm run load -- [--embedded] [--faults] [--seconds=60] [--shoppers=200] [--instances=2] [--think=5s] [--find]
//   DATABASE_URL (a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { startCluster, startEmbedded, type Cluster } from "./lib/cluster.ts";
import { runCommand, SetupError, stopAll } from "./lib/processes.ts";
import { mdTable, type Cell } from "./lib/report.ts";
import { Browser, browse, checkOut, fillCarts, prepareCart, prepareCheckout, readCatalogue, Recorder, type Kind, type Sample } from "./lib/shoppers.ts";

const repo = path.resolve(import.meta.dirname, "..");
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "1"] as const;
  }),
);
/** "5s", "800ms" or a number of seconds, in milliseconds. */
function duration(text: string | undefined): number {
  if (!text) return 0;
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  if (!m) throw new Error(`Not a duration: ${text} (say 5s or 800ms)`);
  return Number(m[1]) * (m[2] === "ms" ? 1 : 1000);
}
const cfg = {
  embedded: args.has("embedded"),
  faults: args.has("faults"),
  find: args.has("find"),
  thinkMs: duration(args.get("think")),
  seconds: Number(args.get("seconds") ?? (args.has("find") ? 40 : 60)),
  shoppers: Number(args.get("shoppers") ?? 200),
  instances: Number(args.get("instances") ?? 2),
  databaseUrl: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  out: path.resolve(repo, args.get("out") ?? (args.has("find") ? `bench/load-capacity-${args.has("embedded") ? "embedded" : "postgres"}-last-run.md` : "bench/load-last-run.md")),
};
const log = (line: string) => console.log(`[load ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** What a query answers, on whichever database the run used. */
type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

interface FaultNote {
  at: number;
  what: string;
  figure: string;
}

/** Raises the slot capacity so that the delivery slots don't cap the orders a load test can place. */
const OPEN_SLOTS = `insert into shop_settings (key, value) values ('slot_capacity', 1000000) on conflict (key) do update set value = excluded.value`;

async function onPostgres(url: string): Promise<{ query: Query; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: async (sql, params) => (await client.query(sql, params as unknown[])).rows, end: () => client.end() };
}

async function onPglite(dataDir: string): Promise<{ query: Query; end(): Promise<void> }> {
  const db = new PGlite(path.join(dataDir, "pglite"));
  return { query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, end: () => db.close() };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Whether the database holds what the shoppers were told: orders whole, stock never oversold. */
async function verify(query: Query, confirmed: Set<number>): Promise<{ rows: [string, string, string][]; ok: boolean }> {
  const catalogue = JSON.parse(fs.readFileSync(path.join(repo, "scripts/demo-catalog.json"), "utf8")) as {
    products: { variants: { internal_reference: string; inventory_stock: number }[] }[];
  };
  const initial = new Map(catalogue.products.flatMap((p) => p.variants.map((v) => [v.internal_reference, v.inventory_stock] as const)));
  const ids = [...confirmed];
  const [found] = await query(`select count(*)::int as n from orders where id = any($1::int[]) and state = 'confirmed'`, [ids]);
  const [hollow] = await query(
    `select count(*)::int as n from orders o where o.state <> 'draft' and (not exists (select 1 from order_lines l where l.order_id = o.id)
       or o.subtotal_paise is distinct from (select sum(l.quantity * l.unit_price_paise) from order_lines l where l.order_id = o.id))`,
  );
  const [negative] = await query(`select count(*)::int as n from variants where inventory_stock < 0`);
  const variants = await query(`select internal_reference as ref, inventory_stock as stock from variants`);
  const taken = variants.reduce((sum, v) => sum + ((initial.get(v.ref as string) ?? (v.stock as number)) - (v.stock as number)), 0);
  const [held] = await query(`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id where o.state in ('confirmed', 'awaiting_payment')`);
  const [orders] = await query(`select count(*)::int as n from orders where state = 'confirmed'`);
  const rows: [string, string, string][] = [
    ["confirmed orders the shoppers saw, found confirmed", `${found!.n} of ${ids.length}`, found!.n === ids.length ? "PASS" : "FAIL"],
    ["orders not in a cart without lines or with lines not adding up", String(hollow!.n), hollow!.n === 0 ? "PASS" : "FAIL"],
    ["variants with negative stock (oversold)", String(negative!.n), negative!.n === 0 ? "PASS" : "FAIL"],
    ["stock taken = quantities in confirmed orders", `${taken} = ${held!.n}`, taken === held!.n ? "PASS" : "FAIL"],
    ["confirmed orders in the database", String(orders!.n), ""],
  ];
  return { rows, ok: rows.every((r) => r[2] !== "FAIL") };
}

/** Seconds over which shoppers with a think time arrive (all at once without one). */
const ARRIVALS_SECONDS = 10;

/** Signed-in shoppers kept from trial to trial (--find): they signed up before, as a grocer's regulars have. */
const returning = { carts: [] as Browser[], checkouts: [] as Browser[] };

/** Signs up the regulars a trial needs, four at a time, before it is measured. */
async function topUp(origin: string, carts: number, checkouts: number) {
  const setup = new Recorder();
  const wanted = [
    ...Array<"cart">(Math.max(0, carts - returning.carts.length)).fill("cart"),
    ...Array<"checkout">(Math.max(0, checkouts - returning.checkouts.length)).fill("checkout"),
  ];
  if (wanted.length) log(`signing up ${wanted.length} regulars`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < wanted.length) {
        const kind = wanted[next++]!;
        const b = new Browser(origin, setup);
        if (kind === "cart" ? await prepareCart(b) : await prepareCheckout(b)) (kind === "cart" ? returning.carts : returning.checkouts).push(b);
      }
    }),
  );
}

async function drive(cluster: Cluster, recorder: Recorder, faults: (at: number) => Promise<void>, count = cfg.shoppers, regulars = false) {
  const catalogue = await readCatalogue(cluster.origin);
  const browsers = Math.round(count * 0.7);
  const carts = Math.round(count * 0.2);
  const checkouts = count - browsers - carts;
  if (regulars) await topUp(cluster.origin, carts, checkouts);
  const ends = Date.now() + cfg.seconds * 1000;
  const until = () => Date.now() >= ends;
  log(`${count} shoppers for ${cfg.seconds} s: ${browsers} browsing, ${carts} filling carts, ${checkouts} checking out${cfg.thinkMs ? `, ${cfg.thinkMs / 1000} s between steps` : ""}`);
  // With a think time, shoppers arrive over the first seconds, as a sale morning's do.
  const arrive = async <T>(run: (b: Browser) => Promise<T>, regular?: Browser) => {
    if (cfg.thinkMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * ARRIVALS_SECONDS * 1000));
    return run(regular ? regular.recordInto(recorder, cfg.thinkMs) : new Browser(cluster.origin, recorder, cfg.thinkMs));
  };
  const shoppers = [
    ...Array.from({ length: browsers }, () => arrive((b) => browse(b, catalogue, until))),
    ...Array.from({ length: carts }, (_, i) => arrive((b) => fillCarts(b, catalogue, until), regulars ? returning.carts[i] : undefined)),
    ...Array.from({ length: checkouts }, (_, i) => arrive((b) => checkOut(b, catalogue, recorder, until), regulars ? returning.checkouts[i] : undefined)),
  ];
  const faulting = (async () => {
    for (let s = 1; s <= cfg.seconds && !until(); s++) {
      await new Promise((r) => setTimeout(r, Math.max(0, s * 1000 - recorder.seconds() * 1000)));
      await faults(s);
    }
  })();
  await Promise.all([...shoppers, faulting]);
}

interface Trial {
  shoppers: number;
  rps: number;
  p50: number;
  p95: number;
  refused: number;
  errors: number;
  holds: boolean;
}

/** The p95 a shop must hold, and the most shoppers a capacity search tries. */
const HOLDS_P95_MS = 500;
const MOST_SHOPPERS = 6400;

/** One trial of `count` shoppers on the running shop: p95 after the arrivals, errors throughout. */
async function trial(cluster: Cluster, count: number, confirmed: Set<number>): Promise<Trial> {
  const recorder = new Recorder();
  await drive(cluster, recorder, async () => {}, count, true);
  for (const id of recorder.confirmedOrders) confirmed.add(id);
  const from = cfg.thinkMs ? ARRIVALS_SECONDS : 0;
  const steady = recorder.samples.filter((s) => s.at >= from);
  const ms = steady.map((s) => s.ms).sort((a, b) => a - b);
  const errors = recorder.samples.filter((s) => s.outcome === "error").length;
  const p95 = percentile(ms, 95);
  const result: Trial = {
    shoppers: count,
    rps: steady.length / Math.max(1, cfg.seconds - from),
    p50: percentile(ms, 50),
    p95,
    refused: recorder.samples.filter((s) => s.outcome === "refused").length,
    errors,
    holds: errors === 0 && p95 <= HOLDS_P95_MS,
  };
  log(`${count} shoppers: ${result.rps.toFixed(0)} req/s, p95 ${p95.toFixed(0)} ms, ${errors} errors: ${result.holds ? "holds" : "does not hold"}`);
  for (const [k, n] of recorder.errors) log(`  ${k}: ${n}`);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return result;
}

/** The most shoppers the shop holds: doubling from 100 until a trial fails, then halving the gap to a tenth. */
async function findCapacity(cluster: Cluster, confirmed: Set<number>): Promise<{ trials: Trial[]; holds: number }> {
  const trials: Trial[] = [];
  let lo = 0;
  let hi = 0;
  for (let n = 100; n <= MOST_SHOPPERS; n *= 2) {
    const t = await trial(cluster, n, confirmed);
    trials.push(t);
    if (!t.holds) {
      hi = n;
      break;
    }
    lo = n;
  }
  while (hi && hi - lo > Math.max(25, lo / 10)) {
    const n = Math.round((lo + hi) / 2);
    const t = await trial(cluster, n, confirmed);
    trials.push(t);
    if (t.holds) lo = n;
    else hi = n;
  }
  return { trials, holds: lo };
}

function errorsBetween(samples: Sample[], from: number, to: number): number {
  return samples.filter((s) => s.outcome === "error" && s.at >= from && s.at < to).length;
}

/** Runs the shoppers, then checks the database they leave (the embedded one once its server has stopped), then stops the shop. */
async function runThenVerify<T>(cluster: Cluster, confirmed: Set<number>, run: () => Promise<T>): Promise<{ result: T; check: Awaited<ReturnType<typeof verify>> }> {
  let result: T;
  try {
    result = await run();
  } finally {
    if (cluster.kind === "pglite") await cluster.stop();
  }
  const db = cluster.kind === "postgres" ? await onPostgres(cluster.databaseUrl!) : await onPglite(cluster.dataDir!);
  const check = await verify(db.query, confirmed);
  await db.end();
  if (cluster.kind === "postgres") await cluster.stop();
  return { result, check };
}

async function main() {
  const sessionSecret = crypto.randomBytes(32).toString("hex");
  const build = await runCommand([process.execPath, "scripts/build-if-needed.ts"], { cwd: repo, what: "the build" });
  if (build.code !== 0) throw new SetupError("The build failed.", build.output);
  const recorder = new Recorder();
  const notes: FaultNote[] = [];
  let cluster: Cluster;
  if (cfg.embedded) {
    cluster = await startEmbedded({ repo, sessionSecret });
    // The embedded database belongs to its one process: the slots are opened through a stop.
    await cluster.instances[0]!.server!.stop();
    const db = await onPglite(cluster.dataDir!);
    await db.query(OPEN_SLOTS);
    await db.end();
    await cluster.instances[0]!.restart();
  } else {
    cluster = await startCluster({ repo, size: cfg.instances, databaseUrl: cfg.databaseUrl, database: "haat_load", fresh: true, port: 0, sessionSecret, log });
    const db = await onPostgres(cluster.databaseUrl!);
    await db.query(OPEN_SLOTS);
    await db.end();
  }
  log(`shop on ${cluster.origin} (${cluster.kind}, ${cluster.instances.length} instance${cluster.instances.length > 1 ? "s" : ""})`);

  const faults = async (s: number) => {
    if (!cfg.faults) return;
    const third = Math.round(cfg.seconds / 4);
    if (cluster.kind === "postgres") {
      const victim = cluster.instances[0]!;
      if (s === third) {
        await victim.kill9();
        notes.push({ at: recorder.seconds(), what: `kill -9 ${victim.name}`, figure: "" });
        log(`kill -9 ${victim.name}`);
      } else if (s === third * 2) {
        const took = await victim.restart();
        notes.push({ at: recorder.seconds(), what: `${victim.name} restarted`, figure: `ready in ${took.toFixed(1)} s` });
        log(`${victim.name} back in ${took.toFixed(1)} s`);
      } else if (s === third * 3) {
        const db = await onPostgres(cluster.databaseUrl!);
        const [r] = await db.query(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
        await db.end();
        notes.push({ at: recorder.seconds(), what: `every database connection terminated (${r!.n})`, figure: "" });
        log(`terminated ${r!.n} database connections`);
      }
    } else if (s === Math.round(cfg.seconds / 2)) {
      const only = cluster.instances[0]!;
      await only.kill9();
      const at = recorder.seconds();
      const took = await only.restart();
      notes.push({ at, what: "kill -9 of the one instance mid-checkout, and its restart", figure: `started again in ${took.toFixed(1)} s` });
      log(`kill -9 and restart: ready in ${took.toFixed(1)} s`);
    }
  };

  if (cfg.find) {
    const { result: capacity, check } = await runThenVerify(cluster, recorder.confirmedOrders, () => findCapacity(cluster, recorder.confirmedOrders));
    const where = cluster.kind === "postgres" ? `${cluster.instances.length} instances on PostgreSQL behind HAProxy` : "one instance on the embedded database";
    const out = [
      `## Capacity ${new Date().toISOString().slice(0, 19)}Z: ${where}`,
      "",
      `Shoppers as \`npm run load\` drives them (70% browsing and searching, 20% signed in filling carts, 10% checking out with cash on delivery), each pausing ${cfg.thinkMs / 1000} s (half to one and a half of it) before each step and arriving over the first ${ARRIVALS_SECONDS} s; the signed-in ones are regulars, signed up before the trial is measured; each trial ${cfg.seconds} s on the same running shop. A trial holds when no request failed (5xx, timeout, refused connection) and the p95 of the requests after the arrivals is at most ${HOLDS_P95_MS} ms. Load generator, shop, database and balancer share this machine's ${os.cpus().length} cores.`,
      "",
      `**Holds ${capacity.holds} shoppers.**`,
      "",
      mdTable(
        ["Shoppers", "req/s", "p50 ms", "p95 ms", "Refused (4xx)", "Errors", "Holds"],
        capacity.trials.map((t) => [t.shoppers, t.rps.toFixed(0), t.p50.toFixed(0), t.p95.toFixed(0), t.refused, t.errors, t.holds ? "yes" : "no"]),
        ["r", "r", "r", "r", "r", "r", "l"],
      ),
      "",
      mdTable(["Check", "Found", "Result"], check.rows, ["l", "r", "l"]),
      "",
    ].join("\n");
    fs.writeFileSync(cfg.out, out);
    console.log(`\n${out}`);
    log(`written to ${path.relative(repo, cfg.out)}`);
    if (!check.ok) process.exitCode = 1;
    return;
  }

  const { check } = await runThenVerify(cluster, recorder.confirmedOrders, () => drive(cluster, recorder, faults));

  // Fault figures: errors in the ten seconds after each, and when the last of them came.
  for (const n of notes) {
    const after = recorder.samples.filter((x) => x.outcome === "error" && x.at >= n.at && x.at < n.at + 10);
    const last = after.at(-1);
    n.figure = [n.figure, `${errorsBetween(recorder.samples, n.at, n.at + 10)} errors in the next 10 s`, last ? `last at +${(last.at - n.at).toFixed(1)} s` : "none"]
      .filter(Boolean)
      .join("; ");
  }
  const kinds = [...new Set(recorder.samples.map((s) => s.kind))] as Kind[];
  const table: Cell[][] = kinds.map((kind) => {
    const all = recorder.samples.filter((s) => s.kind === kind);
    const ms = all.map((s) => s.ms).sort((a, b) => a - b);
    return [
      kind,
      all.length,
      all.filter((s) => s.outcome === "refused").length,
      all.filter((s) => s.outcome === "error").length,
      percentile(ms, 50).toFixed(0),
      percentile(ms, 95).toFixed(0),
      percentile(ms, 99).toFixed(0),
    ];
  });
  const every = recorder.samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = recorder.samples.filter((s) => s.outcome === "error").length;
  table.push([
    "**all**",
    recorder.samples.length,
    recorder.samples.filter((s) => s.outcome === "refused").length,
    errors,
    percentile(every, 50).toFixed(0),
    percentile(every, 95).toFixed(0),
    percentile(every, 99).toFixed(0),
  ]);
  const attempts = recorder.samples.filter((s) => s.kind === "place order").length;
  const out = [
    `## Load run ${new Date().toISOString().slice(0, 19)}Z: ${cluster.kind === "postgres" ? `${cluster.instances.length} instances on PostgreSQL behind HAProxy` : "one instance on the embedded database"}${cfg.faults ? ", with faults" : ""}`,
    "",
    `${cfg.shoppers} shoppers for ${cfg.seconds} s (70% browsing and searching, 20% filling carts, 10% checking out with cash on delivery), each sending its next request when the last was answered; ${(recorder.samples.length / cfg.seconds).toFixed(0)} requests/s overall. Errors are 5xx answers, timeouts (60 s) and refused connections; refusals are 4xx answers.`,
    "",
    mdTable(["Kind", "Requests", "Refused (4xx)", "Errors", "p50 ms", "p95 ms", "p99 ms"], table, ["l", "r", "r", "r", "r", "r", "r"]),
    "",
    `Orders placed: ${recorder.confirmedOrders.size} of ${attempts} attempts (the rest were refused as the shop's stock ran out or a line changed).`,
    "",
    mdTable(["Check", "Found", "Result"], check.rows, ["l", "r", "l"]),
    ...(notes.length
      ? [
          "",
          mdTable(
            ["At s", "Fault", "Figure"],
            notes.map((n) => [n.at.toFixed(1), n.what, n.figure]),
            ["r", "l", "l"],
          ),
        ]
      : []),
    ...(recorder.errors.size ? ["", "Errors by kind:", "", ...[...recorder.errors].map(([k, n]) => `- ${k}: ${n}`)] : []),
    "",
  ].join("\n");
  fs.writeFileSync(cfg.out, out);
  console.log(`\n${out}`);
  log(`written to ${path.relative(repo, cfg.out)}`);
  if (!check.ok) process.exitCode = 1;
}

process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));
main().catch(async (error) => {
  console.error(error instanceof SetupError ? `${error.message}\n${error.output.slice(-4000)}` : error);
  await stopAll();
  process.exit(1);
});
