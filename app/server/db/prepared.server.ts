// PostgreSQL parses and plans every unnamed statement it is sent. The shop sends the same few
// hundred texts over and over with new values (a cart line, an order, a slot), so each connection
// prepares a text once, under a name, and afterwards only binds new values (decision 090). Only
// statements with values are named: they use the extended protocol already, so nothing else about
// how they run changes; a text without values (BEGIN, a migration) goes as it always did.
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
      if (this.#issued++ === this.#limit) log.warn("PostgreSQL: no more statement texts are prepared; new ones run unnamed", { limit: this.#limit });
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
