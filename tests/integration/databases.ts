// The integration suite runs every test against an in-memory PGlite and, when
// DATABASE_URL is set, against PostgreSQL too: each test file gets a database of its
// own there, created and dropped around it, so files can run side by side.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";

export interface TestTarget {
  name: string;
  open(): Promise<Database>;
}

const pglite: TestTarget = { name: "pglite", open: () => openDatabase({ kind: "pglite-memory" }) };

function postgres(url: string): TestTarget {
  return {
    name: "postgres",
    async open() {
      const name = `haat_it_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 4 });
      return {
        ...database,
        async close() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name}`);
          await cleanup.end();
        },
      };
    },
  };
}

export const targets: TestTarget[] = process.env.DATABASE_URL ? [pglite, postgres(process.env.DATABASE_URL)] : [pglite];
