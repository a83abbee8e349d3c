// `npm run bench:dashboard` (issue 46): the staff's pages over a shop with 100,000 orders. Seeds
// a year's orders (with their lines, payments, refunds and 'Notify Me' requests) by SQL on the
// embedded database and, with BENCH_DATABASE_URL, on PostgreSQL; then the production server
// answers a signed-in staff member's /staff/dashboard (the budget: under 300 ms), a day's
// orders (the baseline, in the same run), and the order search by phone, name and number.
//
//   BENCH_ORDERS          how many orders (default 100000)
//   BENCH_DATABASE_URL    a PostgreSQL server: a database haat_bench_dash is made afresh on it
//   BENCH_ONLY=postgres   skip the embedded database
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { dashboardDays, WIDGETS } from "../app/domain/dashboard.ts";
import { slotDates } from "../app/domain/delivery.ts";
import { openDatabase, type Database } from "../app/server/db/client.server.ts";
import { seedDemoPins } from "../app/server/shop/delivery.server.ts";
import { createShop, seedDemoCatalog } from "../app/server/shop/open.server.ts";
import { startProductionShop } from "./lib/processes.ts";
import { mdTable } from "./lib/report.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const ORDERS = Number(process.env.BENCH_ORDERS || 100_000);
const BUDGET_MS = 300;
const RUNS = 30;
const OUT = path.resolve(import.meta.dirname, "dashboard-last-run.md");
const STAFF = { name: "Bench Staff", email: "staff@bench.example", phone: "9876543210", password: "bench-staff-password" };

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A year of orders, two thousand regulars, and what the dashboard counts besides. */
async function seed(database: Database): Promise<void> {
  await seedDemoCatalog(database);
  await seedDemoPins(database.db);
  const db = database.db;
  const shop = createShop(database, 0, { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0 });
  const staff = await shop.accounts.register(STAFF);
  await db.execute(sql`update customers set role = 'staff', email_verified_at = now() where id = ${staff.id}`);
  await db.execute(sql`
    insert into customers (name, email, phone, password_hash)
    select 'Regular ' || g, 'regular' || g || '@bench.example', '98' || lpad(g::text, 8, '0'), 'not-a-password' from generate_series(1, 2000) g`);
  // Placed over the past year and the next three days; the most recent days are still to deliver.
  await db.execute(sql`
    insert into orders (customer_id, state, delivery_address, payment_method, subtotal_paise, discount_paise, tax_paise, total_paise, placed_at, order_number, slot_date, slot_kind, stage)
    select c.id, 'confirmed',
           jsonb_build_object('name', c.name, 'phone', c.phone, 'street', '4 Golf Course Road', 'city', 'Gurgaon', 'state', 'Haryana', 'zip', '1220' || lpad((g % 90)::text, 2, '0')),
           case when g % 10 = 0 then 'razorpay' else 'cod' end, s.total, 0, 0, s.total, s.placed, g,
           to_char(s.placed + interval '1 day', 'YYYY-MM-DD'), (array['morning', 'afternoon', 'evening'])[1 + g % 3],
           case when s.placed < now() - interval '2 days' then 'delivered' else 'placed' end
    from generate_series(1, ${ORDERS}) g
    join customers c on c.email = 'regular' || (1 + g % 2000) || '@bench.example'
    cross join lateral (select now() - (((${ORDERS} - g)::float / ${ORDERS}) * 365 || ' days')::interval as placed, 20000 + (g * 7919) % 200000 as total) s`);
  await db.execute(sql`insert into counters (series, last) values ('order', ${ORDERS}) on conflict (series) do update set last = excluded.last`);
  // One to three lines an order, each a different variant.
  await db.execute(sql`
    with v as (select array_agg(id order by id) ids from variants)
    insert into order_lines (order_id, variant_id, quantity, title, attribute, internal_reference, unit_price_paise, mrp_paise, tax_rate, discount_paise, tax_paise)
    select o.id, x.id, 1 + (o.id + k) % 3, p.title, x.attribute, x.internal_reference, x.price_paise, x.mrp_paise, 5, 0, 0
    from orders o cross join v cross join generate_series(1, 3) k
    join variants x on x.id = v.ids[1 + (o.id * 7 + k * 13) % array_length(v.ids, 1)]
    join products p on p.id = x.product_id
    where k <= 1 + o.id % 3`);
  // Online payments: most paid, one in twenty-five failed and never paid; a refund for one in a hundred paid.
  await db.execute(sql`
    insert into payments (order_id, method, status, amount_paise, failure_reason, paid_at, updated_at)
    select id, 'razorpay', case when id % 250 = 0 then 'pending' else 'captured' end, total_paise,
           case when id % 250 = 0 then 'Card declined' end, case when id % 250 = 0 then null else placed_at end, placed_at
    from orders where payment_method = 'razorpay'`);
  await db.execute(sql`
    insert into refunds (payment_id, amount_paise, reason, idempotency_key, status, created_at)
    select id, 1000, 'short', 'bench-' || id, 'processed', paid_at from payments where paid_at is not null and id % 10 = 0`);
  await db.execute(sql`
    insert into stock_requests (customer_id, variant_id)
    select c.id, v.id from customers c join variants v on v.id % 17 = c.id % 17 where c.email like 'regular%' and c.id % 5 = 0`);
  await db.execute(sql`analyze`);
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/signin`, {
    method: "POST",
    body: new URLSearchParams({ email: STAFF.email, password: STAFF.password }),
    headers: { origin },
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().find((c) => /^(__Host-)?haat_session=/.test(c));
  if (response.status !== 303 || !session) throw new Error(`Signing the bench's staff in answered ${response.status}.`);
  return session.split(";")[0]!;
}

