// npm run db:backup -- [FILE]
// Backs up the embedded database in DATA_DIR (and its session secret) to FILE, by default
// backups/haat-YYYYMMDD-HHMMSS.tar.gz (UTC) under the directory it is run from. Refused while
// the server runs: stop it first (decision 039). On PostgreSQL, use pg_dump (docs/OPERATIONS.md).
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, backupDataDir, defaultBackupFile, formatBytes } from "../app/server/db/backup.server.ts";
import { toolEnv } from "./tool-env.ts";

const USAGE = "Usage: npm run db:backup -- [FILE.tar.gz]   (default: ./backups/haat-YYYYMMDD-HHMMSS.tar.gz, UTC)";
let positionals: string[];
try {
  ({ positionals } = parseArgs({ allowPositionals: true }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(64);
}
if (positionals.length > 1) {
  console.error(USAGE);
  process.exit(64);
}

const env = toolEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: this shop's data is in PostgreSQL, which pg_dump backs up (pg_dump -Fc; see docs/OPERATIONS.md).");
  process.exit(2);
}
try {
  // npm runs scripts in the project's root; a path typed on the command line means the directory it was typed in.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const target = positionals[0] ? path.resolve(cwd, positionals[0]) : defaultBackupFile(new Date(), cwd);
  const { file, bytes, manifest } = await backupDataDir(env.dataDir, target);
  console.log(`Backed up the embedded database in ${env.dataDir}: ${manifest.orders} orders (last id ${manifest.lastOrderId ?? "none"}), ${manifest.migrations} migrations applied.`);
  if (!manifest.sessionSecret) console.log("There was no session-secret file (SESSION_SECRET is set, or the server never ran): none is in the backup.");
  console.log(`Wrote ${file}: ${formatBytes(bytes)}.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(error.exitCode);
}
