// The data directory lock: who holds it, and which leftovers are taken over (issue 10).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataDirLockedError, HEARTBEAT_MS, LEASE_MS, lockDataDir, lockHolder, parseStartTime } from "./lock.server.ts";

const HAS_PROC = fs.existsSync("/proc/self/stat") && fs.existsSync("/proc/sys/kernel/random/boot_id");
const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-lock-"));
  dirs.push(dir);
  return dir;
};
const lockFile = (dir: string) => path.join(dir, "server.lock");
const children: ChildProcess[] = [];
const releases: (() => void)[] = [];

afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Read here independently of the module under test, so a wrong parser there shows.
function startOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
}
const bootId = () => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

/** A live process that is not this one; its name has spaces and parentheses, as a command name may. */
async function otherProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", `process.title = "x) (y z"; console.log("ready"); setTimeout(() => {}, 60000)`], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("error", reject);
  });
  return child.pid!;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

function take(dir: string) {
  const release = lockDataDir(dir);
  releases.push(release);
  return release;
}

/** The lock file now holds this process's record. */
function expectOurs(dir: string) {
  const record = JSON.parse(fs.readFileSync(lockFile(dir), "utf8")) as unknown;
  expect(record).toEqual(HAS_PROC ? { pid: process.pid, start: startOf(process.pid), boot: bootId(), ns: fs.readlinkSync("/proc/self/ns/pid") } : { pid: process.pid });
}

describe("lockDataDir", () => {
  it("records pid, start time and boot id, and release removes the lock", () => {
    const dir = tmp();
    const release = take(dir);
    expectOurs(dir);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it("takes over an old-format lock naming this process's own pid (a former life of the pid, as PID 1 in a container)", () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), String(process.pid));
    take(dir);
    expectOurs(dir);
  });

  it.skipIf(!HAS_PROC)("takes over a new-format lock naming this process's own pid", () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, start: startOf(process.pid), boot: bootId() }));
    take(dir);
    expectOurs(dir);
  });

  it("refuses a second lock on the same directory in this same life", () => {
    const dir = tmp();
    take(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expectOurs(dir);
  });

  it.skipIf(!HAS_PROC)("refuses a lock held by a live other process with its start time and boot id", async () => {
    const dir = tmp();
    const pid = await otherProcess();
    const text = JSON.stringify({ pid, start: startOf(pid), boot: bootId() });
    fs.writeFileSync(lockFile(dir), text);
    expect(() => lockDataDir(dir)).toThrow(
      `The data directory ${dir} is in use by a running Haat server (pid ${pid}). Stop the server first: two processes on one embedded database corrupt it.`,
    );
    expect(lockHolder(dir)).toBe(pid);
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(text);
  });

  it("refuses an old-format lock naming a live other process", async () => {
    const dir = tmp();
    const pid = await otherProcess();
    fs.writeFileSync(lockFile(dir), String(pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it.skipIf(!HAS_PROC)("takes over a lock whose live pid started at another time (a reused pid)", async () => {
    const dir = tmp();
    const pid = await otherProcess();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: startOf(pid) - 100, boot: bootId() }));
    expect(lockHolder(dir)).toBeUndefined();
    take(dir);
    expectOurs(dir);
  });

  it.skipIf(!HAS_PROC)("takes over a lock written before a reboot (another boot id), even if its pid is alive again", async () => {
    const dir = tmp();
    const pid = await otherProcess();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: startOf(pid), boot: "00000000-0000-0000-0000-000000000000" }));
    take(dir);
    expectOurs(dir);
  });

  it("takes over a lock naming a dead pid, in either format", async () => {
    for (const format of ["old", "new"] as const) {
      const dir = tmp();
      const pid = await deadPid();
      fs.writeFileSync(lockFile(dir), format === "old" ? String(pid) : JSON.stringify({ pid, start: 1, boot: HAS_PROC ? bootId() : "x" }));
      take(dir);
      expectOurs(dir);
    }
  });

  it("clears the claims left by a starter that died while taking a stale lock over", async () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), String(await deadPid()));
    fs.writeFileSync(`${lockFile(dir)}.takeover-0123456789abcdef-0`, String(await deadPid()));
    take(dir);
    expectOurs(dir);
    expect(fs.readdirSync(dir)).toEqual(["server.lock"]);
  });

  it("release removes only our own lock", async () => {
    const dir = tmp();
    const release = take(dir);
    // Taken over meanwhile (say, by hand): the file is someone else's now.
    const theirs = String(await otherProcess());
    fs.writeFileSync(lockFile(dir), theirs);
    release();
    expect(fs.readFileSync(lockFile(dir), "utf8")).toBe(theirs);
  });

  it("of three processes starting at once on one directory, exactly one takes the lock", async () => {
    const url = pathToFileURL(path.join(import.meta.dirname, "lock.server.ts")).href;
    // Each says it is ready, is told the moment to start (the same for all), tries, reports,
    // and keeps what it got until it is killed.
    const script = `
      import { lockDataDir } from ${JSON.stringify(url)};
      console.log("ready");
      process.stdin.once("data", (data) => {
        const at = Number(String(data));
        while (Date.now() < at);
        let outcome;
        try { lockDataDir(process.argv[1]); outcome = "won"; } catch (error) { outcome = error.pid !== undefined ? "refused " + error.pid : String(error); }
        console.log(outcome);
      });
    `;
    for (let round = 0; round < 4; round++) {
      const dir = tmp();
      // Half the rounds start on a stale lock, so they also race to take it over.
      if (round % 2 === 1) fs.writeFileSync(lockFile(dir), String(await deadPid()));
      const racers = [0, 1, 2].map(() => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir], { stdio: ["pipe", "pipe", "inherit"] });
        children.push(child);
        const lines: string[] = [];
        const waiters: (() => void)[] = [];
        child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
          lines.push(...chunk.split("\n").filter(Boolean));
          waiters.splice(0).forEach((wake) => wake());
        });
        const line = async (n: number) => {
          while (lines.length <= n) await new Promise<void>((resolve) => waiters.push(resolve));
          return lines[n];
        };
        return { child, line };
      });
      await Promise.all(racers.map((r) => r.line(0)));
      const at = String(Date.now() + 100);
      for (const r of racers) r.child.stdin!.write(at);
      const results = await Promise.all(racers.map(async (r) => ({ pid: r.child.pid!, outcome: await r.line(1) })));
      const winners = results.filter((r) => r.outcome === "won");
      expect(winners, JSON.stringify(results)).toHaveLength(1);
      for (const loser of results.filter((r) => r !== winners[0])) expect(loser.outcome).toBe(`refused ${winners[0].pid}`);
      expect((JSON.parse(fs.readFileSync(lockFile(dir), "utf8")) as { pid: number }).pid).toBe(winners[0].pid);
      expect(fs.readdirSync(dir)).toEqual(["server.lock"]); // no file set aside was left behind
      for (const child of children.splice(0)) child.kill("SIGKILL");
    }
  });
});

