// Each PostgreSQL connection prepares a statement's text once and binds new values after
// (decision 090). Read from PostgreSQL's own view of the session's prepared statements.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";
import { prepareRepeated, StatementNames } from "../../app/server/db/prepared.server.ts";
import { targets } from "./databases.ts";

const postgres = targets.find((t) => t.name === "postgres");
const url = process.env.DATABASE_URL;

type Rows<T> = { rows: T[] };

/** The statements this session has prepared, by text. */
async function preparedOn(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>("select statement from pg_prepared_statements order by prepare_time");
  return rows.map((r) => r.statement);
}

/** `run` on a connection of its own whose statements are named from `names`; the connection is closed after. */
async function onConnection(names: StatementNames, run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    prepareRepeated(client, names);
    await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgres)("prepared statements on postgres", () => {
  let database: Database;
  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(() => database?.close());

  it("prepares a text with values once on a connection and runs it right each time", async () => {
    const seen = await database.db.transaction(async (tx) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const [row] = ((await tx.execute(sql`select ${n}::int + 40 as answer`)) as unknown as Rows<{ answer: number }>).rows;
        answers.push(row!.answer);
      }
      const prepared = ((await tx.execute(sql`select statement from pg_prepared_statements where statement like ${"%+ 40 as answer"}`)) as unknown as Rows<{ statement: string }>).rows;
      return { answers, prepared: prepared.map((p) => p.statement) };
    });
    expect(seen.answers).toEqual([41, 42, 43]);
    expect(seen.prepared).toEqual(["select $1::int + 40 as answer"]);
  });

  it("leaves a text without values unnamed, as it ran before", async () => {
    const prepared = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 7 as plain_seven`);
      return (
        (await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${"%plain_seven%"} and statement not like ${"%pg_prepared_statements%"}`,
        )) as unknown as Rows<{ n: number }>
      ).rows;
    });
    expect(prepared).toEqual([{ n: 0 }]);
  });

  it("prepares nothing when the deployer turns it off", async () => {
    const name = `haat_it_unprepared_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    let off: Database | null = null;
    try {
      off = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 2, preparedStatements: false });
      const rows = await off.db.transaction(async (tx) => {
        await tx.execute(sql`select ${5}::int as unprepared_five`);
        return ((await tx.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as Rows<{ n: number }>).rows;
      });
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await off?.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });

  it("past the limit, a new text runs unnamed and still answers", async () => {
    await onConnection(new StatementNames(1), async (client) => {
      expect((await client.query("select $1::int as a", [1])).rows).toEqual([{ a: 1 }]);
      expect((await client.query("select $1::int as b", [2])).rows).toEqual([{ b: 2 }]);
      expect(await preparedOn(client)).toEqual(["select $1::int as a"]);
    });
  });

  it("a value that cannot be sent fails its statement, and the next run of the text parses it again", async () => {
    await onConnection(new StatementNames(), async (client) => {
      const text = "select $1::text as said";
      expect((await client.query(text, ["first"])).rows).toEqual([{ said: "first" }]);
      // node-postgres cannot serialise a BigInt inside an object: it closes the named statement on the server.
      await expect(client.query(text, [{ n: 1n }])).rejects.toThrow();
      await expect(client.query(text, ["missing"])).rejects.toMatchObject({ code: "26000" });
      expect((await client.query(text, ["again"])).rows).toEqual([{ said: "again" }]);
    });
  });

  it("after a column's type changes under a prepared statement, fails once and then runs unnamed", async () => {
    const names = new StatementNames();
    await onConnection(names, async (client) => {
      await client.query("create temporary table weights (id int primary key, grams int)");
      await client.query("insert into weights values (1, 500)");
      const read = "select grams from weights where id = $1";
      expect((await client.query(read, [1])).rows).toEqual([{ grams: 500 }]);
      // What a migration on another instance could do: the result's type is no longer the plan's.
      await client.query("alter table weights alter column grams type numeric");
      await expect(client.query(read, [1])).rejects.toMatchObject({ code: "0A000" });
      expect((await client.query(read, [1])).rows).toEqual([{ grams: "500" }]);
      expect(names.nameOf(read)).toBeUndefined();
    });
  });
});
