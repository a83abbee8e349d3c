// What a deployer watches (issue 47, decision 081): the shop's figures in Prometheus' text format
// (prom-client), per process as Prometheus expects: each instance counts what it did since it
// started, and a query sums the instances. One registry of the shop's own (never prom-client's
// global one: a development reload or a second test file would register a name twice).
// Counting costs a few nanoseconds a call; the runtime's own figures (event loop, GC, heap) and
// the figures read from the database at a scrape start only when /metrics is served.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

const registry = new Registry();
const registers = [registry];

const requests = new Counter({
  name: "haat_http_requests_total",
  help: "Requests answered, by route (React Router's route id, or what answered before it), method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers,
});
const latency = new Histogram({
  name: "haat_http_request_duration_seconds",
  help: "Time from the request's arrival to its response's end, by route and method.",
  labelNames: ["route", "method"] as const,
  // A page is meant to answer in tens of ms; a search of every order in a few hundred.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
const ordersPlaced = new Counter({
  name: "haat_orders_placed_total",
  help: "Orders placed (given their number), by how they are paid: cod, upi, card, online (paid online, its method not known when placed: netbanking, a wallet, or not said), or autopay (a standing order's mandate).",
  labelNames: ["payment_method"] as const,
  registers,
});
const paymentsFailed = new Counter({
  name: "haat_payments_failed_total",
  help: "Online payment attempts that failed, by where the failure was heard: checkout (the shopper's return), webhook (Razorpay's payment.failed), autopay (a mandate's charge).",
  labelNames: ["source"] as const,
  registers,
});
const refunds = new Counter({
  name: "haat_refunds_total",
  help: "Refunds asked for, by reason: cancelled, late, duplicate, short, weight, replaced, returned.",
  labelNames: ["reason"] as const,
  registers,
});
const codes = new Counter({
  name: "haat_signin_codes_total",
  help: "One-time sign-in codes by SMS, by provider and outcome (sent, or failed: kept for a retry).",
  labelNames: ["provider", "outcome"] as const,
  registers,
});
const messages = new Counter({
  name: "haat_messages_total",
  help: "Mails and SMS, each try by channel and outcome: sent, failed (kept in the queue for a retry), given_up (the queue's last retry failed).",
  labelNames: ["channel", "outcome"] as const,
  registers,
});
const packingLag = new Histogram({
  name: "haat_packing_lag_seconds",
  help: "From staff confirming an order to their marking it packed.",
  buckets: [600, 1800, 3600, 2 * 3600, 4 * 3600, 8 * 3600, 16 * 3600, 24 * 3600, 48 * 3600],
  registers,
});
const pageCache = new Counter({
  name: "haat_page_cache_total",
  help: "Signed-out catalogue pages the page cache may keep, by result: hit (a kept copy served) or miss (rendered, and offered to the cache).",
  labelNames: ["result"] as const,
  registers,
});
const splices = new Counter({
  name: "haat_splice_total",
  help: "Signed-in pages the splice may make, by result: spliced (the signed-out copy with the shopper's parts put in), or whole_<why> (rendered whole: message, lite, cache_off, reload, query, standing, no_copy, error).",
  labelNames: ["result"] as const,
  registers,
});

const readiness = new Gauge({
  name: "haat_ready",
  help: "What this instance last answered on /readyz, as the balancer saw it: 1 ready, 0 not (its checks failed, or it is draining).",
  registers,
});

const readinessChanges = new Counter({
  name: "haat_ready_changes_total",
  help: "Times this instance's /readyz answer turned (ready to not ready, or back): every turn, even between two scrapes.",
  registers,
});
let lastReady: boolean | null = null;

export type PaymentMethodLabel = "cod" | "upi" | "card" | "online" | "autopay";
export type MessageChannel = "mail" | "sms";

/** The counts the shop's code adds to: each written where the thing happens, once. */
export const metrics = {
  request(route: string, method: string, status: number, seconds: number): void {
    // Node takes some 30 methods; only these are the shop's (any other is one label, not a series each).
    const m = method === "GET" || method === "HEAD" || method === "POST" ? method : "OTHER";
    requests.inc({ route, method: m, status: String(status) });
    latency.observe({ route, method: m }, seconds);
  },
  orderPlaced(method: PaymentMethodLabel): void {
    ordersPlaced.inc({ payment_method: method });
  },
  paymentFailed(source: "checkout" | "webhook" | "autopay"): void {
    paymentsFailed.inc({ source });
  },
  refundAsked(reason: string): void {
    refunds.inc({ reason });
  },
  signInCode(provider: string, outcome: "sent" | "failed"): void {
    codes.inc({ provider, outcome });
  },
  message(channel: MessageChannel, outcome: "sent" | "failed" | "given_up"): void {
    messages.inc({ channel, outcome });
  },
  packed(confirmedAt: Date, at: Date): void {
    packingLag.observe(Math.max(0, (at.getTime() - confirmedAt.getTime()) / 1000));
  },
  pageCache(result: "hit" | "miss"): void {
    pageCache.inc({ result });
  },
  splice(result: string): void {
    splices.inc({ result });
  },
  ready(ok: boolean): void {
    if (lastReady !== null && lastReady !== ok) readinessChanges.inc();
    lastReady = ok;
    readiness.set(ok ? 1 : 0);
  },
};

/** A mail or SMS sender whose every try is counted: the one place a send is counted, whoever sends. */
export function countingSends<S extends { send(message: never): Promise<void> }>(channel: MessageChannel, sender: S): S {
  return {
    ...sender,
    async send(message: Parameters<S["send"]>[0]) {
      try {
        await sender.send(message);
      } catch (error) {
        metrics.message(channel, "failed");
        throw error;
      }
      metrics.message(channel, "sent");
    },
  };
}

/** What a scrape reads beyond the counters: from the database (cached a little) and the pool. */
export interface ScrapeSources {
  /** The next days' slots: places taken and capacity, today first. */
  slots(): Promise<{ daysAhead: number; kind: string; booked: number; capacity: number }[]>;
  /** Mails and SMS waiting in the queue for a retry, by channel. */
  queued(): Promise<{ channel: string; count: number }[]>;
  /** The database pool (PostgreSQL); null on the embedded database (one connection, no pool). */
  pool(): { total: number; idle: number; waiting: number } | null;
}

/** How long a scrape's database figures are kept: Prometheus scrapes every 15-60 s, and each instance is scraped. */
const SCRAPE_CACHE_MS = 15_000;
/** How long a scrape waits for the database's figures before it gives the last ones it had. */
const SCRAPE_READ_MS = 1_000;

/**
 * A database read for the scrape: kept 15 s, one at a time, and never holding the scrape up.
 * A database that is slow or down leaves the last figures (or none), never fails the scrape:
 * the runtime's figures matter most just then.
 */
function cached<T>(read: () => Promise<T>, fallback: T): () => Promise<T> {
  let last = fallback;
  let at = -Infinity;
  let inFlight: Promise<T> | null = null;
  return () => {
    if (Date.now() - at > SCRAPE_CACHE_MS && !inFlight) {
      inFlight = read().then(
        (value) => {
          last = value;
          at = Date.now();
          return value;
        },
        () => last,
      );
      void inFlight.finally(() => (inFlight = null));
    }
    if (!inFlight) return Promise.resolve(last);
    return Promise.race([inFlight, new Promise<T>((resolve) => setTimeout(() => resolve(last), SCRAPE_READ_MS).unref())]);
  };
}

let current: { slots: () => ReturnType<ScrapeSources["slots"]>; queued: () => ReturnType<ScrapeSources["queued"]>; pool: ScrapeSources["pool"] } | null = null;

/**
 * Starts the figures only a scrape needs: the runtime's, and gauges read at scrape time from
 * `sources` (registered once per process; a later call replaces the sources, as a test's new database does).
 */
export function exposeMetrics(sources: ScrapeSources): void {
  const first = current === null;
  current = { slots: cached(() => sources.slots(), []), queued: cached(() => sources.queued(), []), pool: sources.pool };
  if (!first) return;
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "haat_slot_fill_ratio",
    help: "Places taken ÷ capacity of each slot of the next days (days_ahead 0 is today); 1 or more is full. A closed slot (capacity 0) reads 1.",
    labelNames: ["days_ahead", "slot"] as const,
    registers,
    async collect() {
      const rows = await current!.slots();
      this.reset();
      for (const s of rows) this.set({ days_ahead: String(s.daysAhead), slot: s.kind }, s.capacity > 0 ? s.booked / s.capacity : 1);
    },
  });
  new Gauge({
    name: "haat_message_queue_depth",
    help: "Mails and SMS kept in the queue for a retry, by channel.",
    labelNames: ["channel"] as const,
    registers,
    async collect() {
      const rows = await current!.queued();
      for (const channel of ["mail", "sms"]) this.set({ channel }, rows.find((r) => r.channel === channel)?.count ?? 0);
    },
  });
  new Gauge({
    name: "haat_db_pool_connections",
    help: "The PostgreSQL pool's connections: total open, idle, and requests waiting for one.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = current!.pool();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
}

/** The scrape: every figure in Prometheus' text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** For tests: every counter back to zero (the runtime's figures and the gauges stay). */
export function resetMetrics(): void {
  for (const m of [requests, latency, ordersPlaced, paymentsFailed, refunds, codes, messages, packingLag, pageCache, splices, readiness, readinessChanges]) m.reset();
  lastReady = null;
}
