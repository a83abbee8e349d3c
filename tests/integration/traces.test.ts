// OpenTelemetry traces (issue 47), on the production server as a deployer runs it: with the
// OTEL_* variables pointing at a collector (the OTLP stand-in), a checkout through the JSON API is
// one trace (continuing the caller's traceparent) with the request's, the action's, the use
// case's, each statement's (hand-made on PGlite, instrumentation-pg's on PostgreSQL) and the
// mail's spans; the request's log line names the trace; no span carries the shopper's name,
// e-mail, phone or street. With the variables unset, no module of the SDK is ever loaded.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from "../standins/otlp-collector.ts";
import { freePort, hasBuild, killServers, runServer, tmpDir, waitHealthy } from "./spawn-server.ts";

const SHOPPER = { name: "Zubeida Qureshi", email: "zubeida.qureshi@example.in", mobile: "9812345670", street: "42 Jacaranda Marg" };
const SECRET = "a-test-secret-that-is-long-enough-0123456789";

let collector: OtlpCollector;
beforeAll(async () => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
  collector = await startOtlpCollector();
});
afterEach(killServers);
afterAll(async () => {
  await collector?.close();
});

/** Vitest's own polling, until `find` returns something: the batch processor sends every 50 ms here. */
const eventually = <T>(find: () => T | undefined, what: string, timeout = 10_000) =>
  vi.waitFor(
    () => {
      const found = find();
      if (found === undefined) throw new Error(`no ${what} yet`);
      return found;
    },
    { timeout, interval: 50 },
  );

