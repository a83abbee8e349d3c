// Backup and restore of the embedded database (decision 039): `npm run db:backup` and
// `npm run db:restore`. PostgreSQL has its own tools (pg_dump, pg_restore: docs/OPERATIONS.md).
//
// PGlite runs inside the server's process and cannot be opened by a second one, and copying
// its files while it writes gives a copy that may not open. So a backup is a cold copy: it
// takes the server's own lock on DATA_DIR (refused while a server runs; no server starts
// meanwhile), opens the database once (finishing any recovery from a crash), checkpoints,
// closes it cleanly and archives the files. PostgreSQL documents exactly this, a data
// directory copied while its server is stopped, as a consistent backup.
//
// The archive is a plain .tar.gz (`tar -tzf` lists it): haat-backup.json first (what was
// backed up, and the order count a restore checks), then session-secret when there is one,
// then pglite/, the database's data directory.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { DataDirLockedError, lockDataDir } from "./lock.server.ts";

/** Where under DATA_DIR the server keeps the PGlite database (server.ts opens DATA_DIR/pglite). */
export const DATABASE_DIR = "pglite";
/** The generated cookie-signing secret (security/secret.server.ts): restored with the data, so shoppers stay signed in. */
const SESSION_SECRET = "session-secret";
const MANIFEST = "haat-backup.json";
/** What a forced restore moves the old contents into, inside DATA_DIR (a volume's mount point cannot be renamed). */
const MOVED_ASIDE = "before-restore-";
const STAGING = ".restoring-";
/** The lock file and a lock takeover's claims (lock.server.ts): ours while we run, never data. */
const LOCK_ENTRY = /^server\.lock(\.takeover-.*)?$/;

/** A refusal or a failure with the message an operator acts on; exitCode is what the command-line tool exits with. */
export class BackupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Exit code when a server holds the data directory: the same as the other tools' (scripts/open-for-tool.ts). */
export const EXIT_IN_USE = 3;

