// What belongs to one request beyond React Router's context, reachable from the Shop's code
// without passing it down: its figures (how many database queries it ran, how long its page
// took to render: in the request's log line and, with SERVER_TIMING=1, a Server-Timing header)
// and the reads its loaders share (a page's loaders asking for the same settings read once).
import { AsyncLocalStorage } from "node:async_hooks";
import type { Span } from "@opentelemetry/api";

export interface RequestStats {
  queries: number;
  /** React's render of the page, until the whole HTML is ready (null for non-page answers). */
  renderMs: number | null;
  /** A GET or HEAD: it changes nothing, so one read can serve all its loaders. */
  readOnly: boolean;
  shared: Map<string, Promise<unknown>>;
  /** With tracing on, the request's span: its log lines name its trace even when the sampler dropped it. */
  span?: Span;
}

const storage = new AsyncLocalStorage<RequestStats>();

export function newRequestStats(method: string): RequestStats {
  // Made inside a request (the splice's signed-out copy, the cart page's shell), its figures are
  // its own but its trace is the request's: its log lines name it even when the sampler dropped it.
  const span = storage.getStore()?.span;
  return { queries: 0, renderMs: null, readOnly: method === "GET" || method === "HEAD", shared: new Map(), ...(span && { span }) };
}

/** Runs the rest of the request with its figures collected in `stats`. */
export function collectRequestStats<T>(stats: RequestStats, fn: () => T): T {
  return storage.run(stats, fn);
}

export function currentRequestStats(): RequestStats | undefined {
  return storage.getStore();
}

/**
 * `load()` once per read-only request, its answer shared by every caller in that request; on a
 * request that may change things (an action, then its loaders), or outside any request, each
 * caller reads afresh.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const stats = storage.getStore();
  if (!stats?.readOnly) return load();
  let read = stats.shared.get(key) as Promise<T> | undefined;
  if (!read) {
    read = load();
    stats.shared.set(key, read);
  }
  return read;
}

/** Drizzle's logger: called once per query it sends (not for BEGIN/COMMIT). */
export const countingLogger = {
  logQuery() {
    const stats = storage.getStore();
    if (stats) stats.queries++;
  },
};

/** The Server-Timing header: `db;desc="3 queries", render;dur=2.1, app;dur=4.0`. */
export function serverTiming(stats: RequestStats, appMs: number): string {
  const parts = [`db;desc="${stats.queries} ${stats.queries === 1 ? "query" : "queries"}"`];
  if (stats.renderMs !== null) parts.push(`render;dur=${stats.renderMs.toFixed(1)}`);
  parts.push(`app;dur=${appMs.toFixed(1)}`);
  return parts.join(", ");
}