async function api(port: number, pathname: string, params: object, token?: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify({ params }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as the callers read it
  return { status: answer.status, body: (await answer.json()) as any };
}

const postgresUrl = process.env.DATABASE_URL;
const databases = [{ name: "PGlite" as const }, ...(postgresUrl ? [{ name: "PostgreSQL" as const }] : [])];

describe.each(databases)("a checkout's trace on $name", ({ name }) => {
  let dropDatabase = async () => {};
  afterAll(() => dropDatabase());

  it("is one trace of the request, its action, the use case, each statement and the mail, with no personal data", async () => {
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      DATA_DIR: path.join(tmpDir(), "data"),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "50",
      OTEL_SERVICE_NAME: `haat-${name.toLowerCase()}`,
      // The test is the trusted proxy: its traceparent is continued.
      TRUST_PROXY: "loopback",
    };
    if (name === "PostgreSQL") {
      const database = `haat_traces_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database ${database}`);
      await admin.end();
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${database} with (force)`);
        await cleanup.end();
      };
      const url = new URL(postgresUrl!);
      url.pathname = `/${database}`;
      Object.assign(env, { DATABASE_URL: url.toString(), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, SESSION_SECRET: SECRET, SEED_DEMO: "true" });
    }
    const server = runServer(env);
    await waitHealthy(port).catch((error: Error) => {
      throw new Error(`${error.message}: ${server.output().slice(-2000)}`);
    });

    const registered = await api(port, "/api/auth/register", { name: SHOPPER.name, email: SHOPPER.email, mobile: SHOPPER.mobile, password: "correct horse battery" });
    const token = registered.body.result.access_token as string;
    const address = await api(port, "/api/customer/addresses/new", { name: SHOPPER.name, phone: SHOPPER.mobile, email: SHOPPER.email, street: SHOPPER.street, zip: "122002" }, token);
    await api(port, "/api/cart/add", { internal_reference: "GP-DRY-ALM-250G", quantity: 2 }, token);
    const cart = await api(port, "/api/cart/get", {}, token);
    // The caller's trace context: the order's spans continue it.
    const traceId = randomBytes(16).toString("hex");
    const callerSpan = randomBytes(8).toString("hex");
    const placed = await api(port, "/api/order/create", { cart_id: cart.body.result.cart_id, address_id: address.body.result.address_id, payment_method: "cod" }, token, {
      traceparent: `00-${traceId}-${callerSpan}-01`,
    });
    expect(placed.body.result).toMatchObject({ success: true, already_placed: false });

    const request = await eventually(() => collector.spans.find((s) => s.traceId === traceId && s.kind === 2), "server span");
    const inTrace = () => collector.spans.filter((s) => s.traceId === traceId);
    const named = (prefix: string) => inTrace().filter((s) => s.name.startsWith(prefix));
    // The request: named by its route, never its URL, under the caller's span.
    expect(request).toMatchObject({ name: "POST /api/*", parentSpanId: callerSpan, service: `haat-${name.toLowerCase()}` });
    expect(request.attributes).toMatchObject({ "http.route": "/api/*", "http.response.status_code": 200, "http.request.method": "POST" });
    // Its action, the use case inside it, the statements inside that, the confirmation mail.
    const action = await eventually(() => named("action routes/api")[0], "action span");
    const useCase = await eventually(() => named("use-case placeOrder.placeOrder")[0], "use-case span");
    expect(action.attributes["react_router.route.id"]).toBe("routes/api");
    const ancestors = (span: CollectedSpan): string[] => {
      const parent = collector.spans.find((s) => s.spanId === span.parentSpanId);
      return parent ? [parent.name, ...ancestors(parent)] : [];
    };
    expect(ancestors(useCase)).toContain("action routes/api");
    expect(ancestors(useCase)).toContain("POST /api/*");
    const insertOrderEvent = await eventually(
      () => collector.spans.find((s) => s.traceId === traceId && String(s.attributes["db.query.text"] ?? "").startsWith('insert into "order_events"')),
      "statement span",
    );
    expect(insertOrderEvent.kind).toBe(3);
    // Named by its operation, on PostgreSQL too, where the statement runs prepared under a name of the process's own (decision 090).
    expect(insertOrderEvent.name).toMatch(/^(pg\.query:)?INSERT\b/);
    expect(insertOrderEvent.attributes["db.system.name"]).toBe("postgresql");
    // Placeholders only: the values stay in the database.
    expect(insertOrderEvent.attributes["db.query.text"]).toMatch(/\$1/);
    expect(ancestors(insertOrderEvent)).toContain("use-case placeOrder.placeOrder");
    const mail = await eventually(() => collector.spans.find((s) => s.traceId === traceId && s.name === "mail-outbox send"), "mail span");
    expect(mail.attributes["peer.service"]).toBe("mail-outbox");

    // The request's log line carries the trace's and the server span's ids.
    const logLines = () =>
      server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = logLines().find((l) => l.msg === "request" && l.path === "/api/order/create");
    expect(line).toMatchObject({ trace_id: traceId, span_id: request.spanId });

    // A caller's trace it chose not to record (flag 00): an order placed in it is not recorded, and
    // nothing under it (the action, the use case, the statements, the mail) starts a trace of its own.
    const unsampled = randomBytes(16).toString("hex");
    await api(port, "/api/cart/add", { internal_reference: "GP-DRY-ALM-250G", quantity: 1 }, token);
    const again = await api(port, "/api/cart/get", {}, token);
    const unrecordedOrder = await api(port, "/api/order/create", { cart_id: again.body.result.cart_id, address_id: address.body.result.address_id, payment_method: "cod" }, token, {
      traceparent: `00-${unsampled}-${callerSpan}-00`,
    });
    expect(unrecordedOrder.body.result).toMatchObject({ success: true, already_placed: false });

    // A page as a browser asks for it, and as the client-side router does (.data): each a trace
    // named by its route, with its loaders inside and what the page cache did.
    for (const asked of ["/product/1", "/product/1.data", "/product/1"]) expect((await fetch(`http://127.0.0.1:${port}${asked}`)).status).toBe(200);
    const pages = await eventually(() => {
      const found = collector.spans.filter((s) => s.kind === 2 && s.name === "GET /product/:id" && s.service === `haat-${name.toLowerCase()}`);
      return found.length === 3 ? found : undefined;
    }, "three product page spans");
    expect(pages.map((s) => s.attributes["haat.page_cache"])).toEqual(expect.arrayContaining(["miss", "hit"]));
    const loader = await eventually(() => collector.spans.find((s) => s.name === "loader routes/product" && s.traceId === pages[0]!.traceId), "loader span");
    expect(loader.attributes["http.route"]).toBe("product/:id");
    // Exported after the unrecorded request's would have been: none of it is there, and every span
    // but a request's or a background job's has a parent.
    expect(collector.spans.filter((s) => s.traceId === unsampled)).toEqual([]);
    const strays = collector.spans.filter((s) => s.service === `haat-${name.toLowerCase()}` && s.kind !== 2 && !s.parentSpanId && !s.name.startsWith("job "));
    expect(strays.map((s) => s.name)).toEqual([]);
    // A line written inside the unrecorded request (its confirmation mail's) still names its trace.
    const mailLines = logLines().filter((l) => typeof l.msg === "string" && l.msg.startsWith("mail kept in the outbox"));
    expect(mailLines.map((l) => l.trace_id)).toContain(unsampled);

    // Nothing the shopper gave is anywhere in what was exported in the run (sign-up, address, cart,
    // order): names, attributes, statuses, events, links, resources.
    const mine = collector.spans.filter((s) => s.service === `haat-${name.toLowerCase()}`);
    expect(mine.length).toBeGreaterThan(20);
    const everything = collector.bodies.join("\n");
    for (const value of [SHOPPER.name, "Zubeida", "Qureshi", SHOPPER.email, SHOPPER.mobile, SHOPPER.street, "Jacaranda", token]) expect(everything).not.toContain(value);
  });
});

