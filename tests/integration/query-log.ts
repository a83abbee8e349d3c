// A second Drizzle handle on a test database's own connection that records every statement
// it runs: for tests that bound how many queries a Shop method makes, and of what kind.
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Db } from "../../app/server/db/client.server.ts";
import * as schema from "../../app/server/db/schema.server.ts";

export function queryLog(database: Database): { db: Db; queries: string[] } {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = database.kind === "pglite" ? drizzlePglite({ client: client as PGlite, schema, logger }) : drizzlePg({ client: client as pg.Pool, schema, logger });
  return { db: db as unknown as Db, queries };
}