describe("parseStartTime", () => {
  it("reads field 22 after the last ')', whatever the command name holds", () => {
    const after = ["S", ...Array.from({ length: 18 }, (_, i) => String(i + 4)), "987654", "23", "24"];
    expect(after[19]).toBe("987654");
    expect(parseStartTime(`4242 (a) b (c)) d) ${after.join(" ")}\n`)).toBe(987654);
    expect(parseStartTime(`4242 (plain) ${after.join(" ")}`)).toBe(987654);
    expect(parseStartTime("garbage")).toBeUndefined();
  });
});

describe.skipIf(!HAS_PROC)("a lock from another PID namespace (a container sharing the volume)", () => {
  // PID 1 in both containers: the pid says nothing across namespaces, the file's freshness does.
  const foreign = () => JSON.stringify({ pid: 1, start: 12345, boot: bootId(), ns: "pid:[1]" });

  it("is live while its holder keeps touching it, even naming our own pid or pid 1", () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, start: 1, boot: bootId(), ns: "pid:[1]" }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(lockFile(dir), foreign());
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(lockHolder(dir)).toBe(1);
  });

  it("is stale once untouched for longer than the lease (its container is gone)", () => {
    const dir = tmp();
    fs.writeFileSync(lockFile(dir), foreign());
    const old = new Date(Date.now() - LEASE_MS - 1000);
    fs.utimesSync(lockFile(dir), old, old);
    expect(lockHolder(dir)).toBeUndefined();
    take(dir);
    expectOurs(dir);
  });

  it("is kept fresh by its holder's heartbeat", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const dir = tmp();
      take(dir);
      const old = new Date(Date.now() - LEASE_MS - 1000);
      fs.utimesSync(lockFile(dir), old, old);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(Date.now() - fs.statSync(lockFile(dir)).mtimeMs).toBeLessThan(LEASE_MS);
    } finally {
      vi.useRealTimers();
    }
  });
});
