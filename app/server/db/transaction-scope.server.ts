// No network call while a database transaction is open (issue 24). A transaction holds row locks
// (and, on the embedded database, its only connection) for as long as it is open: a slow payment
// provider, ERP or mail server inside one would stall every request that needs those rows.
// Every transaction runs inside this scope, and every way out of the process (fetch, and each
// outbound client by name) asks outsideTransaction() first: one added inside a transaction throws
// at once, so the suites that exercise it fail.
import { errorFields, log } from "../log.server.ts";
import { AsyncLocalStorage } from "node:async_hooks";

/** An open transaction: what to do once it has committed. */
interface Open {
  committed: (() => void)[];
}

const scope = new AsyncLocalStorage<Open>();

export class NetworkInTransaction extends Error {
  constructor(what: string) {
    super(`${what} was called while a database transaction is open: make the call before the transaction or after it commits`);
    this.name = "NetworkInTransaction";
  }
}

/** Throws NetworkInTransaction when called inside a database transaction. */
export function outsideTransaction(what: string): void {
  if (scope.getStore()) throw new NetworkInTransaction(what);
}

/** Whether the caller runs inside a database transaction. */
export function inTransaction(): boolean {
  return scope.getStore() !== undefined;
}

/**
 * Runs `done` once the caller's transaction has committed (now, outside one): what counts a thing
 * done (a metric) never counts one rolled back. Never for a transaction that rolls back; a
 * savepoint (drizzle's `tx.transaction`) rolled back inside one that commits still runs its
 * steps: no counted work runs in a savepoint today.
 */
export function onCommit(done: () => void): void {
  const open = scope.getStore();
  if (open) open.committed.push(done);
  else done();
}

interface Transacting {
  transaction: (...args: never[]) => unknown;
}

/**
 * Makes every `db.transaction(fn)` run `fn` inside the scope (drizzle's nested transactions are
 * savepoints of it, and theirs wait for the outermost commit), and runs its `onCommit`s after it commits.
 */
export function scopeTransactions<D extends Transacting>(db: D): D {
  const original = db.transaction.bind(db) as (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  (db as { transaction: unknown }).transaction = async (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    const open: Open = { committed: [] };
    const result = await original((tx) => scope.run(open, () => fn(tx)), config);
    // Committed: what follows is counting, and a count that throws must not make a committed change look failed.
    for (const done of open.committed) {
      try {
        done();
      } catch (error) {
        log.error("an after-commit step failed", errorFields(error));
      }
    }
    return result;
  };
  return db;
}

let fetchGuarded = false;

/** Guards the process's fetch too: any outbound HTTP call, whoever makes it. */
export function guardFetch(): void {
  if (fetchGuarded) return;
  fetchGuarded = true;
  const original = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    outsideTransaction(`fetch(${typeof input === "string" ? input.split("?")[0] : input instanceof URL ? input.origin + input.pathname : "a Request"})`);
    return original(input, init);
  }) as typeof fetch;
}

/** Wraps an outbound client so each of its methods asks outsideTransaction() first (fakes in tests included). */
export function guardClient<T extends object>(what: string, client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        outsideTransaction(`${what} (${String(key)})`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