const manifestSchema = z.object({
  format: z.literal("haat-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  /** PG_VERSION: a PGlite of another PostgreSQL major version cannot open the files. */
  postgresVersion: z.string(),
  /** Rows in orders (carts are orders in state draft) and the highest id: a restore must find the same. */
  orders: z.number().int().min(0),
  lastOrderId: z.number().int().nullable(),
  /** Migrations applied when it was taken; the server applies newer ones when it starts. */
  migrations: z.number().int().min(0),
  sessionSecret: z.boolean(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
  /** What the restored database holds, counted after it was opened. */
  orders: number;
  lastOrderId: number | null;
  /** Where the data directory's former contents are now, when there were any. */
  movedAside: string | null;
}

/** YYYYMMDD-HHMMSS in UTC: sorts by time, and means the same on every machine. */
export function timestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
}

/** The default backup file: backups/haat-YYYYMMDD-HHMMSS.tar.gz under `base`. */
export function defaultBackupFile(now = new Date(), base = process.cwd()): string {
  return path.resolve(base, "backups", `haat-${timestamp(now)}.tar.gz`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]} (${bytes} bytes)`;
}

function inside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Takes the server's lock on dataDir for this tool, or refuses with what to do instead. */
function lockForTool(dataDir: string, refusal: (pid: number) => string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(refusal(error.pid), EXIT_IN_USE);
    throw error;
  }
}

interface Contents {
  orders: number;
  lastOrderId: number | null;
  migrations: number;
}

/** Opens a PGlite data directory, counts its orders and migrations, checkpoints and closes it. */
async function openAndCount(dir: string): Promise<Contents> {
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir);
  } catch (error) {
    throw new BackupError(`The database in ${dir} does not open: ${(error as Error).message}`);
  }
  try {
    const { rows } = await pg.query<{ orders: boolean; migrations: boolean }>(
      "select to_regclass('public.orders') is not null as orders, to_regclass('drizzle.__drizzle_migrations') is not null as migrations",
    );
    const has = rows[0]!;
    const orders = has.orders ? (await pg.query<{ n: number; last: number | null }>("select count(*)::int as n, max(id) as last from orders")).rows[0]! : { n: 0, last: null };
    const migrations = has.migrations ? (await pg.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]!.n : 0;
    // Everything in the data files rather than only in the write-ahead log: a restore then
    // starts without replaying it.
    await pg.exec("CHECKPOINT");
    return { orders: orders.n, lastOrderId: orders.last, migrations };
  } finally {
    await pg.close();
  }
}

// ---- tar (POSIX ustar), the few parts a backup uses: regular files and directories ----

const BLOCK = 512;
const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function writeField(block: Buffer, offset: number, length: number, text: string) {
  block.write(text, offset, length, "utf8");
}

function octalField(block: Buffer, offset: number, length: number, value: number) {
  const digits = value.toString(8);
  if (digits.length > length - 1) throw new BackupError(`A value of ${value} does not fit a tar header: the backup cannot hold it.`);
  writeField(block, offset, length, digits.padStart(length - 1, "0") + "\0");
}

function tarHeader(name: string, kind: "file" | "dir", size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  // Names longer than 100 bytes are split at a slash into ustar's prefix (155) and name (100).
  let prefix = "";
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = [...name.matchAll(/\//g)].map((m) => m.index).find((i) => Buffer.byteLength(name.slice(0, i)) <= 155 && Buffer.byteLength(name.slice(i + 1)) <= 100);
    if (cut === undefined) throw new BackupError(`The path ${name} is too long for the backup's archive format.`);
    prefix = name.slice(0, cut);
    rest = name.slice(cut + 1);
  }
  writeField(block, 0, 100, rest);
  octalField(block, 100, 8, kind === "dir" ? 0o700 : 0o600);
  octalField(block, 108, 8, 0);
  octalField(block, 116, 8, 0);
  octalField(block, 124, 12, size);
  octalField(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  writeField(block, 148, 8, " ".repeat(8));
  writeField(block, 156, 1, kind === "dir" ? "5" : "0");
  writeField(block, 257, 6, "ustar\0");
  writeField(block, 263, 2, "00");
  writeField(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeField(block, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
  return block;
}

function* fileEntry(name: string, data: Buffer, mtime: Date): Generator<Buffer> {
  yield tarHeader(name, "file", data.length, mtime);
  yield data;
  yield Buffer.alloc(padding(data.length));
}

/** A directory and everything in it, in name order; anything but files and directories is refused. */
async function* directoryEntries(dir: string, name: string): AsyncGenerator<Buffer> {
  yield tarHeader(`${name}/`, "dir", 0, (await fs.promises.stat(dir)).mtime);
  const entries = await fs.promises.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* directoryEntries(full, `${name}/${entry.name}`);
    else if (entry.isFile()) yield* fileEntry(`${name}/${entry.name}`, await fs.promises.readFile(full), (await fs.promises.stat(full)).mtime);
    else throw new BackupError(`${full} is neither a file nor a directory; a PGlite data directory holds only those, so this one is not as expected. Nothing was written.`);
  }
}

/** Bytes arriving in chunks, taken off the front in blocks. */
class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;
  push(chunk: Buffer) {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  take(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const head = this.chunks[0]!;
      const part = Math.min(head.length, n - filled);
      head.copy(out, filled, 0, part);
      filled += part;
      if (part === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(part);
    }
    this.length -= n;
    return out;
  }
}

const DAMAGED = "It is not a Haat backup, or it is damaged.";

function textField(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString("utf8", 0, end < 0 ? length : end);
}

function octalValue(block: Buffer, offset: number, length: number): number {
  const text = textField(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new BackupError(`The archive has a broken header. ${DAMAGED}`);
  return parseInt(text, 8);
}

interface TarEntry {
  name: string;
  kind: "file" | "dir";
  data: Buffer;
}

async function* tarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const queue = new ByteQueue();
  let header: { name: string; kind: "file" | "dir"; size: number } | undefined;
  let ended = false;
  for await (const chunk of source) {
    // After the end marker the rest is read (so the gzip stream is checked to its end) but not parsed.
    if (ended) continue;
    queue.push(chunk);
    for (;;) {
      if (!header) {
        if (queue.length < BLOCK) break;
        const block = queue.take(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
        if (textField(block, 257, 6).trimEnd() !== "ustar" || octalValue(block, 148, 8) !== sum) throw new BackupError(`The archive has a broken header. ${DAMAGED}`);
        const prefix = textField(block, 345, 155);
        const name = (prefix ? `${prefix}/` : "") + textField(block, 0, 100);
        const type = block.toString("latin1", 156, 157);
        if (type === "5") header = { name, kind: "dir", size: 0 };
        else if (type === "0" || type === "\0") header = { name, kind: "file", size: octalValue(block, 124, 12) };
        else throw new BackupError(`The archive holds ${name}, of a kind (tar type '${type}') a Haat backup never has. ${DAMAGED}`);
      }
      const span = header.size + padding(header.size);
      if (queue.length < span) break;
      yield { name: header.name, kind: header.kind, data: queue.take(span).subarray(0, header.size) };
      header = undefined;
    }
  }
  if (!ended) throw new BackupError(`The archive ends early. ${DAMAGED}`);
}

/** Where an archive entry goes under root; only the backup's own entries, and never outside root. */
function entryTarget(root: string, name: string): string {
  const clean = name.replace(/\/+$/, "");
  const parts = clean.split("/");
  if (clean === "" || parts.some((p) => p === "" || p === "." || p === "..")) throw new BackupError(`The archive names the path ${JSON.stringify(name)}, which is refused. ${DAMAGED}`);
  if (clean !== SESSION_SECRET && parts[0] !== DATABASE_DIR) throw new BackupError(`The archive holds ${JSON.stringify(name)}, which a Haat backup never has. ${DAMAGED}`);
  return path.join(root, ...parts);
}

function readManifest(entry: TarEntry): BackupManifest {
  if (entry.name !== MANIFEST || entry.kind !== "file") throw new BackupError(`The archive does not start with ${MANIFEST}. ${DAMAGED}`);
  let value: unknown;
  try {
    value = JSON.parse(entry.data.toString("utf8"));
  } catch {
    throw new BackupError(`${MANIFEST} in the archive is not JSON. ${DAMAGED}`);
  }
  const parsed = manifestSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const version = (value as { format?: unknown; version?: unknown } | null)?.version;
  if ((value as { format?: unknown } | null)?.format === "haat-backup" && typeof version === "number" && version > 1) {
    throw new BackupError(`The backup is of format ${version}, made by a newer Haat: restore it with that version.`);
  }
  throw new BackupError(`${MANIFEST} in the archive is not as expected. ${DAMAGED}`);
}

/** Unpacks the archive into `into`, a new empty directory; returns its manifest. */
async function unpack(file: string, into: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let secret = false;
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const entry of tarEntries(source)) {
        if (!manifest) {
          manifest = readManifest(entry);
          continue;
        }
        const target = entryTarget(into, entry.name);
        if (entry.kind === "dir") {
          fs.mkdirSync(target, { recursive: true, mode: 0o700 });
          continue;
        }
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        // wx: an archive naming one file twice is refused rather than silently overwritten.
        fs.writeFileSync(target, entry.data, { mode: 0o600, flag: "wx" });
        if (entry.name === SESSION_SECRET) secret = true;
      }
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR") throw new BackupError(`${file} is not a gzip file, or it is cut short (${(error as Error).message}). ${DAMAGED}`);
    if (code === "EEXIST") throw new BackupError(`The archive names one file twice. ${DAMAGED}`);
    throw error;
  }
  if (!manifest) throw new BackupError(`${file} holds nothing. ${DAMAGED}`);
  if (!fs.existsSync(path.join(into, DATABASE_DIR, "PG_VERSION"))) throw new BackupError(`The archive holds no database (${DATABASE_DIR}/PG_VERSION is missing). ${DAMAGED}`);
  if (secret !== manifest.sessionSecret) throw new BackupError(`The archive ${manifest.sessionSecret ? "lacks" : "has"} the session secret its ${MANIFEST} speaks of. ${DAMAGED}`);
  return manifest;
}

/** A new directory named prefix + time under parent (with -2, -3… if two come in one second). */
function newDirectory(parent: string, prefix: string, now: Date): string {
  for (let n = 1; ; n++) {
    const dir = path.join(parent, `${prefix}${timestamp(now)}${n > 1 ? `-${n}` : ""}`);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/**
 * Writes a backup of dataDir's embedded database (and session secret) to `file`, a new
 * .tar.gz. Refuses while a server holds dataDir, and never replaces an existing file.
 */
export async function backupDataDir(dataDir: string, file: string, now = new Date()): Promise<BackupResult> {
  dataDir = path.resolve(dataDir);
  file = path.resolve(file);
  const databaseDir = path.join(dataDir, DATABASE_DIR);
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (no ${DATABASE_DIR}/PG_VERSION): nothing to back up. Is DATA_DIR set to the server's data directory?`);
  }
  if (inside(file, dataDir)) {
    throw new BackupError(`Write the backup outside the data directory ${dataDir}: a copy kept beside the data is lost with it, and a restore moves it aside.`);
  }
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: give another file name (a backup never replaces a file).`);

  const release = lockForTool(
    dataDir,
    (pid) =>
      `A running Haat server (pid ${pid}) holds ${dataDir}. The embedded database cannot be backed up while it runs: PGlite cannot be opened ` +
      `by a second process, and its files copied under a running server may not open again. Stop the server (systemctl stop haat, or ` +
      `docker stop <container>), run the backup (it takes seconds), and start it again. To back up without stopping the shop, run it ` +
      `on PostgreSQL (DATABASE_URL) and use pg_dump: see docs/OPERATIONS.md.`,
  );
  const partial = `${file}.partial-${process.pid}`;
  try {
    const contents = await openAndCount(databaseDir);
    const secretFile = path.join(dataDir, SESSION_SECRET);
    const secret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : null;
    const manifest: BackupManifest = {
      format: "haat-backup",
      version: 1,
      createdAt: now.toISOString(),
      postgresVersion: fs.readFileSync(path.join(databaseDir, "PG_VERSION"), "utf8").trim(),
      ...contents,
      sessionSecret: secret !== null,
    };
    async function* archive(): AsyncGenerator<Buffer> {
      yield* fileEntry(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), now);
      if (secret) yield* fileEntry(SESSION_SECRET, secret, now);
      yield* directoryEntries(databaseDir, DATABASE_DIR);
      yield Buffer.alloc(2 * BLOCK); // the end of the archive
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written beside its final name and renamed when complete: a backup that failed halfway never looks like one.
    await pipeline(Readable.from(archive()), zlib.createGzip(), fs.createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    const fd = fs.openSync(partial, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (fs.existsSync(file)) throw new BackupError(`${file} appeared while the backup was written: give another file name.`);
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    release();
  }
}

/**
 * Restores a backup into dataDir. Refuses while a server holds dataDir, and refuses a data
 * directory with contents unless `force`, which moves them into dataDir/before-restore-<time>/
 * (nothing is deleted). The archive is unpacked beside them and its database opened and its
 * orders counted against the backup's record before anything of the old contents moves.
 */
export async function restoreDataDir(file: string, dataDir: string, options: { force?: boolean; now?: Date } = {}): Promise<RestoreResult> {
  file = path.resolve(file);
  dataDir = path.resolve(dataDir);
  const now = options.now ?? new Date();
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const release = lockForTool(
    dataDir,
    (pid) =>
      `A running Haat server (pid ${pid}) holds ${dataDir}: stop it (systemctl stop haat, or docker stop <container>) before restoring ` +
      `into its data directory, then start it again after the restore.`,
  );
  try {
    // A restore that was killed leaves its unpacked copy: we hold the lock, so none is in use.
    for (const entry of fs.readdirSync(dataDir)) if (entry.startsWith(STAGING)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const occupants = fs.readdirSync(dataDir).filter((entry) => !LOCK_ENTRY.test(entry) && !entry.startsWith(MOVED_ASIDE));
    if (occupants.length > 0 && !options.force) {
      throw new BackupError(
        `${dataDir} is not empty (${occupants.sort().join(", ")}): the restore would replace what is there. Run it again with --force to move ` +
          `those into ${path.join(dataDir, `${MOVED_ASIDE}<time>`)} (nothing is deleted), or set DATA_DIR to an empty directory.`,
      );
    }
    const staging = newDirectory(dataDir, STAGING, now);
    try {
      const manifest = await unpack(file, staging);
      const found = await openAndCount(path.join(staging, DATABASE_DIR));
      if (found.orders !== manifest.orders || found.lastOrderId !== manifest.lastOrderId) {
        throw new BackupError(
          `The restored database holds ${found.orders} orders (last id ${found.lastOrderId ?? "none"}), but the backup recorded ${manifest.orders} ` +
            `(last id ${manifest.lastOrderId ?? "none"}). ${DAMAGED} Nothing in ${dataDir} was changed.`,
        );
      }
      let movedAside: string | null = null;
      try {
        if (occupants.length > 0) {
          movedAside = newDirectory(dataDir, MOVED_ASIDE, now);
          for (const entry of occupants) fs.renameSync(path.join(dataDir, entry), path.join(movedAside, entry));
        }
        for (const entry of fs.readdirSync(staging)) fs.renameSync(path.join(staging, entry), path.join(dataDir, entry));
      } catch (error) {
        // Renames within one directory fail only on odd file systems or permissions; say where everything is.
        throw new BackupError(
          `Moving files in ${dataDir} failed (${(error as Error).message}). ` +
            (movedAside ? `What was there before is in ${movedAside} and ${dataDir}; ` : "") +
            `put the data directory back in order by hand before starting the server, then run the restore again.`,
        );
      }
      return { dataDir, manifest, orders: found.orders, lastOrderId: found.lastOrderId, movedAside };
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}
