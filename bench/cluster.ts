// `npm run cluster`: the shop as a cluster on this machine (issue 16): two or more instances
// (CLUSTER_SIZE, default 2) on one PostgreSQL (DATABASE_URL: a server; the shop's database
// CLUSTER_DATABASE, default haat_cluster, is created when missing) behind HAProxy on
// CLUSTER_PORT (default 8080). It runs until Ctrl-C. `npm run load` starts its own.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startCluster } from "./lib/cluster.ts";
import { runCommand, SetupError, stopAll } from "./lib/processes.ts";

const repo = path.resolve(import.meta.dirname, "..");
const log = (line: string) => console.log(`[cluster] ${line}`);

async function main() {
  const build = await runCommand([process.execPath, "scripts/build-if-needed.ts"], { cwd: repo, what: "the build" });
  if (build.code !== 0) throw new SetupError("The build failed.", build.output);
  // One secret for every instance, kept across runs, so a session started on one is good on all.
  const secretFile = path.join(repo, "data", "cluster-session-secret");
  fs.mkdirSync(path.dirname(secretFile), { recursive: true });
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  const cluster = await startCluster({
    repo,
    size: Number(process.env.CLUSTER_SIZE || 2),
    databaseUrl: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
    database: process.env.CLUSTER_DATABASE || "haat_cluster",
    fresh: false,
    port: Number(process.env.CLUSTER_PORT || 8080),
    sessionSecret: process.env.SESSION_SECRET || fs.readFileSync(secretFile, "utf8").trim(),
    log,
  });
  for (const i of cluster.instances) log(`${i.name}: http://127.0.0.1:${i.port} (pid ${i.server?.pid})`);
  log(`shop: ${cluster.origin}  (Ctrl-C stops everything)`);
  const stop = async () => {
    log("stopping");
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch(async (error) => {
  console.error(error instanceof SetupError ? `${error.message}\n${error.output.slice(-4000)}` : error);
  await stopAll();
  process.exit(1);
});
