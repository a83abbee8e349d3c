// OpenTelemetry's Node SDK for Haat (issue 47, decision 082), started by server.ts's main before
// the app (and with it `pg`) is loaded, so instrumentation-pg can patch pg's client. Configured
// only by the standard OTEL_* variables, which NodeSDK reads itself (exporter, endpoint, headers,
// protocol, sampler, service name, resource attributes, batch settings, OTEL_SDK_DISABLED).
// When they ask for no traces, nothing of the SDK is imported and the app makes no spans.
//
// Runs natively, like server.ts, and is never part of the build: the app's own spans come from
// app/server/telemetry/trace.server.ts, which imports only @opentelemetry/api and finds the
// provider registered here.

import type { Span } from "@opentelemetry/api";

/** Whether the OTEL_* variables ask for traces: an OTLP endpoint, or a traces exporter other than none. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (exporters.includes("none")) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || exporters.length);
}

/** A URL as a span may hold it: the query's values (a geocoder's coordinates, a provider's parameters) taken out. */
export function redactedUrl(url: URL): { full: string; query: string } {
  const names = [...new Set(url.searchParams.keys())];
  const query = names.length ? `?${names.map((name) => `${encodeURIComponent(name)}=REDACTED`).join("&")}` : "";
  return { full: `${url.origin}${url.pathname}${query}`, query };
}

/**
 * A span whose status and exceptions keep their kind but never their message: PostgreSQL's can
 * quote a value a shopper typed ('invalid input syntax for type integer: "…"').
 */
export function withoutMessages(span: Span): void {
  const setStatus = span.setStatus.bind(span);
  span.setStatus = (status) => setStatus({ code: status.code });
  const recordException = span.recordException.bind(span);
  span.recordException = (exception, time) => {
    if (typeof exception === "string") return recordException({ name: "Error" }, time);
    recordException({ name: exception.name ?? "Error", ...(exception.code === undefined ? {} : { code: exception.code }) }, time);
  };
}

/**
 * A PostgreSQL statement's span. instrumentation-pg names a named statement's span by its name; the
 * shop names statements in the order a process meets them (decision 090), so names differ by
 * instance and start: the span keeps the operation's name (`pg.query:INSERT haat`) instead.
 */
export function statementSpan(span: Span, info: { connection: { database?: string }; query: { text?: string; name?: string } }): void {
  withoutMessages(span);
  const { name, text } = info.query;
  if (!name || !text) return;
  const first = text.trim().split(/\s/, 1)[0]!.toUpperCase().replace(/;$/, "");
  span.updateName(`pg.query:${first}${info.connection.database ? ` ${info.connection.database}` : ""}`);
}

export interface Tracing {
  /** Sends the spans still buffered, then stops the SDK (server.ts, before the process exits). */
  shutdown(): Promise<void>;
}

/** Starts the SDK when the OTEL_* variables ask for traces; null when they do not (nothing loaded). */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!tracingRequested(env)) return null;
  const [{ NodeSDK }, { PgInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/instrumentation-pg"),
    import("@opentelemetry/instrumentation-undici"),
  ]);
  const named = Boolean(env.OTEL_SERVICE_NAME?.trim()) || /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? "");
  const sdk = new NodeSDK({
    // Named "haat" unless the deployer names it (OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES).
    ...(named ? {} : { serviceName: "haat" }),
    // Metrics are prom-client's (/metrics) and logs are stdout's: no OTLP metrics push, no log exporter.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Only inside a request's or a job's span; no connect spans; never the statements' values.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true, enhancedDatabaseReporting: false, requestHook: statementSpan }),
      new UndiciInstrumentation({
        requireParentforSpans: true,
        requestHook: withoutMessages,
        startSpanHook(request) {
          try {
            const url = redactedUrl(new URL(request.path, request.origin));
            return { "url.full": url.full, "url.query": url.query };
          } catch {
            return {};
          }
        },
      }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
