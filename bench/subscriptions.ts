// `npm run bench:subscriptions` (issue 45): how long the standing orders' cut-off takes to make
// one day's orders for 10,000 subscriptions, on the embedded database (and on PostgreSQL with
// BENCH_DATABASE_URL), with the shop's own job (`subscriptions.runCutoff`) and an injected clock.
// The goal is under 60 s on this machine. A second pass over the same day is timed too: it must
// find every day done and make nothing.
//
//   BENCH_SUBSCRIPTIONS   how many (default 10000)
//   BENCH_DATABASE_URL    a PostgreSQL server: a database haat_bench_subs is made afresh on it
//   BENCH_ONLY=postgres   skip the embedded database
//   DATABASE_PREPARED_STATEMENTS=false   every statement parsed and planned each time (before decision 090)
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/server/db/client.server.ts";
import { addresses, customers, shopSettings, subscriptions, variants } from "../app/server/db/schema.server.ts";
import { seedDemoPins } from "../app/server/shop/delivery.server.ts";
import { createShop, seedDemoCatalog } from "../app/server/shop/open.server.ts";
import { loadTest } from "./lib/load.ts";
import { machineBusySeconds, startProductionShop } from "./lib/processes.ts";
import { mdTable } from "./lib/report.ts";

const REPO = path.resolve(import.meta.dirname, "..");

const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS || 10_000);
const GOAL_SECONDS = 60;
const DAY = "2027-06-02";
// 23:00 IST the evening before: after the 22:00 cut-off.
const AFTER_CUTOFF = new Date(Date.parse("2027-06-01T00:00:00Z") + 23 * 3_600_000 - 5.5 * 3_600_000);
const OUT = path.resolve(import.meta.dirname, "subscriptions-last-run.md");
// DATABASE_PREPARED_STATEMENTS=false times it as before decision 090, on both databases (the pages' server reads it too).
const PREPARED = !["false", "0", "no"].includes(process.env.DATABASE_PREPARED_STATEMENTS ?? "");

/** 10,000 households, each with a saved address and a daily subscription to one of the demo's subscribable variants. */
async function seed(database: Database): Promise<void> {
  await seedDemoCatalog(database);
  await seedDemoPins(database.db);
  const db = database.db;
  const offered = await db.execute(sql`select v.id from variants v join products p on p.id = v.product_id where p.subscribable order by v.id`);
  const variantIds = ((Array.isArray(offered) ? offered : (offered as { rows: unknown[] }).rows) as { id: number }[]).map((r) => r.id);
  // Enough stock and room for the whole day: the bench times making orders, not refusing them.
  await db.update(variants).set({ inventoryStock: 1_000_000, inStock: true });
  await db
    .insert(shopSettings)
    .values({ key: "slot_capacity", value: COUNT * 2 })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: COUNT * 2 } });
  for (let from = 0; from < COUNT; from += 1000) {
    const n = Math.min(1000, COUNT - from);
    const people = await db
      .insert(customers)
      .values(Array.from({ length: n }, (_, i) => ({ name: `Household ${from + i}`, email: `household${from + i}@bench.example`, phone: "9876543210", passwordHash: "not-a-password" })))
      .returning({ id: customers.id });
    const homes = await db
      .insert(addresses)
      .values(
        people.map((p) => ({
          customerId: p.id,
          name: "Household",
          phone: "9876543210",
          street: "4 Golf Course Road",
          city: "Gurgaon",
          state: "Haryana",
          zip: "122002",
          isPrimary: true,
        })),
      )
      .returning({ id: addresses.id, customerId: addresses.customerId });
    await db.insert(subscriptions).values(
      homes.map((h, i) => ({
        customerId: h.customerId,
        variantId: variantIds[(from + i) % variantIds.length]!,
        quantity: 1 + ((from + i) % 3),
        frequency: { kind: "daily" as const },
        startDate: DAY,
        slotKind: (["morning", "afternoon", "evening"] as const)[(from + i) % 3],
        addressId: h.id,
      })),
    );
  }
}

/**
 * The shop's pages while the cut-off runs (PostgreSQL: the production server on the same
 * database, as another instance of the cluster would be): a signed-out product page's p99 at
 * rest, then while the next day's 10,000 orders are made. The issue's bound: at most 2 × idle.
 */
async function pagesDuringCutoff(database: Database, url: string) {
  const found = await database.db.execute(sql`select p.id from products p join variants v on v.product_id = p.id where p.subscribable order by p.id limit 1`);
  const productId = ((Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { id: number }[])[0]!.id;
  const shopServer = await startProductionShop(REPO, "bench-subs", { DATABASE_URL: url, SEED_DEMO: "false" });
  try {
    const page = `${shopServer.origin}/product/${productId}`;
    const load = { connections: 1, acceptEncoding: "br" };
    const idle = await loadTest(page, { ...load, seconds: 10, warmupSeconds: 3 });
    // The next day's cut-off, 24 hours on: every subscription is daily.
    const next = new Date(AFTER_CUTOFF.getTime() + 86_400_000);
    const shop = createShop(database, 0, { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0, now: () => next });
    const t0 = performance.now();
    const cutoff = shop.subscriptions.runCutoff();
    const during = await loadTest(page, { ...load, seconds: 20, warmupSeconds: 0 });
    const run = await cutoff;
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `pages: idle p99 ${idle.p99} ms; during the cut-off p99 ${during.p99} ms (${during.requests} requests, ${during.non2xx} not 2xx); that cut-off ${seconds.toFixed(1)} s, made ${run?.made}`,
    );
    return { idle, during, seconds, made: run?.made ?? 0 };
  } finally {
    await shopServer.stop();
  }
}

