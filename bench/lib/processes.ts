// Child processes for the bench: one-shot commands (builds, the catalogue import) and
// production servers that are started, polled until ready, and always stopped again.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, execSync, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

const live = new Set<ChildProcess>();

// Whatever happens to the harness, no server it started outlives it.
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Keeps the last `limit` characters a process wrote, to show when it fails. */
class Tail {
  private text = "";
  private readonly limit: number;
  constructor(limit = 64_000) {
    this.limit = limit;
  }
  push(chunk: Buffer | string): void {
    this.text += chunk.toString();
    if (this.text.length > this.limit) this.text = this.text.slice(-this.limit);
  }
  toString(): string {
    return this.text;
  }
}

export class SetupError extends Error {
  readonly output: string;
  constructor(message: string, output = "") {
    super(message);
    this.output = output;
  }
}

/** Splits a command line on spaces; `node` means the Node running the bench (v24 under npm). */
export function parseCommand(line: string): string[] {
  const argv = line.trim().split(/\s+/).filter(Boolean);
  if (argv[0] === "node") argv[0] = process.execPath;
  return argv;
}

export interface CommandResult {
  code: number | null;
  output: string;
  seconds: number;
}

/** Runs a command to completion, quietly; throws a SetupError with its output when it fails. */
export async function runCommand(argv: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; what: string }): Promise<CommandResult> {
  const started = performance.now();
  const tail = new Tail();
  const child = spawn(argv[0], argv.slice(1), {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  child.stdout.on("data", (c: Buffer) => tail.push(c));
  child.stderr.on("data", (c: Buffer) => tail.push(c));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (c) => resolve(c));
  }).finally(() => live.delete(child));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new SetupError(`${opts.what} failed (exit ${code}): ${argv.join(" ")}`, tail.toString());
  return { code, output: tail.toString(), seconds };
}

/** A free TCP port on 127.0.0.1 (asked of the OS, then released for the server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  name: string;
  /** e.g. http://127.0.0.1:43121 */
  origin: string;
  pid: number;
  startSeconds: number;
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process ends mid-whatever (a fault to survive). */
  kill9(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a server with stdout and stderr captured (not shown), and waits until
 * `readyPath` answers 200. Throws a SetupError with the server's output when it exits
 * early or is not ready within the timeout.
 */
export async function startServer(opts: {
  name: string;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  timeoutSeconds: number;
}): Promise<RunningServer> {
  const started = performance.now();
  const tail = new Tail();
  const child = spawn(opts.argv[0], opts.argv.slice(1), {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  child.stdout.on("data", (c: Buffer) => tail.push(c));
  child.stderr.on("data", (c: Buffer) => tail.push(c));
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let spawnError: Error | null = null;
  const exit = new Promise<void>((resolve) => {
    child.on("error", (error) => {
      spawnError = error;
      resolve();
    });
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      live.delete(child);
      resolve();
    });
  });

  const origin = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (exited || spawnError) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = started + opts.timeoutSeconds * 1000;
  for (;;) {
    if (spawnError) throw new SetupError(`${opts.name}: could not start ${opts.argv.join(" ")}: ${(spawnError as Error).message}`);
    if (exited) {
      const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new SetupError(`${opts.name} exited before it was ready (code ${code}, signal ${signal})`, tail.toString());
    }
    try {
      const res = await fetch(origin + opts.readyPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await stop();
      throw new SetupError(`${opts.name} did not answer 200 on ${opts.readyPath} within ${opts.timeoutSeconds} s`, tail.toString());
    }
    await sleep(200);
  }
  return {
    name: opts.name,
    origin,
    pid: child.pid ?? -1,
    startSeconds: (performance.now() - started) / 1000,
    output: () => tail.toString(),
    stop,
    async kill9() {
      if (exited || spawnError) return;
      child.kill("SIGKILL");
      await exit;
    },
  };
}

/** SIGTERM every live child (used on Ctrl-C before exiting). */
export async function stopAll(): Promise<void> {
  for (const child of live) child.kill("SIGTERM");
  await sleep(500);
  for (const child of live) child.kill("SIGKILL");
}

/**
 * The shop as a tool measures it (npm run lighthouse, npm run bench:mobile): the production
 * build (made when the sources are newer) on a fresh embedded database of its own. `stop()`
 * ends the server and removes its data.
 */
export async function startProductionShop(
  repo: string,
  name: string,
  extraEnv: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
): Promise<{ origin: string; pid: number; output(): string; stop(): Promise<void> }> {
  const build = await runCommand([process.execPath, "scripts/build-if-needed.ts"], { cwd: repo, what: "the build" });
  if (build.code !== 0) throw new SetupError("The build failed.", build.output);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `haat-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: "shop",
    argv: [process.execPath, ...nodeArgs, "server.ts"],
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...extraEnv,
    },
    port,
    readyPath: "/readyz",
    timeoutSeconds: 120,
  });
  return {
    origin,
    pid: server.pid,
    output: () => server.output(),
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Seconds of CPU the whole machine has spent busy (Linux's /proc/stat: user, nice, system, irq, softirq): every process alike, PostgreSQL too. */
export function machineBusySeconds(): number {
  const ticks = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (ticks[0]! + ticks[1]! + ticks[2]! + ticks[5]! + ticks[6]!) / 100;
}

/** Seconds of CPU a process has used so far, user and system (Linux's /proc/<pid>/stat, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime: the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The shop at `rev` (a bench's baseline), unpacked in the temporary directory beside `repo` and sharing its node_modules. */
export function baselineCheckout(repo: string, rev: string, name: string): { dir: string; sha: string } {
  const sha = execFileSync("git", ["rev-parse", `${rev}^{commit}`], { cwd: repo, encoding: "utf8" }).trim();
  const dir = path.join(os.tmpdir(), `haat-${name}-baseline-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
  }
  return { dir, sha };
}
