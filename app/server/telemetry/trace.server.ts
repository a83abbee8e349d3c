// OpenTelemetry traces (issue 47, decision 082): the app's side, which imports only OpenTelemetry's API.
// The SDK is started by tracing.ts (server.ts's main, when OTEL_* variables ask for traces) and
// registers its tracer provider globally; until one is registered every helper here is a plain
// call: no span is made, not even a no-op one.
//
// What a span may carry: route patterns, route ids, use-case names, SQL with its $n
// placeholders, status codes, counts. Never a URL's query, a form's field, a name, an e-mail, a
// phone number or an address (the traces test greps an exported trace for them).
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  isSpanContextValid,
  type Attributes,
  type Span,
  type Tracer,
  type TracerProvider,
} from "@opentelemetry/api";
import type { InstrumentationHandlerResult, ServerInstrumentation } from "react-router";
import { currentRequestStats } from "../request-scope.server.ts";

const NAME = "haat";

type Proxy = TracerProvider & { getDelegate?: () => TracerProvider; getDelegateTracer?: (name: string) => Tracer | undefined };
let known: { delegate: TracerProvider; tracer: Tracer | undefined } | null = null;

/** The registered SDK's tracer, or undefined while no SDK is registered (the API's proxy has no delegate). */
function sdkTracer(): Tracer | undefined {
  const provider = trace.getTracerProvider() as Proxy;
  if (!provider.getDelegate) return provider.getTracer(NAME);
  // Asked for every statement and use case: the tracer is kept while the same SDK is registered.
  const delegate = provider.getDelegate();
  if (known?.delegate !== delegate) known = { delegate, tracer: provider.getDelegateTracer!(NAME) };
  return known.tracer;
}

/** Whether an SDK is registered now: spans are made. */
export function tracing(): boolean {
  return sdkTracer() !== undefined;
}

function failed(span: Span, error: unknown) {
  // The error's kind only: a message can quote what a shopper typed.
  const code = (error as { code?: unknown } | null)?.code;
  span.setAttribute("error.type", typeof code === "string" ? code : error instanceof Error ? error.name : "Error");
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * Runs `fn` inside a span named `name` (its children nest under it), within a request's or a job's
 * trace; just runs it when tracing is off or nothing is being traced (no stray one-span traces).
 */
export function traced<T>(name: string, attributes: Attributes, fn: () => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  const tracer = sdkTracer();
  if (!tracer || !trace.getActiveSpan()) return fn();
  return inSpan(tracer, name, attributes, kind, fn);
}

function inSpan<T>(tracer: Tracer, name: string, attributes: Attributes, kind: SpanKind, fn: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A call to another service (Razorpay, the SMS or mail provider, speech, the ERP): a client span named for it. */
export function outsideCall<T>(service: string, operation: string, fn: () => Promise<T>): Promise<T> {
  return traced(`${service} ${operation}`, { "peer.service": service, "haat.operation": operation }, fn, SpanKind.CLIENT);
}

/**
 * `client` with each of `methods` (by default every method it has) an outside call of `service` (a
 * span per call, named for the method) when tracing is on; `client` itself otherwise.
 */
export function tracedCalls<T extends object>(service: string, client: T, methods?: readonly (keyof T & string)[]): T {
  if (!tracing()) return client;
  methods ??= Object.keys(client).filter((key) => typeof (client as Record<string, unknown>)[key] === "function") as (keyof T & string)[];
  // The client's own properties (getters stay getters), with the methods replaced.
  const wrapped = Object.create(Object.getPrototypeOf(client), Object.getOwnPropertyDescriptors(client)) as T;
  for (const method of methods) {
    const fn = client[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[method] = (...args: unknown[]) => outsideCall(service, method, () => fn.apply(client, args));
  }
  return wrapped;
}

/** Notes what happened on the current span (a page cache hit, a splice's outcome); nothing when none is recording. */
export function noteSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/**
 * The trace and span ids of a span, or of the active one, for a log line (OpenTelemetry's log field
 * names); in a request the sampler dropped, which runs outside any span, its request span's.
 */
export function traceFields(span: Span | null = trace.getActiveSpan() ?? currentRequestStats()?.span ?? null): { trace_id?: string; span_id?: string } {
  const ids = span?.spanContext();
  return ids && isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
}

/** A request's server span, continuing a caller's W3C trace context; null when tracing is off. */
export interface RequestSpan {
  /** Its `isRecording()` says whether the sampler kept it: only then do the loaders, use cases, statements and outside calls under it make spans. */
  span: Span;
  /** Runs the rest of the request inside the span. */
  within<T>(fn: () => T): T;
  /** Names the span by its route (a pattern, never the URL), records the status and ends it. */
  end(route: string, status: number): void;
}

/**
 * `trustCaller`: the request came through a proxy the shop trusts (TRUST_PROXY), whose
 * `traceparent` the span continues. Anyone else's is only linked: a stranger's sampled flag must
 * not make the shop record every request, nor choose the trace id its logs carry.
 */
export function startRequestSpan(method: string, headers: Record<string, string | string[] | undefined>, trustCaller: boolean): RequestSpan | null {
  const tracer = sdkTracer();
  if (!tracer) return null;
  const caller = headers.traceparent ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
  const callerSpan = trace.getSpanContext(caller);
  const parent = trustCaller ? caller : ROOT_CONTEXT;
  const links = !trustCaller && callerSpan && isSpanContextValid(callerSpan) ? [{ context: callerSpan }] : [];
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method }, links }, parent);
  // Dropped by the sampler (nine requests in ten at a ratio of 0.1): nothing under it would be
  // kept, so the request runs outside any span's context. Its loaders, use cases, statements and
  // outside calls then make no span at all, not even a non-recording one, and switch no context.
  // Its log lines still name its trace (traceFields finds it in the request's stats); its outside
  // calls carry no traceparent, whose only news would have been "not sampled".
  if (!span.isRecording()) return { span, within: (fn) => fn(), end: () => span.end() };
  const inside = trace.setSpan(parent, span);
  return {
    span,
    within: (fn) => context.with(inside, fn),
    end(route, status) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** A background job's run (the payment sweep, the mail retry, the standing orders): a root span of its own. */
export function tracedJob<T>(job: string, fn: () => Promise<T>): Promise<T> {
  const tracer = sdkTracer();
  if (!tracer) return fn();
  return context.with(ROOT_CONTEXT, () => inSpan(tracer, `job ${job}`, { "haat.job": job }, SpanKind.INTERNAL, fn));
}

/** Wraps every function in a tree of use cases (bindUseCases' result) in a span named `use-case group.name`. */
export function tracedTree<T extends object>(tree: T, prefix = ""): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "function") {
      out[key] = (...args: unknown[]) => {
        const tracer = sdkTracer();
        if (!tracer || !trace.getActiveSpan()) return value(...args);
        // A use case may answer synchronously; its span then ends at once.
        return tracer.startActiveSpan(`use-case ${name}`, { attributes: { "haat.use_case": name } }, (span) => {
          try {
            const answer = value(...args);
            if (answer instanceof Promise) {
              return answer.then(
                (v) => (span.end(), v),
                (error) => {
                  failed(span, error);
                  span.end();
                  throw error;
                },
              );
            }
            span.end();
            return answer;
          } catch (error) {
            failed(span, error);
            span.end();
            throw error;
          }
        });
      };
    } else if (value && typeof value === "object") out[key] = tracedTree(value, name);
    else out[key] = value;
  }
  return out as T;
}

