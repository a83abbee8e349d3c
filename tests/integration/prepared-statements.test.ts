// Each PostgreSQL connection, and the embedded database's one, prepares a statement's text once
// and binds new values after (decision 090). Read from the session's own view of its prepared
// statements.
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { date, integer, interval, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../app/server/db/client.server.ts";
import { prepareRepeated, prepareRepeatedPglite, StatementNames } from "../../app/server/db/prepared.server.ts";
import { targets } from "./databases.ts";

const postgres = targets.find((t) => t.name === "postgres");
const url = process.env.DATABASE_URL;

type Rows<T> = { rows: T[] };

/** A table of the types whose answers Drizzle's parsers touch, for the embedded database's comparison. */
const kinds = pgTable("kinds", {
  id: serial("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "string" }),
  day: date("day"),
  took: interval("took"),
  doc: jsonb("doc"),
  price: numeric("price"),
  tags: text("tags").array(),
  weights: integer("weights").array(),
  prices: numeric("prices").array(),
  ats: timestamp("ats", { withTimezone: true, mode: "string" }).array(),
  days: date("days").array(),
  note: text("note"),
});

/** The statements this session has prepared, by text. */
async function preparedOn(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>("select statement from pg_prepared_statements order by prepare_time");
  return rows.map((r) => r.statement);
}

/**
 * What a migration on another instance could do: a column's type changes under a prepared read, so
 * the result's type is no longer the plan's. The read fails once, then runs unnamed and answers.
 */
async function typeChangedUnder(query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>, names: StatementNames): Promise<void> {
  await query("create temporary table weights (id int primary key, grams int)");
  await query("insert into weights values (1, 500)");
  const read = "select grams from weights where id = $1";
  expect((await query(read, [1])).rows).toEqual([{ grams: 500 }]);
  await query("alter table weights alter column grams type numeric");
  await expect(query(read, [1])).rejects.toMatchObject({ code: "0A000" });
  expect((await query(read, [1])).rows).toEqual([{ grams: "500" }]);
  expect(names.nameOf(read)).toBeUndefined();
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
    await onConnection(names, (client) => typeChangedUnder((text, values) => client.query(text, values), names));
  });
});

