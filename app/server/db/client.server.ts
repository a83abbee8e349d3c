// One Drizzle database over either PGlite (embedded, the default) or PostgreSQL
// (DATABASE_URL). Both speak the same pg-core schema and the same migrations.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { errorFields, log } from "../log.server.ts";
import { projectPath } from "../project-root.server.ts";
import { countingLogger } from "../request-scope.server.ts";
import * as schema from "./schema.server.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = projectPath("drizzle");

export type DatabaseTarget = { kind: "postgres"; url: string; poolSize?: number } | { kind: "pglite"; dir: string } | { kind: "pglite-memory" };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Named in pg_stat_activity (a DATABASE_URL's own ?application_name= wins).
      application_name: new URL(target.url).searchParams.get("application_name") ?? "haat",
      // A database that does not answer fails the request in seconds rather than hanging it.
      connectionTimeoutMillis: 5_000,
    });
    // A connection can die under us (a database restart, a failover, an admin's
    // pg_terminate_backend, a network reset). The pool's own listener covers idle clients
    // only; a client that is checked out emits 'error' too, and unhandled that would stop
    // the process. The query in flight fails (a 503 for that request) and the pool, which
    // drops a broken client when it is released, opens a new one on the next call.
    pool.on("error", (error) => log.warn("PostgreSQL idle connection lost", errorFields(error)));
    pool.on("connect", (client) => client.on("error", (error) => log.warn("PostgreSQL connection lost", errorFields(error))));
    const db = drizzlePg({ client: pool, schema, logger: countingLogger }) as unknown as Db;
    try {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (target.kind === "pglite") fs.mkdirSync(target.dir, { recursive: true });
  const client = target.kind === "pglite" ? new PGlite(target.dir) : new PGlite();
  const db = drizzlePglite({ client, schema, logger: countingLogger }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: "pglite", close: () => client.close() };
}