/** The first SQL keyword, upper-cased: a database span's name and operation. */
export function sqlOperation(text: string): string {
  return /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? "QUERY";
}

/**
 * A PGlite statement's span, as instrumentation-pg makes for PostgreSQL's: the SQL text with its
 * placeholders, never its values; none outside a request or a job (the migrations at start).
 */
export function databaseSpan<T>(text: string, fn: () => Promise<T>): Promise<T> {
  const tracer = sdkTracer();
  if (!tracer || !trace.getActiveSpan()) return fn();
  const operation = sqlOperation(text);
  // A statement has no spans under it: made under the active span without entering its own
  // context, which spares an async-context switch per statement (a signed-in page makes ~15).
  const span = tracer.startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { "db.system.name": "postgresql", "db.namespace": "pglite", "db.operation.name": operation, "db.query.text": text },
  });
  const ended = (error?: unknown) => {
    if (error !== undefined) failed(span, error);
    span.end();
  };
  let answer: Promise<T>;
  try {
    answer = fn();
  } catch (error) {
    ended(error ?? new Error("threw"));
    throw error;
  }
  return answer.then(
    (value) => (ended(), value),
    (error: unknown) => {
      ended(error ?? new Error("rejected"));
      throw error;
    },
  );
}

type RouteRun = () => Promise<InstrumentationHandlerResult>;

/** A loader's, an action's or a middleware's span, named by its route id; its outcome recorded. */
function routeSpan(kind: "loader" | "action", id: string, pattern: string, run: RouteRun): Promise<void> {
  const tracer = sdkTracer();
  // Outside a recorded request (one the sampler dropped) it would start a stray trace of its own.
  if (!tracer || !trace.getActiveSpan()) return run().then(() => undefined);
  return tracer.startActiveSpan(`${kind} ${id}`, { attributes: { "react_router.route.id": id, "http.route": pattern } }, async (span) => {
    try {
      const result = await run();
      if (result.status === "error") failed(span, result.error);
    } finally {
      span.end();
    }
  });
}

// A loader's and an action's spans. Not the middlewares': the root's six would nest six spans of
// one name; the two that matter (the page cache, the splice) make their own.
const routeSpans: ServerInstrumentation = {
  route({ id, instrument }) {
    instrument({
      loader: (run, { pattern }) => routeSpan("loader", id, pattern, run),
      action: (run, { pattern }) => routeSpan("action", id, pattern, run),
    });
  },
};

/**
 * React Router's instrumentations (app/entry.server.tsx exports them): spans for each route's
 * loader and action when tracing is on; undefined otherwise, so nothing is wrapped.
 */
export function routeInstrumentations(): ServerInstrumentation[] | undefined {
  return tracing() ? [routeSpans] : undefined;
}