/** A page's time to its last byte, `RUNS` times after 3 to warm it: p50 and p95 in ms. */
async function time(url: string, cookie: string): Promise<{ p50: number; p95: number; bytes: number }> {
  const once = async () => {
    const t = performance.now();
    const response = await fetch(url, { headers: { cookie, "accept-encoding": "br" } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}.`);
    return { ms: performance.now() - t, bytes: body.byteLength };
  };
  for (let i = 0; i < 3; i++) await once();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { p50: ms[Math.floor(RUNS * 0.5)]!, p95: ms[Math.floor(RUNS * 0.95)]!, bytes: runs[0]!.bytes };
}

/** Each widget's query alone, in this process: p50 in ms. */
async function widgetTimes(database: Database): Promise<Record<string, number>> {
  const shop = createShop(database, 0, { razorpay: null, publicOrigin: "http://localhost:3000", prepaidPercent: 0 });
  const days = dashboardDays(new Date());
  const out: Record<string, number> = {};
  for (const key of WIDGETS) {
    const ms: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      await shop.staff.figures(key, days);
      ms.push(performance.now() - t);
    }
    out[key] = ms.sort((a, b) => a - b)[6]!;
  }
  return out;
}

async function measure(name: string, database: Database, env: Record<string, string>, close: () => Promise<void>) {
  const t0 = performance.now();
  await seed(database);
  const seeded = (performance.now() - t0) / 1000;
  const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from orders`)) as [{ n: number }];
  const widgets = await widgetTimes(database);
  const [regular] = rowsOf<{ phone: string; name: string }>(await database.db.execute(sql`select phone, name from customers where email = 'regular1234@bench.example'`));
  // The embedded database is one process's: the bench lets go of it before the server opens it.
  await close();
  const server = await startProductionShop(REPO, "bench-dash", { ...env, SEED_DEMO: "false" });
  try {
    const cookie = await signIn(server.origin);
    const page = (p: string) => time(`${server.origin}${p}`, cookie);
    const day = slotDates(new Date())[0]!;
    const result = {
      name,
      orders: n,
      seeded,
      widgets,
      baseline: await page(`/staff/orders?day=${day}`),
      dashboard: await page("/staff/dashboard"),
      phone: await page(`/staff/orders?q=${encodeURIComponent(`+91 ${regular!.phone}`)}`),
      shopperName: await page(`/staff/orders?q=${encodeURIComponent(regular!.name)}`),
      number: await page(`/staff/orders?q=${encodeURIComponent(`#${Math.floor(ORDERS / 2)}`)}`),
    };
    console.log(
      `${name}: ${n} orders seeded in ${seeded.toFixed(1)} s; dashboard p50 ${result.dashboard.p50.toFixed(0)} ms, p95 ${result.dashboard.p95.toFixed(0)} ms; a day's orders p50 ${result.baseline.p50.toFixed(0)} ms`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

const results: Awaited<ReturnType<typeof measure>>[] = [];
if (process.env.BENCH_ONLY !== "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-dash-"));
  try {
    const embedded = await openDatabase({ kind: "pglite", dir: path.join(dataDir, "pglite") });
    results.push(await measure("embedded (PGlite)", embedded, { DATA_DIR: dataDir }, () => embedded.close()));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("drop database if exists haat_bench_dash");
  await admin.query("create database haat_bench_dash");
  await admin.end();
  const target = new URL(url);
  target.pathname = "/haat_bench_dash";
  // DATABASE_PREPARED_STATEMENTS=false measures it as before decision 090 (the server reads it too).
  const database = await openDatabase({
    kind: "postgres",
    url: target.toString(),
    poolSize: 10,
    preparedStatements: !["false", "0", "no"].includes(process.env.DATABASE_PREPARED_STATEMENTS ?? ""),
  });
  results.push(await measure("PostgreSQL", database, { DATABASE_URL: target.toString() }, () => database.close()));
}

const ms = (n: number) => n.toFixed(0);
const pages = mdTable(
  [
    "Database",
    "Orders",
    "Dashboard p50 (ms)",
    "p95 (ms)",
    "A day's orders p50 (ms)",
    "Dashboard ÷ a day's orders",
    "Phone search p50",
    "Name search p50",
    "Number search p50",
    `Budget < ${BUDGET_MS} ms`,
  ],
  results.map((r) => [
    r.name,
    r.orders,
    ms(r.dashboard.p50),
    ms(r.dashboard.p95),
    ms(r.baseline.p50),
    `${(r.dashboard.p50 / r.baseline.p50).toFixed(1)} ×`,
    ms(r.phone.p50),
    ms(r.shopperName.p50),
    ms(r.number.p50),
    r.dashboard.p95 < BUDGET_MS ? "met" : "MISSED",
  ]),
  ["l", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
);
const queries = mdTable(
  ["Database", ...WIDGETS.map((w) => `${w} (ms)`)],
  results.map((r) => [r.name, ...WIDGETS.map((w) => r.widgets[w]!.toFixed(1))]),
  ["l", ...WIDGETS.map(() => "r" as const)],
);
const report = `# Staff dashboard bench (last run)

${new Date().toISOString()}, ${os.cpus().length} cores. Each page ${RUNS} times after 3 to warm it, one at a time, signed in as staff, Brotli.

${pages}

Each widget's one query alone (p50 of 12, in the bench's process):

${queries}
`;
fs.writeFileSync(OUT, report);
console.log(report);
