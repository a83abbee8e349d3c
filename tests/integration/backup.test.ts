// Backup and restore of the embedded database (decision 039): orders placed through the Shop
// on a PGlite data directory come back, the same ids and totals, from a restored copy; and
// every refusal (a running server, a data directory with contents, a damaged archive) leaves
// things as they were.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, backupDataDir, DATABASE_DIR, defaultBackupFile, restoreDataDir, timestamp } from "../../app/server/db/backup.server.ts";
import { openDatabase } from "../../app/server/db/client.server.ts";
import { lockDataDir } from "../../app/server/db/lock.server.ts";
import { createShop, seedDemoCatalog } from "../../app/server/shop/open.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { home } from "./fixtures.ts";

const hasTar = spawnSync("tar", ["--version"]).status === 0;
const ROOT = path.resolve(import.meta.dirname, "../..");

/** A command-line tool as `npm run` starts it: in the project's root, INIT_CWD naming where it was typed. */
function tool(script: string, args: string[], env: { DATA_DIR: string; INIT_CWD: string; DATABASE_URL?: string }) {
  return spawnSync(process.execPath, [`scripts/${script}`, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: "", ...env }, encoding: "utf8" });
}

let root: string;
let dataDir: string;
let backup: string;
let customer: Customer;
const SECRET = "a-session-secret-of-more-than-32-characters";
/** The orders placed before the backup, as the Shop lists them. */
let placed: { id: number; totalPaise: number; state: string }[];

/** The Shop's view of the customer's orders in the database under dir. */
async function ordersIn(dir: string) {
  const database = await openDatabase({ kind: "pglite", dir: path.join(dir, DATABASE_DIR) });
  try {
    const shop = createShop(database, 0);
    return (await shop.orders.list(customer)).map((o) => ({ id: o.id, totalPaise: o.totalPaise, state: o.state }));
  } finally {
    await database.close();
  }
}

