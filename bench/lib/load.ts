// Load test of one URL with autocannon: a short warm-up run whose figures are thrown away,
// then the measured run.
import autocannon from "autocannon";

export interface LoadOptions {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Sent with every request, like a browser's; "identity" turns compression off. */
  acceptEncoding: string;
  /** A signed-in shopper's Cookie header, for pages that need one. */
  cookie?: string;
  /** More headers sent with every request (a trusted proxy's traceparent). */
  headers?: Record<string, string>;
  /** A JSON API call instead of a page: POSTed with this body and these headers (a bearer). */
  post?: { body: string; headers: Record<string, string> };
}

export interface LoadResult {
  url: string;
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response body bytes per request, as sent (compressed when the server compressed). */
  bytesPerRequest: number;
}

function once(url: string, seconds: number, o: LoadOptions): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: o.connections,
    duration: seconds,
    headers: { accept: "text/html,*/*", "accept-encoding": o.acceptEncoding, ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers, ...o.post?.headers },
    ...(o.post ? { method: "POST" as const, body: o.post.body } : {}),
  });
}

/**
 * One request on its own, after the server has finished what went before: requests
 * abandoned at the end of a run are still being worked on, and this one queues behind them.
 */
/** What the shop says of one answer in its Server-Timing header (SERVER_TIMING=1): queries run and render time. */
export interface ServerTiming {
  queries: number | null;
  renderMs: number | null;
}

export function parseServerTiming(header: string | null): ServerTiming {
  const queries = header?.match(/\bdb;desc="(\d+) quer(?:y|ies)"/);
  const render = header?.match(/\brender;dur=([\d.]+)/);
  return { queries: queries ? Number(queries[1]) : null, renderMs: render ? Number(render[1]) : null };
}

export async function drain(url: string, acceptEncoding: string, cookie?: string, post?: LoadOptions["post"]): Promise<{ status: number; ms: number; timing: ServerTiming }> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      redirect: "manual",
      headers: { accept: "text/html,*/*", "accept-encoding": acceptEncoding, ...(cookie ? { cookie } : {}), ...post?.headers },
      ...(post ? { method: "POST", body: post.body } : {}),
      signal: AbortSignal.timeout(120_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started, timing: parseServerTiming(res.headers.get("server-timing")) };
  } catch {
    return { status: 0, ms: performance.now() - started, timing: parseServerTiming(null) };
  }
}

export async function loadTest(url: string, o: LoadOptions): Promise<LoadResult> {
  if (o.warmupSeconds > 0) {
    await once(url, o.warmupSeconds, o);
    await drain(url, o.acceptEncoding, o.cookie, o.post);
  }
  const r = await once(url, o.seconds, o);
  await drain(url, o.acceptEncoding, o.cookie, o.post);
  return {
    url,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerRequest: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
  };
}
