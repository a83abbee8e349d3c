// PostgreSQL parses and plans every unnamed statement it is sent. The shop sends the same few
// hundred texts over and over with new values (a cart line, an order, a slot), so each connection
// prepares a text once, under a name, and afterwards only binds new values (decision 090). On
// PostgreSQL only statements with values are named: node-postgres sends them by the extended
// protocol already, so nothing else about how they run changes; a text without values (BEGIN, a
// migration) goes as it always did. The embedded database's part is at the end.
import { messages, parse, protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import { log } from "../log.server.ts";

/** Distinct texts this process names at most: each connection keeps a plan for each text it ran. */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * What PostgreSQL answers when a migration changed a column's type under a prepared statement:
 * "cached plan must not change result type" (0A000); a parameter's type, fixed at the Parse, no
 * longer compares (42883) or fits (42804). An unnamed statement would infer them again.
 */
const STALE = new Set(["0A000", "42883", "42804"]);
/** "prepared statement … does not exist": the server closed it (see `prepareRepeated`). */
const NOT_PREPARED = "26000";

/** The process's names for statement texts: the same text has the same name on every connection. */
export class StatementNames {
  readonly #names = new Map<string, string | null>();
  readonly #limit: number;
  #issued = 0;

  constructor(limit = MAX_NAMED_STATEMENTS) {
    this.#limit = limit;
  }

  /** The name `text` runs under, or undefined: past the limit, and once its plan went stale, it runs unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known ?? undefined;
    if (this.#issued >= this.#limit) {
      if (this.#issued++ === this.#limit) log.warn("no more statement texts are prepared; new ones run unnamed", { limit: this.#limit });
      return undefined;
    }
    const name = `haat_${(this.#issued++).toString(36)}`;
    this.#names.set(text, name);
    return name;
  }

  /**
   * A text whose prepared plan PostgreSQL refused (a column's type changed by a migration on
   * another instance) runs unnamed from now on, on every connection, rather than fail again on
   * each connection that prepared it.
   */
  forget(text: string): void {
    this.#names.set(text, null);
  }

  get size(): number {
    return Math.min(this.#issued, this.#limit);
  }
}

type Values = unknown[] | undefined;
interface Config {
  text?: unknown;
  name?: unknown;
  values?: Values;
  submit?: unknown;
  queryMode?: unknown;
}
type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Makes `client` run every text with values as a named statement of `names`. */
export function prepareRepeated(client: pg.ClientBase, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  const named: Query = (config, values, callback) => {
    if (typeof values === "function") return query(config, values);
    const plain: Config | null = typeof config === "string" ? { text: config } : config && typeof config === "object" ? (config as Config) : null;
    // A cursor or stream (submit), a name or protocol chosen by the caller: left as they are.
    if (!plain || typeof plain.text !== "string" || plain.name !== undefined || plain.submit !== undefined || plain.queryMode !== undefined) return query(config, values, callback);
    const bound = (values ?? plain.values) as Values;
    if (!Array.isArray(bound) || bound.length === 0) return query(config, values, callback);
    const text = plain.text;
    const name = names.nameOf(text);
    if (!name) return query(config, values, callback);
    const stale = (error: unknown) => {
      const code = (error as { code?: string } | null)?.code;
      if (code && STALE.has(code)) names.forget(text);
      // A value node-postgres could not serialise makes it close the statement on the server while
      // it still counts it as prepared; the next run then finds it missing and parses it again.
      if (code === NOT_PREPARED) delete (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[name];
    };
    // pg.Pool's own query() passes a callback; Drizzle's transactions await a promise.
    if (typeof callback === "function")
      return query({ ...plain, name }, values, (error: unknown, result: unknown) => {
        stale(error);
        (callback as (e: unknown, r: unknown) => void)(error, result);
      });
    const result = query({ ...plain, name }, values);
    if (result instanceof Promise) result.catch(stale);
    return result;
  };
  (client as unknown as { query: Query }).query = named;
}

// ---------------------------------------------------------------------------------------------
// PGlite (the embedded database) has one connection inside this process. Its `query()` sends
// every statement unnamed, in six calls into the WebAssembly (Parse, Describe, Bind, Describe,
// Execute, Sync), so PostgreSQL parses and plans it each time; and it copies its whole table of
// about 320 type parsers whenever a statement brings parsers of its own, as Drizzle's do. A read or
// write is instead parsed once under the process's name for its text, and then runs as one
// message of Bind, Describe, Execute and Sync (decision 090).

/**
 * The types Drizzle's PGlite driver asks to be left as text with every statement (timestamps,
 * dates, intervals, and arrays of those and of numerics). A table with those left as text is made
 * once; a statement that asks for exactly that, and nothing else, is answered with it.
 */
export const KEPT_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
/** What a parser that leaves its text alone gives back. */
const SAMPLE = "2027-06-02 06:00:00+05:30";
type Parsers = PGlite["parsers"];
/**
 * The statements a shop repeats: reads and writes of rows, with values or without (the settings'
 * read has none). Its migrations' DDL, and BEGIN and COMMIT, which PGlite sends apart, go its own way.
 */
const REPEATED = /^\s*(select|with|insert|update|delete)\b/i;

type PgliteQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<unknown>>;
/** What PGlite keeps for its own `query()` and `transaction()`, not in its types. */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
}

/** Makes `client`, inside and outside its transactions, run every read and write as a named statement of `names`. */
export function prepareRepeatedPglite(client: PGlite, names: StatementNames): void {
  const keptAsText: Parsers = { ...client.parsers, ...Object.fromEntries(KEPT_AS_TEXT.map((oid) => [oid, asText])) };
  const internals = client as unknown as PgliteInternals;
  // A name's parameter types, learnt when it was parsed: a value is written as its type wants.
  const parameterTypes = new Map<string, number[]>();
  const { serialize } = protocol;

  /** How the fast path reads a statement's answer, or null for a statement it leaves to PGlite's own `query()`. */
  const fitting = (text: string, options: QueryOptions | undefined): { options: QueryOptions | undefined; parsers: Parsers } | null => {
    if (!REPEATED.test(text)) return null;
    if (!options) return { options, parsers: client.parsers };
    if (options.blob || options.paramTypes || options.serializers || options.onNotice) return null;
    if (!options.parsers) return { options, parsers: client.parsers };
    // Only parsers that leave their types' text alone, as Drizzle's do, are answered from the table made once.
    for (const [key, parser] of Object.entries(options.parsers)) if (!KEPT_AS_TEXT.includes(Number(key)) || parser(SAMPLE, Number(key)) !== SAMPLE) return null;
    return { options: { rowMode: options.rowMode }, parsers: keptAsText };
  };

  const run = async (text: string, name: string, params: unknown[] = [], asked: QueryOptions | undefined, fit: NonNullable<ReturnType<typeof fitting>>, outside: boolean) =>
    client.runExclusive(async () => {
      try {
        let known = parameterTypes.get(name);
        if (!known) {
          const described = await client.execProtocolStream(Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]), {
            syncToFs: false,
          });
          known = parse.parseDescribeStatementResults(described);
          parameterTypes.set(name, known);
        }
        const types = known;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write = client.serializers[types[i]!];
          return write ? write(value) : String(value);
        });
        // Outside a transaction PGlite writes its files after each statement, as its query() does.
        const answered = await client.execProtocolStream(
          Buffer.concat([serialize.bind({ statement: name, values: values as string[] }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
          { syncToFs: outside },
        );
        return parse.parseResults(answered, fit.parsers, fit.options)[0]!;
      } catch (error) {
        const code = (error as { code?: string } | null)?.code;
        if (code && STALE.has(code)) names.forget(text);
        if (code === NOT_PREPARED) parameterTypes.delete(name);
        // As PGlite's own query() does: the database's error names its statement.
        if (error instanceof messages.DatabaseError) Object.assign(error, { query: text, params, queryOptions: asked });
        throw error;
      }
    });

  const named =
    (query: PgliteQuery, outside: boolean, closed: () => boolean): PgliteQuery =>
    async (text, params, options) => {
      const fit = fitting(text, options);
      const name = fit && names.nameOf(text);
      if (!fit || !name) return query(text, params, options);
      if (closed()) throw new Error("Transaction is closed");
      if (!outside) return run(text, name, params, options, fit, false);
      // Outside a transaction a statement waits, as PGlite's own does, for any transaction to end.
      await internals._checkReady();
      return internals._runExclusiveTransaction(() => run(text, name, params, options, fit, true));
    };

  client.query = named(client.query.bind(client) as PgliteQuery, true, () => false) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: Parameters<PGlite["transaction"]>[0]) =>
    transaction((tx) => {
      tx.query = named(tx.query.bind(tx) as PgliteQuery, false, () => tx.closed) as Transaction["query"];
      return work(tx);
    })) as PGlite["transaction"];
}
