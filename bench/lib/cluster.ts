// A real cluster on this machine (issue 16): several production instances of the shop on one
// PostgreSQL behind HAProxy from Debian (round robin, health checks on /readyz, retries of
// idempotent requests only), or one instance on the embedded database for comparison.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, SetupError, startServer, type RunningServer } from "./processes.ts";

export interface Instance {
  name: string;
  port: number;
  server: RunningServer | null;
  /** kill -9: no shutdown, no goodbye to the balancer. */
  kill9(): Promise<void>;
  /** Starts it again on the same port; resolves when it answers /readyz. */
  restart(): Promise<number>;
}

export interface Cluster {
  /** Where shoppers go: the balancer, or the one instance. */
  origin: string;
  instances: Instance[];
  kind: "postgres" | "pglite";
  databaseUrl: string | null;
  dataDir: string | null;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  repo: string;
  /** Instances behind the balancer (PostgreSQL), at least 2. */
  size: number;
  /** PostgreSQL server URL; the cluster's own database is created (and dropped again when `fresh`). */
  databaseUrl: string;
  database: string;
  fresh: boolean;
  /** The balancer's port (0: any free one). */
  port: number;
  sessionSecret: string;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/** The shop's settings for a run from one machine: its shoppers all come from 127.0.0.1. */
export function loadTestEnv(): Record<string, string> {
  const many = "1000000";
  return {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    // Every shopper of a load test comes from one address: the per-address limits would
    // stop the test, not an attack. The per-account limits stay as they are.
    RATE_LIMIT_SIGNUP_PER_ADDRESS: many,
    RATE_LIMIT_SIGNIN_PER_ADDRESS: many,
    RATE_LIMIT_CONTACT_PER_ADDRESS: many,
    RATE_LIMIT_NEWSLETTER_PER_ADDRESS: many,
  };
}

function which(command: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).concat(["/usr/sbin", "/sbin"])) {
    const file = path.join(dir, command);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * HAProxy's configuration: deploy/haproxy.cfg (round robin, /readyz checked every second,
 * idempotent requests retried on another instance), bound to `port` on the loopback with `servers`.
 */
export function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  const deployed = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/haproxy.cfg"), "utf8");
  const kept = deployed.split("\n").filter((line) => !/^\s*server /.test(line));
  const bind = kept.findIndex((line) => /^\s*bind /.test(line));
  if (bind < 0 || kept.length === deployed.split("\n").length) throw new Error("deploy/haproxy.cfg has no bind line or no server lines");
  kept[bind] = `  bind 127.0.0.1:${port}`;
  return `${kept.join("\n").trimEnd()}\n${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join("\n")}\n`;
}

/**
 * The URL of database `name` on the PostgreSQL server `serverUrl`, created when missing;
 * with `fresh`, dropped first (its connections ended), so a run starts from nothing.
 */
export async function preparedDatabase(serverUrl: string, name: string, fresh: boolean): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new SetupError(`Not a database name: ${name}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function instanceOf(opts: { repo: string; name: string; port: number; env: NodeJS.ProcessEnv }): Instance {
  const start = async () =>
    startServer({
      name: opts.name,
      argv: [process.execPath, "server.ts"],
      cwd: opts.repo,
      env: { ...opts.env, PORT: String(opts.port) },
      port: opts.port,
      readyPath: "/readyz",
      timeoutSeconds: 120,
    });
  const instance: Instance = {
    name: opts.name,
    port: opts.port,
    server: null,
    async kill9() {
      const server = instance.server;
      if (!server) return;
      instance.server = null;
      await server.kill9();
    },
    async restart() {
      const started = performance.now();
      instance.server = await start();
      return (performance.now() - started) / 1000;
    },
  };
  return instance;
}

/** Starts `size` instances on one PostgreSQL behind HAProxy. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const log = o.log ?? (() => {});
  const haproxy = which("haproxy");
  if (!haproxy) throw new SetupError("HAProxy is not installed: as root, `apt-get install -y haproxy`.");
  if (o.size < 2) throw new SetupError("A cluster has at least 2 instances.");
  const dbUrl = new URL(await preparedDatabase(o.databaseUrl, o.database, o.fresh));
  const port = o.port || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...loadTestEnv(),
    DATABASE_URL: dbUrl.toString(),
    SESSION_SECRET: o.sessionSecret,
    PUBLIC_ORIGIN: origin,
    // The balancer is the one proxy in front: it says who the shopper is.
    TRUST_PROXY: "loopback",
    SEED_DEMO: "true",
    ...o.env,
  };
  const instances: Instance[] = [];
  for (let i = 1; i <= o.size; i++) instances.push(instanceOf({ repo: o.repo, name: `shop-${i}`, port: await freePort(), env }));
  // All at once, as a deploy would: the startup lock decides who migrates and seeds.
  const seconds = await Promise.all(instances.map((i) => i.restart()));
  log(`${o.size} instances ready on PostgreSQL ${dbUrl.pathname.slice(1)} (${seconds.map((s) => s.toFixed(1)).join(", ")} s)`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-haproxy-"));
  const cfg = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(cfg, haproxyConfig(port, instances));
  const lb: ChildProcess = spawn(haproxy, ["-f", cfg, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let lbOutput = "";
  lb.stdout?.on("data", (c: Buffer) => (lbOutput += c.toString()));
  lb.stderr?.on("data", (c: Buffer) => (lbOutput += c.toString()));
  const deadline = performance.now() + 15_000;
  for (;;) {
    if (lb.exitCode !== null) throw new SetupError(`HAProxy exited (${lb.exitCode})`, lbOutput);
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not yet
    }
    if (performance.now() > deadline) throw new SetupError("HAProxy did not answer within 15 s", lbOutput);
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`HAProxy balancing on ${origin}`);
  return {
    origin,
    instances,
    kind: "postgres",
    databaseUrl: dbUrl.toString(),
    dataDir: null,
    async stop() {
      lb.kill("SIGTERM");
      await Promise.all(instances.map((i) => i.server?.stop()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One instance on the embedded database, in a data directory of its own. */
export async function startEmbedded(o: { repo: string; sessionSecret: string; env?: Record<string, string>; dataDir?: string }): Promise<Cluster> {
  const dataDir = o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "haat-embedded-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...loadTestEnv(), DATA_DIR: dataDir, SESSION_SECRET: o.sessionSecret, PUBLIC_ORIGIN: origin, ...o.env };
  delete env.DATABASE_URL;
  const instance = instanceOf({ repo: o.repo, name: "shop-embedded", port, env });
  await instance.restart();
  return {
    origin,
    instances: [instance],
    kind: "pglite",
    databaseUrl: null,
    dataDir,
    async stop() {
      await instance.server?.stop();
    },
  };
}
