// What a deployer watches, on the production server as it runs (issue 47): /metrics only to the
// scraper (its token, or a port of its own), /healthz for a live process, /readyz 503 while
// draining at shutdown and while PostgreSQL refuses connections, 200 again when it is back.
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";

beforeAll(() => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
});
afterEach(killServers);

/** Polls `url` until it answers `status`; how long that took, in ms (throws past `withinMs`). */
async function answersWithin(url: string, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const answer = await fetch(url).catch(() => null);
    if (answer?.status === status) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer ${status} within ${withinMs} ms`);
}

describe("the deployer's endpoints", () => {
  it("answers /metrics only to a scraper with the token, in Prometheus' text format", async () => {
    const port = await freePort();
    runServer({ DATA_DIR: path.join(tmpDir(), "data"), PORT: String(port), METRICS_TOKEN: TOKEN });
    await waitHealthy(port);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
    const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    // The home page, counted under its route, not its URL; the runtime's own figures; the slots' fill.
    expect(text).toMatch(/^haat_http_requests_total\{route="\/",method="GET",status="200"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^haat_slot_fill_ratio\{days_ahead="1",slot="morning"\} 0$/m);
  });

  it("serves /metrics on METRICS_PORT alone, never on the shop's port", async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    runServer({ DATA_DIR: path.join(tmpDir(), "data"), PORT: String(port), METRICS_PORT: String(metricsPort) });
    await waitHealthy(port);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain("haat_http_requests_total");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });

  it("says not ready while it drains on SIGTERM, still serving, then exits", async () => {
    const port = await freePort();
    const server = runServer({ DATA_DIR: path.join(tmpDir(), "data"), PORT: String(port), SHUTDOWN_DRAIN_SECONDS: "3" });
    await waitHealthy(port);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    await answersWithin(`${base}/readyz`, 503, 2_000);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: "draining" });
    // Still alive, still serving: the balancer moves its shoppers away before a request is refused.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect(await server.exited).toBe(0);
  });
});

const postgresUrl = process.env.DATABASE_URL;
describe.runIf(postgresUrl)("readiness when PostgreSQL goes away", () => {
  it("answers 503 within 10 s of the database refusing connections, and 200 within 10 s of its return", async () => {
    const name = `haat_ready_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    try {
      const port = await freePort();
      const server = runServer({
        DATABASE_URL: url.toString(),
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        SESSION_SECRET: "a-test-secret-that-is-long-enough-0123456789",
        SEED_DEMO: "true",
      });
      await waitHealthy(port).catch((error: Error) => {
        throw new Error(`${error.message}: ${server.output().slice(-2000)}`);
      });
      const ready = `http://127.0.0.1:${port}/readyz`;
      await answersWithin(ready, 200, 30_000);
      // Its connections cut, and no new one let in: a database that is down.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      expect(await answersWithin(ready, 503, 10_000)).toBeLessThan(10_000);
      // Alive all the while: nothing for a supervisor to restart.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      await admin.query(`alter database ${name} allow_connections true`);
      expect(await answersWithin(ready, 200, 10_000)).toBeLessThan(10_000);
    } finally {
      killServers();
      await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  }, 120_000);
});
