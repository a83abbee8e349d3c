// `npm run load`: a sale morning on this machine (issue 16). Starts the shop as a cluster (two or
// more instances on one PostgreSQL behind HAProxy) or, with --embedded, as one instance on the
// embedded database; drives it with concurrent shoppers (70% browsing and searching, 20% signed
// in filling carts, 10% checking out with cash on delivery); with --faults, breaks it on the way
// (kill -9 of an instance and its restart, every database connection terminated; on the embedded
// database kill -9 mid-checkout and restart); then checks the database: every confirmed order is
// there and whole, and no stock was sold twice. Writes bench/load-last-run.md.
//
//   npm run load -- [--embedded] [--faults] [--seconds=60] [--shoppers=200] [--instances=2]
//   DATABASE_URL (a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { startCluster, startEmbedded, type Cluster } from "./lib/cluster.ts";
import { runCommand, SetupError, stopAll } from "./lib/processes.ts";
import { mdTable, type Cell } from "./lib/report.ts";
import { Browser, browse, checkOut, fillCarts, readCatalogue, Recorder, type Kind, type Sample } from "./lib/shoppers.ts";

const repo = path.resolve(import.meta.dirname, "..");
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "1"] as const;
  }),
);
const cfg = {
  embedded: args.has("embedded"),
  faults: args.has("faults"),
  seconds: Number(args.get("seconds") ?? 60),
  shoppers: Number(args.get("shoppers") ?? 200),
  instances: Number(args.get("instances") ?? 2),
  databaseUrl: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  out: path.resolve(repo, args.get("out") ?? "bench/load-last-run.md"),
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

async function drive(cluster: Cluster, recorder: Recorder, faults: (at: number) => Promise<void>) {
  const catalogue = await readCatalogue(cluster.origin);
  const ends = Date.now() + cfg.seconds * 1000;
  const until = () => Date.now() >= ends;
  const browsers = Math.round(cfg.shoppers * 0.7);
  const carts = Math.round(cfg.shoppers * 0.2);
  const checkouts = cfg.shoppers - browsers - carts;
  log(`${cfg.shoppers} shoppers for ${cfg.seconds} s: ${browsers} browsing, ${carts} filling carts, ${checkouts} checking out`);
  const shoppers = [
    ...Array.from({ length: browsers }, () => browse(new Browser(cluster.origin, recorder), catalogue, until)),
    ...Array.from({ length: carts }, () => fillCarts(new Browser(cluster.origin, recorder), catalogue, until)),
    ...Array.from({ length: checkouts }, () => checkOut(new Browser(cluster.origin, recorder), catalogue, recorder, until)),
  ];
  const faulting = (async () => {
    for (let s = 1; s <= cfg.seconds && !until(); s++) {
      await new Promise((r) => setTimeout(r, Math.max(0, s * 1000 - recorder.seconds() * 1000)));
      await faults(s);
    }
  })();
  await Promise.all([...shoppers, faulting]);
}

function errorsBetween(samples: Sample[], from: number, to: number): number {
  return samples.filter((s) => s.outcome === "error" && s.at >= from && s.at < to).length;
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

  try {
    await drive(cluster, recorder, faults);
  } finally {
    if (cluster.kind === "pglite") await cluster.stop();
  }
  const db = cluster.kind === "postgres" ? await onPostgres(cluster.databaseUrl!) : await onPglite(cluster.dataDir!);
  const check = await verify(db.query, recorder.confirmedOrders);
  await db.end();
  if (cluster.kind === "postgres") await cluster.stop();

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