async function measure(name: string, database: Database) {
  const t0 = performance.now();
  await seed(database);
  const seeded = (performance.now() - t0) / 1000;
  const shop = createShop(database, 0, { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0, now: () => AFTER_CUTOFF });
  const t1 = performance.now();
  const cpu0 = process.cpuUsage();
  const busy0 = machineBusySeconds();
  const run = await shop.subscriptions.runCutoff();
  const first = (performance.now() - t1) / 1000;
  // Where the time goes: this process's CPU (the job: Drizzle, node-postgres) and the whole
  // machine's (the database too). The machine's per order × orders ÷ cores is the floor no
  // number of makers gets under.
  const cpu = process.cpuUsage(cpu0);
  const nodeMs = (cpu.user + cpu.system) / 1000 / Math.max(1, run?.made ?? 0);
  const machineMs = ((machineBusySeconds() - busy0) * 1000) / Math.max(1, run?.made ?? 0);
  const t2 = performance.now();
  const again = await shop.subscriptions.runCutoff();
  const second = (performance.now() - t2) / 1000;
  console.log(
    `${name}: seeded in ${seeded.toFixed(1)} s; cut-off ${first.toFixed(1)} s (made ${run?.made}, skipped ${run?.skipped}; CPU per order: job ${nodeMs.toFixed(1)} ms, machine ${machineMs.toFixed(1)} ms); again ${second.toFixed(1)} s (made ${again?.made})`,
  );
  return { name, seeded, first, made: run?.made ?? 0, skipped: run?.skipped ?? 0, second, madeAgain: again?.made ?? 0, nodeMs, machineMs };
}

const rows: Awaited<ReturnType<typeof measure>>[] = [];
let pages: Awaited<ReturnType<typeof pagesDuringCutoff>> | null = null;
if (process.env.BENCH_ONLY !== "postgres") {
  const embedded = await openDatabase({ kind: "pglite-memory", preparedStatements: PREPARED });
  try {
    rows.push(await measure("embedded (PGlite)", embedded));
  } finally {
    await embedded.close();
  }
}

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("drop database if exists haat_bench_subs");
  await admin.query("create database haat_bench_subs");
  await admin.end();
  const target = new URL(url);
  target.pathname = "/haat_bench_subs";
  const database = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 10, preparedStatements: PREPARED });
  try {
    rows.push(await measure("PostgreSQL", database));
    pages = await pagesDuringCutoff(database, target.toString());
  } finally {
    await database.close();
  }
}

const table = mdTable(
  [
    "Database",
    "Subscriptions",
    "Cut-off (s)",
    "Orders made",
    "Skipped",
    "Per order (ms)",
    "Job CPU per order (ms)",
    "Machine CPU per order (ms)",
    "Second pass (s)",
    "Made again",
    `Goal < ${GOAL_SECONDS} s`,
  ],
  rows.map((r) => [
    r.name,
    COUNT,
    r.first.toFixed(1),
    r.made,
    r.skipped,
    ((r.first * 1000) / Math.max(1, r.made)).toFixed(1),
    r.nodeMs.toFixed(1),
    r.machineMs.toFixed(1),
    r.second.toFixed(1),
    r.madeAgain,
    r.first < GOAL_SECONDS && r.made === COUNT && r.madeAgain === 0 ? "met" : "MISSED",
  ]),
  ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
);
const pageTable = pages
  ? mdTable(
      ["Signed-out product page (PostgreSQL)", "p50 (ms)", "p99 (ms)", "Requests", "Not 2xx", "p99 ÷ idle", "Bound"],
      [
        ["at rest", pages.idle.p50, pages.idle.p99, pages.idle.requests, pages.idle.non2xx, "1.00", ""],
        [
          `during the next day's cut-off (${pages.made} made in ${pages.seconds.toFixed(1)} s)`,
          pages.during.p50,
          pages.during.p99,
          pages.during.requests,
          pages.during.non2xx,
          (pages.during.p99 / Math.max(1, pages.idle.p99)).toFixed(2),
          pages.during.p99 <= 2 * Math.max(1, pages.idle.p99) ? "met (≤ 2 × idle)" : "MISSED (> 2 × idle)",
        ],
      ],
      ["l", "r", "r", "r", "r", "r", "l"],
    )
  : "";
fs.writeFileSync(
  OUT,
  `# The standing orders' cut-off (npm run bench:subscriptions)\n\nRun ${new Date().toISOString()}, day ${DAY}, each subscription daily.\n\n${table}\n${pageTable ? `\n${pageTable}\n` : ""}`,
);
console.log(table);
if (pageTable) console.log(pageTable);
