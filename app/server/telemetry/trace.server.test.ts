// The app's spans (issue 47), with an in-memory exporter: nothing while no SDK is registered;
// then the request's server span continuing a caller's context, use cases, outside calls,
// PGlite's statements, log lines naming their span, and no error message in any attribute.
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { propagation } from "@opentelemetry/api";
import { InMemorySpanExporter, SamplingDecision, SimpleSpanProcessor, TracerProvider, type Sampler } from "@opentelemetry/sdk-trace";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redactedUrl, tracingRequested, withoutMessages } from "../../../tracing.ts";
import { openDatabase } from "../db/client.server.ts";
import { configureLog, log } from "../log.server.ts";
import { collectRequestStats, newRequestStats } from "../request-scope.server.ts";
import {
  databaseSpan,
  noteSpan,
  outsideCall,
  routeInstrumentations,
  sqlOperation,
  startRequestSpan,
  traced,
  tracedCalls,
  tracedJob,
  tracedTree,
  traceFields,
  tracing,
} from "./trace.server.ts";

describe("with no SDK registered", () => {
  it("makes no span and changes nothing", async () => {
    expect(tracing()).toBe(false);
    expect(await traced("x", {}, async () => 7)).toBe(7);
    expect(startRequestSpan("GET", { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" }, true)).toBeNull();
    expect(traceFields()).toEqual({});
    expect(routeInstrumentations()).toBeUndefined();
    const client = { send: async () => "sent" };
    expect(tracedCalls("mail", client, ["send"])).toBe(client);
    const tree = { a: { b: () => 1 } };
    expect(tracedTree(tree).a.b()).toBe(1);
  });
});

describe("with an SDK registered", () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  /** The spans made inside requests, without the requests' own. */
  const spans = () => exporter.getFinishedSpans().filter((s) => s.kind !== SpanKind.SERVER);
  const inRequest = async (fn: () => Promise<unknown>) => {
    const request = startRequestSpan("GET", {}, false)!;
    await request.within(fn);
    request.end("/", 200);
  };
  const lines: Record<string, unknown>[] = [];

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    configureLog({ write: (line) => lines.push(JSON.parse(line)) });
  });
  afterEach(() => {
    exporter.reset();
    lines.length = 0;
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it("continues a trusted caller's trace in the request's span, named by its route when it ends", async () => {
    const request = startRequestSpan("GET", { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" }, true)!;
    await request.within(() => traced("inner", {}, async () => log.info("inside")));
    request.end("/product/:id", 503);
    const [inner, server] = exporter.getFinishedSpans();
    expect(server).toMatchObject({ name: "GET /product/:id", kind: SpanKind.SERVER, status: { code: SpanStatusCode.ERROR } });
    expect(server!.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(server!.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    expect(server!.attributes).toMatchObject({ "http.route": "/product/:id", "http.response.status_code": 503 });
    expect(inner!.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
    // A log line inside a span names it.
    expect(lines[0]).toMatchObject({ msg: "inside", trace_id: "0af7651916cd43dd8448eb211c80319c", span_id: inner!.spanContext().spanId });
  });

  it("only links a stranger's trace: a new trace, not the caller's id nor its sampling", async () => {
    startRequestSpan("POST", { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" }, false)!.end("/cart", 200);
    const [server] = exporter.getFinishedSpans();
    expect(server!.spanContext().traceId).not.toBe("0af7651916cd43dd8448eb211c80319c");
    expect(server!.parentSpanContext).toBeUndefined();
    expect(server!.links.map((l) => l.context.traceId)).toEqual(["0af7651916cd43dd8448eb211c80319c"]);
  });

  it("makes no span outside a request's or a job's trace", async () => {
    expect(await traced("stray", {}, async () => 1)).toBe(1);
    expect(await outsideCall("erp", "/api/products", async () => 2)).toBe(2);
    expect(exporter.getFinishedSpans()).toEqual([]);
    await tracedJob("payment-sweep", () => traced("inner", {}, async () => 3));
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.parentSpanContext?.spanId === undefined])).toEqual([
      ["inner", false],
      ["job payment-sweep", true],
    ]);
  });

  it("records a failure's kind, never its message (which can quote what a shopper typed)", async () => {
    const error = Object.assign(new Error("asha@example.in is already registered"), { code: "conflict" });
    await inRequest(() => expect(traced("sign-up", {}, () => Promise.reject(error))).rejects.toBe(error));
    const [span] = spans();
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes["error.type"]).toBe("conflict");
    expect(JSON.stringify([span!.attributes, span!.events, span!.status])).not.toContain("asha@example.in");
  });

  it("gives each use case of a tree a span named by its place, whether it answers at once, later or fails", async () => {
    const cases = tracedTree({
      cart: { add: async (n: number) => n + 1, count: () => 3 },
      cancel: { cancel: async () => Promise.reject(new Error("too late")) },
      limit: 5,
    });
    await inRequest(async () => {
      expect(await cases.cart.add(1)).toBe(2);
      expect(cases.cart.count()).toBe(3);
      await expect(cases.cancel.cancel()).rejects.toThrow("too late");
    });
    expect(cases.limit).toBe(5);
    expect(spans().map((s) => [s.name, s.status.code])).toEqual([
      ["use-case cart.add", SpanStatusCode.UNSET],
      ["use-case cart.count", SpanStatusCode.UNSET],
      ["use-case cancel.cancel", SpanStatusCode.ERROR],
    ]);
  });

  it("makes an outside call a client span and keeps the client's other properties, getters included", async () => {
    let opened = false;
    const client = {
      provider: "msg91",
      get open() {
        return opened;
      },
      send: async (to: string) => `sent to ${to}`,
    };
    const traced = tracedCalls("sms-msg91", client, ["send"]);
    expect({ ...traced }.provider).toBe("msg91");
    opened = true;
    expect(traced.open).toBe(true);
    await inRequest(async () => {
      expect(await traced.send("9876543210")).toBe("sent to 9876543210");
      await outsideCall("razorpay", "createOrder", async () => null);
    });
    expect(spans().map((s) => [s.name, s.kind, s.attributes["peer.service"]])).toEqual([
      ["sms-msg91 send", SpanKind.CLIENT, "sms-msg91"],
      ["razorpay createOrder", SpanKind.CLIENT, "razorpay"],
    ]);
    expect(JSON.stringify(spans().map((s) => s.attributes))).not.toContain("9876543210");
  });

  it("notes a page's outcome on the request's span", async () => {
    await inRequest(async () => noteSpan({ "haat.page_cache": "hit" }));
    expect(exporter.getFinishedSpans()[0]!.attributes["haat.page_cache"]).toBe("hit");
    // Outside any span: nothing, and no error.
    expect(() => noteSpan({ "haat.page_cache": "hit" })).not.toThrow();
  });

  it("gives PGlite's statements spans with their SQL and placeholders, not their values, inside a request only", async () => {
    const database = await openDatabase({ kind: "pglite-memory" });
    try {
      exporter.reset();
      // Outside any span (as the migrations ran): no span.
      await database.db.execute(sql`select ${"outside"}::text as x`);
      expect(spans()).toEqual([]);
      // Nor a transaction outside one (the migrator's).
      await database.db.transaction(async (tx) => tx.execute(sql`select 1`));
      expect(spans()).toEqual([]);
      await inRequest(async () => {
        await database.db.execute(sql`select ${"asha@example.in"}::text as email`);
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select ${"9876543210"}::text as phone`);
        });
      });
      const names = spans().map((s) => s.name);
      expect(names).toEqual(["SELECT", "SELECT", "TRANSACTION"]);
      const [first, inner, transaction] = spans();
      expect(first!.attributes).toMatchObject({ "db.system.name": "postgresql", "db.operation.name": "SELECT", "db.query.text": "select $1::text as email" });
      expect(inner!.parentSpanContext?.spanId).toBe(transaction!.spanContext().spanId);
      expect(JSON.stringify(spans().map((s) => s.attributes))).not.toMatch(/asha@example\.in|9876543210/);
    } finally {
      await database.close();
    }
  });

  it("offers React Router spans for each route's loader and action", () => {
    expect(routeInstrumentations()).toHaveLength(1);
  });

  it("names a statement by its first keyword", async () => {
    expect(sqlOperation('  insert into "orders"')).toBe("INSERT");
    expect(sqlOperation("(select 1) union (select 2)")).toBe("QUERY");
    await databaseSpan("select 1", async () => 1);
    expect(spans()).toEqual([]);
  });

  it("records a statement's failure by its code, under the span it ran in, which stays the active one", async () => {
    await inRequest(async () => {
      const outer = trace.getActiveSpan();
      await expect(
        databaseSpan("select $1::int", async () => {
          // A statement makes no spans of its own: the request's span is still the active one.
          expect(trace.getActiveSpan()).toBe(outer);
          throw Object.assign(new Error('invalid input syntax for type integer: "asha@example.in"'), { code: "22P02" });
        }),
      ).rejects.toThrow();
    });
    const [statement] = spans();
    const request = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
    expect([statement!.name, statement!.kind, statement!.status.code, statement!.attributes["error.type"]]).toEqual(["SELECT", SpanKind.CLIENT, SpanStatusCode.ERROR, "22P02"]);
    expect(statement!.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(JSON.stringify([statement!.attributes, statement!.status, statement!.events])).not.toMatch(/asha@example\.in/);
  });

  it("keeps a failure's kind but never its message on the instrumentations' spans (tracing.ts)", async () => {
    await inRequest(async () => {
      const span = trace.getTracer("test").startSpan("pg.query:SELECT");
      withoutMessages(span);
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'invalid input syntax for type integer: "asha@example.in"' });
      span.recordException(Object.assign(new Error('value "9876543210" is out of range'), { code: "22003" }));
      span.end();
    });
    const [span] = spans();
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span!.events[0]!.attributes).toMatchObject({ "exception.type": "22003" });
    expect(JSON.stringify([span!.status, span!.events])).not.toMatch(/asha@example\.in|9876543210/);
  });
});

describe("with a sampler that drops the request", () => {
  const exporter = new InMemorySpanExporter();
  // Drops every request's span and would keep any other: a child made under a dropped request, or a
  // loader's span starting a trace of its own, would be exported.
  const sampler: Sampler = {
    shouldSample: (_context, _traceId, _name, kind) => ({ decision: kind === SpanKind.SERVER ? SamplingDecision.NOT_RECORD : SamplingDecision.RECORD_AND_SAMPLED }),
    toString: () => "drops requests",
  };
  const provider = new TracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const lines: Record<string, unknown>[] = [];

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    configureLog({ write: (line) => lines.push(JSON.parse(line)) });
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  it("runs it outside any span: its loaders, use cases and statements make none, and its log lines still name its trace", async () => {
    const request = startRequestSpan("GET", {}, false)!;
    expect(request.span.isRecording()).toBe(false);
    let loader: ((run: () => Promise<unknown>, info: { pattern: string }) => Promise<void>) | undefined;
    routeInstrumentations()![0]!.route!({ id: "routes/product", instrument: (handlers: { loader?: typeof loader }) => (loader = handlers.loader) } as never);
    const cases = tracedTree({ cart: { add: async (n: number) => n + 1 } });
    const stats = { ...newRequestStats("GET"), span: request.span };
    await request.within(() =>
      collectRequestStats(stats, async () => {
        expect(trace.getActiveSpan()).toBeUndefined();
        await loader!(async () => ({ status: "success", error: undefined }), { pattern: "/product/:id" });
        expect(await cases.cart.add(1)).toBe(2);
        await traced("inner", {}, async () => databaseSpan("select 1", async () => outsideCall("razorpay", "createOrder", async () => log.info("inside"))));
      }),
    );
    request.end("/product/:id", 200);
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ msg: "inside", trace_id: request.span.spanContext().traceId, span_id: request.span.spanContext().spanId })]);
  });
});

describe("whether the OTEL_* variables ask for traces (tracing.ts)", () => {
  it("says yes for an endpoint or an exporter, no when unset, disabled or none", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: "haat" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: "console" })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "TRUE" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toBe(false);
  });

  it("takes a URL's query values out before a span holds it", () => {
    expect(redactedUrl(new URL("https://nominatim.example/reverse?format=jsonv2&lat=28.459500&lon=77.026600&key=secret"))).toEqual({
      full: "https://nominatim.example/reverse?format=REDACTED&lat=REDACTED&lon=REDACTED&key=REDACTED",
      query: "?format=REDACTED&lat=REDACTED&lon=REDACTED&key=REDACTED",
    });
    expect(redactedUrl(new URL("https://api.razorpay.com/v1/orders"))).toEqual({ full: "https://api.razorpay.com/v1/orders", query: "" });
  });
});