describe("prepared statements on the embedded database (PGlite)", () => {
  /** A PGlite whose reads and writes are named from `names`, closed after `run`. */
  async function onPglite(names: StatementNames, run: (client: PGlite) => Promise<void>): Promise<void> {
    const client = await PGlite.create();
    try {
      prepareRepeatedPglite(client, names);
      await run(client);
    } finally {
      await client.close();
    }
  }
  const preparedIn = async (client: PGlite) =>
    (await client.query<{ statement: string }>("select statement from pg_prepared_statements where statement not like '%pg_prepared_statements%' order by prepare_time")).rows.map(
      (r) => r.statement,
    );

  it("prepares a read once, with values or without, inside and outside a transaction, and answers right each time", async () => {
    await onPglite(new StatementNames(), async (client) => {
      const answers: unknown[] = [];
      for (const n of [1, 2]) answers.push((await client.query("select $1::int + 40 as answer", [n])).rows);
      await client.transaction(async (tx) => {
        answers.push((await tx.query("select $1::int + 40 as answer", [3])).rows);
        answers.push((await tx.query("select 7 as plain_seven")).rows);
      });
      answers.push((await client.query("select 7 as plain_seven")).rows);
      expect(answers).toEqual([[{ answer: 41 }], [{ answer: 42 }], [{ answer: 43 }], [{ plain_seven: 7 }], [{ plain_seven: 7 }]]);
      expect(await preparedIn(client)).toEqual(["select $1::int + 40 as answer", "select 7 as plain_seven"]);
    });
  });

  it("answers the shop's reads and writes exactly as PGlite's own query() does", async () => {
    const prepared = await openDatabase({ kind: "pglite-memory" });
    const plain = await openDatabase({ kind: "pglite-memory", preparedStatements: false });
    try {
      const run = async (database: Database) => {
        const db = database.db;
        await db.execute(
          sql`create table kinds (id serial primary key, at timestamptz, day date, took interval, doc jsonb, price numeric(10,2), tags text[], weights int[], prices numeric[], ats timestamptz[], days date[], note text)`,
        );
        const written = await db.execute(
          sql`insert into kinds (at, day, took, doc, price, tags, weights, prices, ats, days, note) values (${"2027-06-02T04:30:00Z"}, ${"2027-06-02"}, ${"2 hours"}, ${JSON.stringify({ slot: "morning", n: [1, 2] })}, ${"56.50"}, ${'{"दूध","a,b"}'}::text[], ${"{500,1000}"}::int[], ${"{28.00,56.5}"}::numeric[], ${"{2027-06-02T04:30:00Z}"}::timestamptz[], ${"{2027-06-02,2027-06-03}"}::date[], ${null}) returning *`,
        );
        const updated = await db.execute(sql`update kinds set note = ${"ok"} where id = ${1}`);
        const read = await db.execute(sql`select * from kinds where id = ${1}`);
        const none = await db.execute(sql`select * from kinds where id = ${2}`);
        // Drizzle's own builder asks for rows as arrays and maps them to its columns.
        const selected = await db.select().from(kinds).where(eq(kinds.id, 1));
        const named = ((await db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
        return { results: [written, updated, read, none], selected, named };
      };
      const [mine, theirs] = [await run(prepared), await run(plain)];
      expect(mine.results).toEqual(theirs.results);
      expect(mine.selected).toEqual(theirs.selected);
      expect(mine.named).toBeGreaterThanOrEqual(5);
      expect(theirs.named).toBe(0);
      // Timestamps and dates stay text, as Drizzle asks; the rest are PGlite's own types.
      expect((mine.results[2] as unknown as Rows<unknown>).rows).toEqual([
        {
          id: 1,
          at: "2027-06-02 04:30:00+00",
          day: "2027-06-02",
          took: "02:00:00",
          doc: { slot: "morning", n: [1, 2] },
          price: "56.50",
          tags: ["दूध", "a,b"],
          weights: [500, 1000],
          prices: "{28.00,56.5}",
          ats: '{"2027-06-02 04:30:00+00"}',
          days: "{2027-06-02,2027-06-03}",
          note: "ok",
        },
      ]);
    } finally {
      await prepared.close();
      await plain.close();
    }
  });

  it("a statement first prepared in a transaction that rolls back, or one that failed outside any, runs again", async () => {
    await onPglite(new StatementNames(), async (client) => {
      await client.query("create table slots (kind text primary key)");
      const add = "insert into slots (kind) values ($1)";
      await expect(
        client.transaction(async (tx) => {
          await tx.query(add, ["morning"]);
          throw new Error("the shopper left");
        }),
      ).rejects.toThrow("the shopper left");
      await client.query(add, ["morning"]);
      await expect(client.query(add, ["morning"])).rejects.toMatchObject({ code: "23505" });
      await client.query(add, ["evening"]);
      expect((await client.query("select kind from slots order by kind")).rows).toEqual([{ kind: "evening" }, { kind: "morning" }]);
    });
  });

  it("two statements asked for at once inside a transaction each get their own answer", async () => {
    await onPglite(new StatementNames(), async (client) => {
      const answers = await client.transaction((tx) =>
        Promise.all([tx.query("select $1::int as a", [1]), tx.query("select $1::text as b", ["two"]), tx.query("select $1::int + 1 as c", [2])]),
      );
      expect(answers.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: "two" }], [{ c: 3 }]]);
    });
  });

  it("a failed write fails its transaction, which is rolled back, and the error names its code and its text", async () => {
    await onPglite(new StatementNames(), async (client) => {
      await client.query("create table pins (pin text primary key)");
      const add = "insert into pins (pin) values ($1)";
      await client.query(add, ["122002"]);
      const failed = client.transaction(async (tx) => {
        await tx.query(add, ["122001"]);
        await tx.query(add, ["122002"]);
      });
      await expect(failed).rejects.toMatchObject({ code: "23505", query: add });
      expect((await client.query("select pin from pins order by pin")).rows).toEqual([{ pin: "122002" }]);
      // The connection goes on: the same named statement runs again.
      await client.query(add, ["122003"]);
      expect((await client.query("select count(*)::int as n from pins")).rows).toEqual([{ n: 2 }]);
    });
  });

  it("a read outside a transaction waits until the transaction running ends, and so never sees its rows", async () => {
    await onPglite(new StatementNames(), async (client) => {
      await client.query("create table lines (id int primary key)");
      let inside!: () => void;
      const started = new Promise<void>((resolve) => (inside = resolve));
      let abandon!: (error: Error) => void;
      const abandoned = new Promise<never>((_, reject) => (abandon = reject));
      const transaction = client.transaction(async (tx) => {
        await tx.query("insert into lines (id) values ($1)", [1]);
        inside();
        await abandoned;
      });
      await started;
      // Asked for while the transaction holds an uncommitted row, and given every chance to run
      // before the transaction ends; answered after its rollback.
      const count = client.query<{ n: number }>("select count(*)::int as n from lines where id > $1", [0]);
      await new Promise(setImmediate);
      abandon(new Error("the shopper left"));
      await expect(transaction).rejects.toThrow("the shopper left");
      expect((await count).rows).toEqual([{ n: 0 }]);
    });
  });

  it("prepares nothing when the deployer turns it off", async () => {
    const off = await openDatabase({ kind: "pglite-memory", preparedStatements: false });
    try {
      await off.db.execute(sql`select ${5}::int as unprepared_five`);
      const rows = (await off.db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as Rows<{ n: number }>;
      expect(rows.rows).toEqual([{ n: 0 }]);
    } finally {
      await off.close();
    }
  });

  it("leaves DDL to PGlite's own query(), and past the limit a new text runs unnamed and still answers", async () => {
    await onPglite(new StatementNames(1), async (client) => {
      await client.query("create table notes (id int)");
      expect((await client.query("select $1::int as a", [1])).rows).toEqual([{ a: 1 }]);
      expect((await client.query("select $1::int as b", [2])).rows).toEqual([{ b: 2 }]);
      expect(await preparedIn(client)).toEqual(["select $1::int as a"]);
    });
  });

  it("after a column's type changes under a prepared statement, fails once and then runs unnamed", async () => {
    const names = new StatementNames();
    await onPglite(names, (client) => typeChangedUnder((text, values) => client.query(text, values), names));
  });
});
