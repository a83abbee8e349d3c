// npm run bench:prepared [-- --rounds=N] [-- --embedded]: what preparing each statement's text once
// per connection gives on PostgreSQL, or with --embedded on PGlite (decision 090). Two production
// servers over one fresh demo database (embedded, each its own), one with
// DATABASE_PREPARED_STATEMENTS=false (every statement parsed and planned each time, as before) and
// one with the default; each page of a signed-in shopper (the pages that ask the database) loaded
// by one server then the other, the order turned each round. Requests per second at 8
// connections, and the CPU both the server and PostgreSQL spent per request (the whole machine's).
// The medians of `rounds` (3) runs. Needs BENCH_DATABASE_URL, but for --embedded. Writes
// bench/prepared-last-run.md (prepared-embedded-last-run.md).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { loadTest } from "./lib/load.ts";
import { preparedDatabase } from "./lib/cluster.ts";
import { cpuSecondsOf, machineBusySeconds, SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { mdTable, median, ratio } from "./lib/report.ts";
import { signedInWithCart } from "./lib/signed-in.ts";

const repo = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PRODUCT = "/product/1?variant=GP-DRY-ALM-250G";
const ALL_PAGES = [
  { name: "cart", path: "/cart" },
  { name: "review order", path: "/revieworder" },
  { name: "my orders", path: "/orders" },
  { name: "product, signed in", path: PRODUCT },
];
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(arg("rounds") ?? 3);
// --page=product: only the pages whose name has it.
const PAGES = ALL_PAGES.filter((page) => page.name.includes(arg("page") ?? ""));
const embedded = process.argv.includes("--embedded");
const url = process.env.BENCH_DATABASE_URL;
if (!url && !embedded) {
  console.error("bench:prepared measures PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test), or pass --embedded.");
  process.exit(2);
}

const database = embedded ? null : await preparedDatabase(url!, "haat_bench_prepared", true);
// Embedded, each server seeds a demo database of its own in its own data directory.
const common = { ...(database && { DATABASE_URL: database }), SEED_DEMO: "true", PAGE_CACHE_SECONDS: "0" };

type Server = "unnamed" | "named";
const results = new Map<string, { rps: number; cpuMs: number; serverMs: number }[]>();
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));
try {
  // Started one after the other: the first seeds the demo under the startup lock, the second finds it.
  // BENCH_FIRST=unnamed starts that one first: two identical servers can differ by their order of starting.
  const start = {
    unnamed: () => startProductionShop(repo, "bench-unnamed", { ...common, DATABASE_PREPARED_STATEMENTS: "false" }),
    named: () => startProductionShop(repo, "bench-named", common),
  };
  const [first, second]: Server[] = process.env.BENCH_FIRST === "unnamed" ? ["unnamed", "named"] : ["named", "unnamed"];
  const started = { [first]: await start[first]() } as Record<Server, Awaited<ReturnType<typeof startProductionShop>>>;
  started[second] = await start[second]();
  const servers = started;
  try {
    const notes: string[] = [];
    const cookies = {
      unnamed: await signedInWithCart(servers.unnamed.origin, PRODUCT, notes),
      named: await signedInWithCart(servers.named.origin, PRODUCT, notes),
    };
    if (!cookies.unnamed || !cookies.named) throw new SetupError(`The bench shopper could not sign in: ${notes.join(" ")}`);
    for (let round = 0; round < rounds; round++) {
      const order: Server[] = round % 2 === 0 ? ["unnamed", "named"] : ["named", "unnamed"];
      for (const page of PAGES) {
        for (const server of order) {
          const busy0 = machineBusySeconds();
          const own0 = cpuSecondsOf(servers[server].pid);
          const run = await loadTest(servers[server].origin + page.path, { seconds: SECONDS, warmupSeconds: 1, connections: 8, acceptEncoding: "br", cookie: cookies[server]! });
          const busy = machineBusySeconds() - busy0;
          const own = cpuSecondsOf(servers[server].pid) - own0;
          if (run.non2xx > 0 || run.errors > 0) throw new SetupError(`${page.name} on ${server}: ${run.non2xx} answers not 2xx, ${run.errors} errors`);
          const key = `${page.name}|${server}`;
          results.set(key, [...(results.get(key) ?? []), { rps: run.rps, cpuMs: (busy * 1000) / Math.max(1, run.requests), serverMs: (own * 1000) / Math.max(1, run.requests) }]);
          console.log(
            `round ${round + 1}: ${page.name} on ${server}: ${Math.round(run.rps)} req/s, ${((busy * 1000) / Math.max(1, run.requests)).toFixed(2)} ms of machine CPU per request`,
          );
        }
      }
    }
  } finally {
    await servers.unnamed.stop();
    await servers.named.stop();
  }
} finally {
  if (database) {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query("drop database if exists haat_bench_prepared with (force)");
    await cleanup.end();
  }
}

const of = (page: string, server: Server, field: "rps" | "cpuMs" | "serverMs") => median((results.get(`${page}|${server}`) ?? []).map((r) => r[field]));
const table = mdTable(
  [
    `Page (${embedded ? "embedded" : "PostgreSQL"}, signed in)`,
    "Unnamed req/s",
    "Prepared req/s",
    "Prepared ÷ unnamed",
    "Unnamed CPU/request (ms)",
    "Prepared CPU/request (ms)",
    "Unnamed server's own (ms)",
    "Prepared server's own (ms)",
  ],
  PAGES.map((p) => {
    const [a, b] = [of(p.name, "unnamed", "rps"), of(p.name, "named", "rps")];
    return [
      p.name,
      Math.round(a),
      Math.round(b),
      ratio(b / a),
      of(p.name, "unnamed", "cpuMs").toFixed(2),
      of(p.name, "named", "cpuMs").toFixed(2),
      of(p.name, "unnamed", "serverMs").toFixed(2),
      of(p.name, "named", "serverMs").toFixed(2),
    ];
  }),
  ["l", "r", "r", "r", "r", "r", "r", "r"],
);
const out = path.resolve(import.meta.dirname, embedded ? "prepared-embedded-last-run.md" : "prepared-last-run.md");
fs.writeFileSync(
  out,
  `# Prepared statements on ${embedded ? "the embedded database (npm run bench:prepared -- --embedded)" : "PostgreSQL (npm run bench:prepared)"}\n\nRun ${new Date().toISOString()}: ${rounds} rounds in turned order, ${SECONDS} s per page and server at 8 connections, page cache off; medians. CPU is the whole machine's (servers, ${embedded ? "" : "PostgreSQL, "}load generator) per request, and the server process's own.\n\n${table}\n`,
);
console.log(table);