function listing(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

async function rejection(promise: Promise<unknown>): Promise<BackupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "haat-backup-"));
  dataDir = path.join(root, "data");
  const database = await openDatabase({ kind: "pglite", dir: path.join(dataDir, DATABASE_DIR) });
  try {
    await seedDemoCatalog(database);
    const shop = createShop(database, 0);
    customer = await shop.accounts.register({ name: "Asha Verma", email: "asha@example.in", phone: "9876543210", password: "password-1" });
    const address = await shop.addresses.create(customer, home);
    await shop.cart.add(customer, { internalReference: "GP-PUL-MSR-1KG", quantity: 2 });
    await shop.orders.place(customer, { cartId: (await shop.cart.get(customer)).id!, addressId: address.id, paymentMethod: "cod" });
    await shop.cart.add(customer, { internalReference: "GP-PUL-MSR-1KG", quantity: 1 });
    const second = await shop.orders.place(customer, { cartId: (await shop.cart.get(customer)).id!, addressId: address.id, paymentMethod: "cod" });
    await shop.orders.cancel(customer, second.orderId);
    placed = (await shop.orders.list(customer)).map((o) => ({ id: o.id, totalPaise: o.totalPaise, state: o.state }));
  } finally {
    await database.close();
  }
  fs.writeFileSync(path.join(dataDir, "session-secret"), SECRET, { mode: 0o600 });
  backup = path.join(root, "backups", "haat.tar.gz");
}, 120_000);

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("db:backup and db:restore of the embedded database", () => {
  it("backs up, restores into a new directory, and the Shop finds the same orders", async () => {
    expect(placed).toHaveLength(2);
    expect(placed.map((o) => o.state).sort()).toEqual(["cancelled", "confirmed"]);

    const made = await backupDataDir(dataDir, backup);
    expect(made.file).toBe(backup);
    expect(made.bytes).toBe(fs.statSync(backup).size);
    expect(made.manifest).toMatchObject({ format: "haat-backup", version: 1, sessionSecret: true, lastOrderId: Math.max(...placed.map((o) => o.id)) });
    expect(made.manifest.orders).toBeGreaterThanOrEqual(2);
    expect(made.manifest.migrations).toBeGreaterThan(0);
    // The lock is given back, and nothing half-written is left beside the backup.
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    expect(fs.readdirSync(path.dirname(backup))).toEqual(["haat.tar.gz"]);
    expect(fs.statSync(backup).mode & 0o777).toBe(0o600);
    if (hasTar) {
      const names = spawnSync("tar", ["-tzf", backup], { encoding: "utf8" }).stdout.split("\n");
      expect(names.slice(0, 3)).toEqual(["haat-backup.json", "session-secret", "pglite/"]);
      expect(names).toContain("pglite/PG_VERSION");
    }

    const target = path.join(root, "restored");
    const restored = await restoreDataDir(backup, target);
    expect(restored).toMatchObject({ dataDir: target, orders: made.manifest.orders, lastOrderId: made.manifest.lastOrderId, movedAside: null });
    expect(fs.readFileSync(path.join(target, "session-secret"), "utf8")).toBe(SECRET);
    expect(fs.existsSync(path.join(target, "server.lock"))).toBe(false);
    expect(fs.readdirSync(target).filter((e) => e.startsWith(".restoring-"))).toEqual([]);
    expect(await ordersIn(target)).toEqual(placed);
  }, 120_000);

  it("refuses to back up or restore while a server holds the data directory", async () => {
    const release = lockDataDir(dataDir);
    try {
      const refused = await rejection(backupDataDir(dataDir, path.join(root, "while-running.tar.gz")));
      expect(refused.exitCode).toBe(3);
      expect(refused.message).toMatch(/running Haat server \(pid \d+\) holds .*Stop the server.*pg_dump/s);
      expect(fs.existsSync(path.join(root, "while-running.tar.gz"))).toBe(false);
      const notRestored = await rejection(restoreDataDir(backup, dataDir, { force: true }));
      expect(notRestored.exitCode).toBe(3);
      expect(notRestored.message).toMatch(/running Haat server .* stop it/);
    } finally {
      release();
    }
  });

  it("refuses a data directory with contents unless forced, and then moves them aside", async () => {
    const target = path.join(root, "occupied");
    fs.mkdirSync(path.join(target, "outbox"), { recursive: true });
    fs.writeFileSync(path.join(target, "outbox", "mail.eml"), "kept");
    const refused = await rejection(restoreDataDir(backup, target));
    expect(refused.message).toMatch(/is not empty \(outbox\).*--force/);
    expect(listing(target)).toEqual(["outbox", path.join("outbox", "mail.eml")]);

    const restored = await restoreDataDir(backup, target, { force: true, now: new Date("2026-11-24T06:14:00Z") });
    expect(restored.movedAside).toBe(path.join(target, "before-restore-20261124-061400"));
    expect(fs.readFileSync(path.join(restored.movedAside!, "outbox", "mail.eml"), "utf8")).toBe("kept");
    expect(fs.readdirSync(target).sort()).toEqual(["before-restore-20261124-061400", "pglite", "session-secret"]);
    expect(await ordersIn(target)).toEqual(placed);

    // Restoring again moves the restored database aside too, beside the first one (never inside it, never deleted).
    const again = await restoreDataDir(backup, target, { force: true, now: new Date("2026-11-24T06:14:00Z") });
    expect(again.movedAside).toBe(path.join(target, "before-restore-20261124-061400-2"));
    expect(fs.existsSync(path.join(again.movedAside!, "pglite", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(target, "before-restore-20261124-061400", "outbox", "mail.eml"))).toBe(true);
  }, 120_000);

  it("refuses a damaged or foreign archive and changes nothing", async () => {
    const target = path.join(root, "untouched");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "session-secret"), SECRET);

    const cut = path.join(root, "cut.tar.gz");
    fs.writeFileSync(cut, fs.readFileSync(backup).subarray(0, Math.floor(fs.statSync(backup).size / 2)));
    expect((await rejection(restoreDataDir(cut, target, { force: true }))).message).toMatch(/cut short|ends early/);

    const plain = path.join(root, "plain.txt");
    fs.writeFileSync(plain, "not an archive");
    expect((await rejection(restoreDataDir(plain, target, { force: true }))).message).toMatch(/not a gzip file/);

    // A tar.gz that is not a backup: no haat-backup.json at its start.
    const foreign = path.join(root, "foreign.tar.gz");
    fs.writeFileSync(foreign, zlib.gzipSync(Buffer.alloc(1024)));
    expect((await rejection(restoreDataDir(foreign, target, { force: true }))).message).toMatch(/holds nothing/);

    if (hasTar) {
      // An archive naming a path outside the data directory is refused before anything is written there.
      const evil = path.join(root, "evil");
      fs.mkdirSync(evil);
      spawnSync("tar", ["-xzf", backup, "-C", evil, "haat-backup.json"]);
      fs.writeFileSync(path.join(evil, "x"), "escape");
      const archive = path.join(root, "evil.tar.gz");
      const made = spawnSync("tar", ["--format=ustar", "-czf", archive, "-C", evil, "--transform", "s,^x$,pglite/../../escaped,", "haat-backup.json", "x"]);
      expect(made.status).toBe(0);
      expect((await rejection(restoreDataDir(archive, target, { force: true }))).message).toMatch(/path "pglite\/..\/..\/escaped", which is refused/);
      expect(fs.existsSync(path.join(root, "escaped"))).toBe(false);
    }

    // Nothing restored, nothing moved aside, no unpacked copy left behind.
    expect(fs.readdirSync(target)).toEqual(["session-secret"]);
  });

  it("npm run db:backup and db:restore do the same from the command line, and explain their usage", () => {
    const typedIn = path.join(root, "cli");
    fs.mkdirSync(typedIn);
    const backedUp = tool("db-backup.ts", ["nightly.tar.gz"], { DATA_DIR: dataDir, INIT_CWD: typedIn });
    expect(backedUp.stderr).toBe("");
    expect(backedUp.status).toBe(0);
    const file = path.join(typedIn, "nightly.tar.gz");
    expect(backedUp.stdout).toContain(`Wrote ${file}: `);
    expect(backedUp.stdout).toMatch(/: \d+ orders \(last id \d+\)/);

    const target = path.join(root, "cli-restored");
    const restored = tool("db-restore.ts", ["nightly.tar.gz"], { DATA_DIR: target, INIT_CWD: typedIn });
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/Checked: the restored database opens and holds \d+ orders/);
    const again = tool("db-restore.ts", ["nightly.tar.gz"], { DATA_DIR: target, INIT_CWD: typedIn });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/is not empty .*--force/);

    const defaulted = tool("db-backup.ts", [], { DATA_DIR: dataDir, INIT_CWD: typedIn });
    expect(defaulted.status).toBe(0);
    expect(fs.readdirSync(path.join(typedIn, "backups"))).toEqual([expect.stringMatching(/^haat-\d{8}-\d{6}\.tar\.gz$/)]);

    expect(tool("db-restore.ts", [], { DATA_DIR: target, INIT_CWD: typedIn })).toMatchObject({ status: 64, stderr: expect.stringMatching(/^Usage: npm run db:restore/) });
    expect(tool("db-backup.ts", ["a", "b"], { DATA_DIR: dataDir, INIT_CWD: typedIn })).toMatchObject({ status: 64 });
    const onPostgres = tool("db-backup.ts", [], { DATA_DIR: dataDir, INIT_CWD: typedIn, DATABASE_URL: "postgres://haat@db.internal/haat" });
    expect(onPostgres).toMatchObject({ status: 2, stderr: expect.stringMatching(/PostgreSQL.*pg_dump/) });
  }, 120_000);

  it("refuses what a backup should not do", async () => {
    const empty = path.join(root, "empty");
    expect((await rejection(backupDataDir(empty, path.join(root, "x.tar.gz")))).message).toMatch(/no embedded database in .*empty.*DATA_DIR/);
    expect((await rejection(backupDataDir(dataDir, path.join(dataDir, "inside.tar.gz")))).message).toMatch(/outside the data directory/);
    expect((await rejection(backupDataDir(dataDir, backup))).message).toMatch(/already exists/);
    expect((await rejection(restoreDataDir(path.join(root, "missing.tar.gz"), empty))).message).toMatch(/no backup at/);
    expect(timestamp(new Date("2026-01-02T03:04:05.678Z"))).toBe("20260102-030405");
    expect(path.basename(defaultBackupFile(new Date("2026-01-02T03:04:05Z")))).toBe("haat-20260102-030405.tar.gz");
  });
});
