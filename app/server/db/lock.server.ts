// PGlite takes no lock of its own, and two processes on one data directory corrupt it.
// The server holds ./data/server.lock; command-line tools refuse to open the directory
// while a live process holds it.
//
// A pid alone does not name a process: in a container the server is PID 1 in every life,
// and after a reboot another program may have the recorded pid. So the lock also records
// the process's start time and the boot id (Linux /proc), and a lock is stale when its pid
// is our own, was written before this boot, is dead, or now belongs to a later process.
// Containers sharing a data volume cannot see each other's processes (each has its own PID
// namespace, often PID 1 in both): the lock records its namespace, its holder touches the
// file every HEARTBEAT_MS, and a lock from another namespace is live while it is fresh.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  readonly dir: string;
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(`The data directory ${dir} is in use by a running Haat server (pid ${pid}). ` + `Stop the server first: two processes on one embedded database corrupt it.`);
    this.dir = dir;
    this.pid = pid;
  }
}

const LOCK_FILE = "server.lock";
/** How often a holder touches its lock, and how long a lock from another PID namespace stays live without a touch. */
export const HEARTBEAT_MS = 2_000;
export const LEASE_MS = 30_000;
/** server.lock.takeover-<hash of the stale lock>-<n>: see takeOver. */
const CLAIM = ".takeover-";

/** What a lock file says. start and boot are missing in the old format (a bare pid) and where /proc is not available (macOS). */
interface LockRecord {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: clock ticks since boot when the process started. */
  start?: number;
  /** /proc/sys/kernel/random/boot_id: a new one on every boot. */
  boot?: string;
  /** The PID namespace (/proc/self/ns/pid): pids mean nothing outside it. */
  ns?: string;
}

/** Lock files this process holds now: a second lockDataDir in this very life is refused, not taken as a stale lock of a former life. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Field 22 (starttime) of the text of /proc/<pid>/stat, or undefined if the text is not one. */
export function parseStartTime(stat: string): number | undefined {
  // Field 2 is the command name in parentheses, and it may itself hold spaces and ')':
  // only the last ')' ends it. The fields after it start with field 3, so 22 is index 19.
  const close = stat.lastIndexOf(")");
  if (close < 0) return undefined;
  const field = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/)[19];
  return field !== undefined && /^\d+$/.test(field) ? Number(field) : undefined;
}

