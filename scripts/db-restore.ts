// npm run db:restore -- FILE [--force]
// Restores a backup made by db:backup into DATA_DIR. Refused while the server runs, and into
// a data directory with contents unless --force, which moves them aside (decision 039).
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreDataDir } from "../app/server/db/backup.server.ts";
import { toolEnv } from "./tool-env.ts";

const USAGE = "Usage: npm run db:restore -- FILE.tar.gz [--force]   (--force: move what DATA_DIR holds aside into DATA_DIR/before-restore-<time>/)";
let values: { force?: boolean };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(64);
}
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(64);
}

const env = toolEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: this shop's data is in PostgreSQL, which pg_restore restores (see docs/OPERATIONS.md). Unset it to restore an embedded backup.");
  process.exit(2);
}
try {
  // npm runs scripts in the project's root; a path typed on the command line means the directory it was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const result = await restoreDataDir(file, env.dataDir, { force: values.force });
  console.log(`Restored the backup of ${result.manifest.createdAt} into ${result.dataDir}.`);
  console.log(`Checked: the restored database opens and holds ${result.orders} orders (last id ${result.lastOrderId ?? "none"}), as the backup recorded.`);
  if (result.movedAside) console.log(`What the data directory held before is in ${result.movedAside}: delete it once the shop runs as it should.`);
  if (!result.manifest.sessionSecret) console.log("The backup holds no session secret: unless SESSION_SECRET is set, the server makes a new one and shoppers sign in again.");
  console.log("Start the server: it applies any migrations newer than the backup.");
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(error.exitCode);
}
