import type { Span } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { collectRequestStats, countingLogger, currentRequestStats, newRequestStats, oncePerRequest, serverTiming } from "./request-scope.server.ts";

describe("request scope", () => {
  it("counts the queries of the request they ran in, across awaits, and no other", async () => {
    const a = newRequestStats("GET");
    const b = newRequestStats("POST");
    await Promise.all([
      collectRequestStats(a, async () => {
        countingLogger.logQuery();
        await new Promise((r) => setTimeout(r, 1));
        countingLogger.logQuery();
      }),
      collectRequestStats(b, async () => {
        await Promise.resolve();
        countingLogger.logQuery();
        expect(currentRequestStats()).toBe(b);
      }),
    ]);
    countingLogger.logQuery(); // outside any request: counted nowhere
    expect([a.queries, b.queries]).toEqual([2, 1]);
  });

  it("shares a read among a GET's callers, never on a POST or outside a request", async () => {
    let reads = 0;
    const read = () => oncePerRequest("settings", async () => ++reads);
    expect(await collectRequestStats(newRequestStats("GET"), () => Promise.all([read(), read(), read()]))).toEqual([1, 1, 1]);
    // Another request reads for itself.
    expect(await collectRequestStats(newRequestStats("HEAD"), () => Promise.all([read(), read()]))).toEqual([2, 2]);
    // An action may change what was read: each caller reads afresh.
    expect(await collectRequestStats(newRequestStats("POST"), () => Promise.all([read(), read()]))).toEqual([3, 4]);
    expect(await read()).toBe(5);
  });

  it("gives a copy made inside a request (the splice's signed-out copy) figures of its own and the request's trace", async () => {
    const span = { spanContext: () => ({ traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", traceFlags: 0 }) } as unknown as Span;
    const outer = { ...newRequestStats("GET"), span };
    const inner = await collectRequestStats(outer, async () => newRequestStats("GET"));
    expect(inner).not.toBe(outer);
    expect(inner.span).toBe(span);
    expect(inner.shared).not.toBe(outer.shared);
    expect(newRequestStats("GET").span).toBeUndefined();
  });

  it("writes a Server-Timing header", () => {
    expect(serverTiming({ ...newRequestStats("GET"), queries: 1 }, 0.84)).toBe('db;desc="1 query", app;dur=0.8');
    expect(serverTiming({ ...newRequestStats("GET"), queries: 3, renderMs: 2.06 }, 4)).toBe('db;desc="3 queries", render;dur=2.1, app;dur=4.0');
  });
});