/** When the process started, in clock ticks since boot; undefined where /proc cannot say (no /proc, no such process, hidden). */
function startTime(pid: number): number | undefined {
  try {
    return parseStartTime(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function pidNamespace(): string | undefined {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return undefined;
  }
}

function ownRecord(): LockRecord {
  return { pid: process.pid, start: startTime(process.pid), boot: bootId(), ns: pidNamespace() };
}

/** A lock file's text as a record: JSON, or the old format (the pid alone). Undefined for anything else, such as a file being written. */
function parseRecord(text: string): LockRecord | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<Record<keyof LockRecord, unknown>>;
    if (typeof value !== "object" || value === null || !Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    return {
      pid: value.pid as number,
      start: Number.isSafeInteger(value.start) ? (value.start as number) : undefined,
      boot: typeof value.boot === "string" && value.boot !== "" ? value.boot : undefined,
      ns: typeof value.ns === "string" && value.ns !== "" ? value.ns : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the record still runs; `touchedAt` is when its file was last touched. */
function holds(record: LockRecord, touchedAt: number): boolean {
  const boot = bootId();
  if (record.boot !== undefined && boot !== undefined && record.boot !== boot) return false; // written before a reboot
  // Another PID namespace (another container on this volume, or an earlier life of ours):
  // its pid cannot be looked at from here, but a live holder keeps touching its lock.
  const ns = pidNamespace();
  if (record.ns !== undefined && ns !== undefined && record.ns !== ns) return Date.now() - touchedAt < LEASE_MS;
  // We are starting, so a lock naming our pid was written by an earlier life of this pid
  // (PID 1 in a container after kill -9); locks of this life are refused before this.
  if (record.pid === process.pid) return false;
  if (!alive(record.pid)) return false;
  if (record.start === undefined) return true; // old format or no /proc: liveness is all we know
  const start = startTime(record.pid);
  // Unreadable: either it exited just now (so ask again) or /proc hides it (trust liveness).
  if (start === undefined) return alive(record.pid);
  return start === record.start; // a different start time: the pid was reused
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

interface Found {
  record: LockRecord | undefined;
  /** The file's modification time: its holder's last touch. */
  touchedAt: number;
  /** Which file this was (device, inode, modification time, text): a stale lock is replaced only if it is still this very file. */
  identity: string;
}

function identityOf(fd: number, text: string): { identity: string; touchedAt: number } {
  const stat = fs.fstatSync(fd, { bigint: true });
  return { identity: `${stat.dev}:${stat.ino}:${stat.mtimeNs}:${text}`, touchedAt: Number(stat.mtimeNs / 1_000_000n) };
}

/** Reads the lock file; undefined if there is none. */
function readLock(file: string): Found | undefined {
  // A starter creates the file and then writes it: an empty or partial file is given a
  // moment to be finished before it is taken for the leftover of a crash.
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      const text = fs.readFileSync(fd, "utf8");
      const record = parseRecord(text);
      if (record !== undefined || attempt >= 20) return { record, ...identityOf(fd, text) };
    } finally {
      fs.closeSync(fd);
    }
    sleep(50);
  }
}

/** Creates the lock file with our record if there is none; false if there is one. */
function create(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, "wx"); // exclusive: of racing starters, exactly one creates it
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeSync(fd, text);
  } catch (error) {
    fs.closeSync(fd);
    fs.unlinkSync(file); // an empty lock would hold others back for nothing
    throw error;
  }
  fs.closeSync(fd);
  return true;
}

/** The pid of the running process that holds the lock on dir, or undefined if it is free or stale. */
export function lockHolder(dir: string): number | undefined {
  const file = path.join(dir, LOCK_FILE);
  if (held.has(path.resolve(file))) return process.pid;
  const found = readLock(file);
  return found?.record !== undefined && holds(found.record, found.touchedAt) ? found.record.pid : undefined;
}

/**
 * Replaces the stale lock `found` with ours, if no other starter does so first.
 *
 * No file system call removes a file only if it is still the one we judged, and after we read
 * it another starter may have replaced it with its own live lock. So starters claim the right
 * to replace this very file: a claim file named after it, created exclusively; the one claimant
 * checks the lock is still that file (only a claimant replaces a stale lock, so it stays so)
 * and renames its claim, which holds its record, over it. The lock file is never missing
 * meanwhile, so no exclusive create slips in. A claimant that died leaves its claim behind:
 * the next claim takes the next number, so no claim is ever removed while others contend.
 */
function takeOver(file: string, found: Found, text: string): "taken" | "changed" | "busy" {
  const name = `${file}${CLAIM}${createHash("sha256").update(found.identity).digest("hex").slice(0, 16)}-`;
  for (let n = 0; ; n++) {
    const claim = name + n;
    if (!create(claim, text)) {
      const other = readLock(claim);
      if (other === undefined) return "changed"; // its claimant finished: look again
      if (other.record !== undefined && holds(other.record, other.touchedAt)) return "busy";
      continue; // its claimant died
    }
    let renamed = false;
    try {
      if (readLock(file)?.identity !== found.identity) return "changed";
      fs.renameSync(claim, file);
      renamed = true;
      return "taken";
    } finally {
      if (!renamed) fs.rmSync(claim, { force: true });
    }
  }
}

/** Claims left by starters that died while taking over: once we hold the lock, no claim can still act. */
function removeClaims(dir: string) {
  for (const entry of fs.readdirSync(dir)) if (entry.startsWith(LOCK_FILE + CLAIM)) fs.rmSync(path.join(dir, entry), { force: true });
}

/** Takes the lock for this process; returns its release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const key = path.resolve(file);
  if (held.has(key)) throw new DataDirLockedError(dir, process.pid);
  const text = JSON.stringify(ownRecord());
  // Each turn takes the lock, refuses, or finds another starter at it and looks again.
  const until = Date.now() + 10_000;
  for (;;) {
    if (Date.now() > until) throw new Error(`Could not take the lock on ${dir}: other processes keep contending for it`);
    if (!create(file, text)) {
      const found = readLock(file);
      if (found === undefined) continue; // released meanwhile
      if (found.record !== undefined && holds(found.record, found.touchedAt)) throw new DataDirLockedError(dir, found.record.pid);
      // Left by a crashed process, an earlier life of a pid, or a boot before this one.
      const outcome = takeOver(file, found, text);
      if (outcome === "busy") sleep(20);
      if (outcome !== "taken") continue;
    }
    held.add(key);
    removeClaims(dir);
    // The heartbeat that tells a process in another PID namespace this lock is live.
    const heartbeat = setInterval(() => {
      try {
        const now = new Date();
        fs.utimesSync(file, now, now);
      } catch {
        // Taken from us or removed: release will find out.
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      held.delete(key);
      try {
        // Only our own lock: if another process took it over, it is theirs now.
        if (fs.readFileSync(file, "utf8") === text) fs.unlinkSync(file);
      } catch {
        // Already gone: nothing to release.
      }
    };
  }
}