describe("tracing off", () => {
  it("loads no module of the SDK when no OTEL_* variable asks for traces, and does when one does", async () => {
    const run = async (env: Record<string, string>) => {
      const record = path.join(tmpDir(), "modules.txt");
      const port = await freePort();
      // The runner's own OTEL_* variables (a developer's) left out: only `env`'s count.
      const unset = Object.fromEntries(
        Object.keys(process.env)
          .filter((key) => key.startsWith("OTEL_"))
          .map((key) => [key, ""]),
      );
      const server = runServer({ ...unset, PORT: String(port), DATA_DIR: path.join(tmpDir(), "data"), RECORD_MODULES_TO: record, ...env }, ["--import", "./tests/record-modules.ts"]);
      await waitHealthy(port).catch((error: Error) => {
        throw new Error(`${error.message}: ${server.output().slice(-2000)}`);
      });
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      server.child.kill("SIGKILL");
      const loaded = fs.existsSync(record) ? fs.readFileSync(record, "utf8").split("\n").filter(Boolean) : [];
      return { sdk: loaded.filter((url) => !/\/@opentelemetry\/api\//.test(url)), api: loaded.some((url) => /\/@opentelemetry\/api\//.test(url)), output: server.output() };
    };
    const off = await run({});
    expect(off.sdk).toEqual([]);
    // The app's side is the API alone, which makes no span while no SDK is registered.
    expect(off.api).toBe(true);
    expect(off.output).not.toContain("trace_id");
    // An endpoint with OTEL_SDK_DISABLED is still off.
    expect((await run({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SDK_DISABLED: "true" })).sdk).toEqual([]);
    const on = await run({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" });
    expect(on.sdk.some((url) => url.includes("/@opentelemetry/sdk-node/"))).toBe(true);
    expect(on.sdk.some((url) => url.includes("/@opentelemetry/instrumentation-pg/"))).toBe(true);
    // Three servers started in turn, each seeding its demo data: over a minute on a busy 2-core machine.
  }, 180_000);
});
