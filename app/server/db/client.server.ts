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
import { databaseSpan, traced, tracing } from "../telemetry/trace.server.ts";
import * as schema from "./schema.server.ts";
import { prepareRepeated, prepareRepeatedPglite, StatementNames } from "./prepared.server.ts";
import { guardFetch, scopeTransactions } from "./transaction-scope.server.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A pool's connections (issue 47's metrics): open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PostgreSQL pool's connections now; null on the embedded database (one connection, no pool). */
  pool(): PoolStats | null;
  close(): Promise<void>;
}

/** A span per PGlite statement, and one per transaction around its statements (issue 47). */
function traceStatements(client: PGlite) {
  const spanned = <Q extends PGlite["query"]>(query: Q) => ((text: string, params?: unknown[], options?: object) => databaseSpan(text, () => query(text, params, options))) as Q;
  client.query = spanned(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: Parameters<PGlite["transaction"]>[0]) =>
    traced("TRANSACTION", { "db.system.name": "postgresql", "db.namespace": "pglite" }, () =>
      transaction((tx) => {
        tx.query = spanned(tx.query.bind(tx));
        return run(tx);
      }),
    )) as PGlite["transaction"];
}

export const MIGRATIONS_DIR = projectPath("drizzle");

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number; preparedStatements?: boolean }
  | { kind: "pglite"; dir: string; preparedStatements?: boolean }
  | { kind: "pglite-memory"; preparedStatements?: boolean };

/** Any number agreed by every instance: the PostgreSQL advisory lock held while one of them migrates and seeds. */
const STARTUP_LOCK = 7_462_811;

/**
 * Opens the database and applies the migrations; then `startup` (the demo data) runs before any
 * other instance's. On PostgreSQL, instances that start together take turns under an advisory
 * lock, so two never migrate or seed at once; PGlite's data directory has one process anyway.
 */
export async function openDatabase(target: DatabaseTarget, startup?: (database: Database) => Promise<void>): Promise<Database> {
  if (target.kind === "postgres") {
    // One table of names for the pool's connections: each prepares a text the first time it runs it.
    const names = target.preparedStatements === false ? null : new StatementNames();
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
    pool.on("connect", (client) => {
      client.on("error", (error) => log.warn("PostgreSQL connection lost", errorFields(error)));
      if (names) prepareRepeated(client, names);
    });
    guardFetch();
    const db = scopeTransactions(drizzlePg({ client: pool, schema, logger: countingLogger }) as unknown as Db);
    const database: Database = { db, kind: "postgres", pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => pool.end() };
    try {
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await startup?.(database);
      } finally {
        // Closing the connection would free the lock too; unlocking hands it on at once.
        await lock.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => undefined);
        lock.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return database;
  }
  if (target.kind === "pglite") fs.mkdirSync(target.dir, { recursive: true });
  const client = target.kind === "pglite" ? await PGlite.create(target.dir) : await PGlite.create();
  guardFetch();
  const db = scopeTransactions(drizzlePglite({ client, schema, logger: countingLogger }) as unknown as Db);
  const database: Database = { db, kind: "pglite", pool: () => null, close: () => client.close() };
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    // Named after PGlite's own start-up reads and the migrations, which run once, their own way.
    if (target.preparedStatements !== false) prepareRepeatedPglite(client, new StatementNames());
    // PostgreSQL's statements get their spans from instrumentation-pg (tracing.ts); PGlite has none.
    if (tracing()) traceStatements(client);
    await startup?.(database);
  } catch (error) {
    await client.close();
    throw error;
  }
  return database;
}
