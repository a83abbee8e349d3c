// `npm run profile`: where a signed-in page's time goes under load (issue 30: find the time
// before moving it). The production shop runs under `node --cpu-prof` on a fresh embedded
// database (or a fresh PostgreSQL database with --database), a bench shopper signs in with a
// cart line and an address, and each page is loaded at 32 connections for BENCH_SECONDS (10);
// then the profile's self time is summed by package (or the shop's own bundle, Node's
// internals, the garbage collector) and its busiest functions listed.
//
//   npm run profile [-- /products /addtocart] [-- --database=postgres://postgres@127.0.0.1:5432/postgres] [-- --first-order]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { preparedDatabase } from "./lib/cluster.ts";
import { busySamples, ownerOf, readProfile, type CpuProfile } from "./lib/cpu-profile.ts";
import { firstProductPath } from "./lib/js-weight.ts";
import { loadTest } from "./lib/load.ts";
import { SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { signedInWithCart } from "./lib/signed-in.ts";

const repo = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const database = args.find((a) => a.startsWith("--database="))?.slice(11);
// A first order's shopper (issue 43): no saved address, so Review Order has the delivery form.
const firstOrder = args.includes("--first-order");
const pages = args.filter((a) => a.startsWith("/"));
const seconds = Number(process.env.BENCH_SECONDS ?? 10) || 10;

/** Self time of the samples taken in [from, to] µs before the profile's end (the load, not the start-up). */
function summarise(profile: CpuProfile, window: { from: number; to: number }, top = 20): string {
  const busy = busySamples(profile, window);
  const total = busy.reduce((sum, { us }) => sum + us, 0) || 1;
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const { node, us } of busy) {
    const frame = node.callFrame;
    const owner = ownerOf(frame, repo);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const name = `${frame.functionName || "(anonymous)"} ${owner}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`);
  return [`busy ${(total / 1e6).toFixed(1)} s`, "by owner:", ...rows(owners, 15), "busiest functions (self time):", ...rows(functions, top)].join("\n");
}

async function main() {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-profile-"));
  const env = database ? { DATABASE_URL: await preparedDatabase(database, "haat_profile", true) } : {};
  for (const page of pages.length ? pages : ["/products"]) {
    const dir = path.join(profileDir, page.replace(/\W+/g, "_"));
    const { origin, stop } = await startProductionShop(repo, "profile", env, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
    let loaded = { start: 0, end: 0 };
    try {
      const listing = await (await fetch(`${origin}/products`)).text();
      const productPath = firstProductPath(listing);
      const notes: string[] = [];
      const cookie = await signedInWithCart(origin, productPath, notes, { address: !firstOrder });
      if (!cookie) throw new SetupError(notes.join(" "));
      const at = page === "/product" ? (productPath ?? page) : page;
      loaded.start = performance.now();
      const result = await loadTest(origin + at, { seconds, warmupSeconds: 2, connections: 32, acceptEncoding: process.env.BENCH_ACCEPT_ENCODING || "gzip, deflate, br", cookie });
      loaded.end = performance.now();
      console.log(`\n${at} signed in: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.non2xx} non-2xx`);
    } finally {
      await stop();
      // From the load's start to the process's end, and from the load's end: the profile's window, in µs.
      const ended = performance.now();
      loaded = { start: (ended - loaded.start) * 1000, end: (ended - loaded.end) * 1000 };
    }
    const profile = readProfile(dir);
    if (!profile) throw new SetupError(`No profile was written in ${dir}.`);
    console.log(summarise(profile, { from: loaded.start, to: loaded.end }));
    console.log(`profile: ${dir}`);
  }
}

main().catch(async (error) => {
  console.error(error instanceof SetupError ? `${error.message}\n${error.output.slice(-4000)}` : error);
  await stopAll();
  process.exit(1);
});
