// Opens the configured database for a command-line tool, refusing an embedded data
// directory that a running server holds (two processes corrupt PGlite).
import path from "node:path";
import { openDatabase, type Database } from "../app/server/db/client.server.ts";
import { DataDirLockedError, lockDataDir } from "../app/server/db/lock.server.ts";
import { toolEnv } from "./tool-env.ts";

export async function openForTool(): Promise<Database> {
  const env = toolEnv();
  if (env.DATABASE_URL) return openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 2 });
  let release: () => void;
  try {
    release = lockDataDir(env.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  const db = await openDatabase({ kind: "pglite", dir: path.join(env.dataDir, "pglite") });
  return {
    ...db,
    async close() {
      await db.close();
      release();
    },
  };
}
