import { sample } from "../../../tests/metrics-sample.ts";
import { describe, expect, it } from "vitest";
import { bearerMatches, metricRoute } from "../edge.server.ts";
import { countingSends, exposeMetrics, metrics, metricsText, resetMetrics } from "./metrics.server.ts";

describe("the shop's metrics", () => {
  it("counts requests by route, method and status, with their time in the histogram", async () => {
    resetMetrics();
    metrics.request("/product/:id", "GET", 200, 0.012);
    metrics.request("/product/:id", "GET", 200, 0.3);
    metrics.request("/product/:id", "GET", 404, 0.002);
    expect(await sample("haat_http_requests_total", { route: "/product/:id", method: "GET", status: "200" })).toBe(2);
    expect(await sample("haat_http_requests_total", { route: "/product/:id", method: "GET", status: "404" })).toBe(1);
    expect(await sample("haat_http_request_duration_seconds_bucket", { le: "0.025", route: "/product/:id", method: "GET" })).toBe(2);
    expect(await sample("haat_http_request_duration_seconds_count", { route: "/product/:id", method: "GET" })).toBe(3);
    // Methods no page takes are one label, not a series each.
    metrics.request("/", "PROPFIND", 404, 0.001);
    metrics.request("/", "MKCOL", 404, 0.001);
    expect(await sample("haat_http_requests_total", { route: "/", method: "OTHER", status: "404" })).toBe(2);
  });

  it("never waits on a database that does not answer: the scrape goes on with the last figures it had", async () => {
    let calls = 0;
    exposeMetrics({
      slots: () => {
        calls++;
        return new Promise(() => {});
      },
      queued: async () => [{ channel: "mail", count: 3 }],
      pool: () => ({ total: 4, idle: 1, waiting: 2 }),
    });
    const started = Date.now();
    expect(await sample("haat_message_queue_depth", { channel: "mail" })).toBe(3);
    expect(await sample("haat_db_pool_connections", { state: "waiting" })).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
    await metricsText();
    // One read in flight at a time, however many scrapes wait on it.
    expect(calls).toBe(1);
  });

  it("names a request no route answered by what answered it, never by its raw path", () => {
    expect(metricRoute("/product/:id", "/product/12")).toBe("/product/:id");
    expect(metricRoute(null, "/readyz")).toBe("/readyz");
    expect(metricRoute(null, "/assets/entry-abc.js")).toBe("static");
    expect(metricRoute(null, "/favicon.ico")).toBe("static");
    expect(metricRoute(null, "/wp-login")).toBe("other");
  });

  it("counts each send's try by channel, and passes a failure on", async () => {
    resetMetrics();
    const sent: string[] = [];
    const ok = countingSends("sms", { provider: "outbox", send: async (m: string) => void sent.push(m) });
    const broken = countingSends("mail", {
      send: async () => {
        throw new Error("SMTP down");
      },
    });
    await ok.send("hello");
    expect(ok.provider).toBe("outbox");
    await expect(broken.send()).rejects.toThrow("SMTP down");
    expect(sent).toEqual(["hello"]);
    expect(await sample("haat_messages_total", { channel: "sms", outcome: "sent" })).toBe(1);
    expect(await sample("haat_messages_total", { channel: "mail", outcome: "failed" })).toBe(1);
  });

  it("takes the scrape's token only whole, after Bearer", () => {
    const token = "t".repeat(40);
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });
});
