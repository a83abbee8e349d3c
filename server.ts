// Haat's production server: Express 5, compression, static assets, /healthz, and the
// React Router request handler with a RouterContextProvider that carries the Shop.
// Run by Node 24 directly (type stripping), after `npm run build`; `npm start` does both.
//
// Everything of the app's that this server uses (the Shop, the context keys, the
// configuration, the data-directory lock) comes from the server build it loads, through
// the server entry (app/entry.server.tsx), so this process holds one copy of each module
// (docs/decisions/016-one-module-copy-at-run-time.md). Only node-env runs natively: it
// must set NODE_ENV before React loads, and the build never imports it.
import { development } from "./app/server/node-env.server.ts";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler as createRouterHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { startTracing, type Tracing } from "./tracing.ts";
// Types only (erased at run time): the values come from the loaded build.
import type * as AppEntry from "./app/entry.server.tsx";
import type { Env } from "./app/server/env.server.ts";
import type { RequestInfo } from "./app/server/context.server.ts";
import type { PartRecord } from "./app/components/splice-protocol.tsx";
import type { Shop } from "./app/server/shop/port.server.ts";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Exit codes a deployer's supervisor can tell apart. */
export const EXIT = { config: 2, dataDir: 3, port: 4, database: 5 } as const;

/** How long /readyz waits for the database's answers before it says not ready. */
const READY_WITHIN_MS = 2_000;

const timeout = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(resolve, ms, value).unref());

/** How long an idle kept-alive connection stays open: longer than the 60 s idle timeout load balancers and clients commonly use. */
const KEEP_ALIVE_MS = 65_000;

export class StartupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

function checkDataDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.unlinkSync(probe);
  } catch (error) {
    throw new StartupError(
      `The data directory ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        `Set DATA_DIR to a directory this user can write, or fix its permissions.`,
      EXIT.dataDir,
    );
  }
}

/** The server entry's exports: what server.ts takes from the build. */
export type Entry = typeof AppEntry;

const NEEDED = [
  "openShop",
  "shopOptionsFromEnv",
  "shopContext",
  "requestInfoContext",
  "readEnv",
  "checkServerEnv",
  "ConfigError",
  "lockDataDir",
  "DataDirLockedError",
  "compressionOptions",
  "refusesCrossSiteWrite",
  "CROSS_SITE_REFUSAL",
  "startKeptMailRetry",
  "startPaymentSweep",
  "startSubscriptionJob",
  "startRetentionJob",
  "startExportJob",
  "bodyLimitFor",
  "UNREADABLE_FORM",
  "edge",
  "collectRequestStats",
  "newRequestStats",
  "serverTiming",
  "imageStoreFor",
  "MEDIA_PATH",
  "serveMedia",
  "languageBuilds",
] as const satisfies readonly (keyof Entry)[];

/** The app as this server sees it: the server build and its entry module. */
export interface LoadedApp {
  entry: Entry;
  /** The build to serve a request with: loaded once in production, kept fresh by Vite in development. */
  build(): Promise<ServerBuild>;
  vite: ViteDevServer | null;
  close(): Promise<void>;
}

function entryOf(build: ServerBuild): Entry {
  const entry = build.entry.module as unknown as Partial<Entry>;
  const missing = NEEDED.filter((name) => entry[name] === undefined);
  if (missing.length) {
    throw new StartupError(`The server build does not export ${missing.join(", ")} from app/entry.server.tsx: it is older than server.ts. Run \`npm run build\`.`, EXIT.config);
  }
  return entry as Entry;
}

/** Production: build/server/index.js. Development: the same modules through Vite. */
export async function loadApp(dev = development): Promise<LoadedApp> {
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    try {
      return { entry: entryOf(await build()), build, vite, close: () => vite.close() };
    } catch (error) {
      await vite.close();
      throw error;
    }
  }
  const buildFile = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(buildFile)) {
    throw new StartupError("No production build found: run `npm run build` (or `npm start`, which builds when needed).", EXIT.config);
  }
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  return { entry: entryOf(build), build: async () => build, vite: null, close: async () => {} };
}

export interface RunningServer {
  server: Server;
  shop: Shop;
  port: number;
  /** METRICS_PORT's listener's port, when there is one. */
  metricsPort: number | null;
  close(): Promise<void>;
  /** SIGTERM's first step: /readyz says 503 while the server keeps serving, for SHUTDOWN_DRAIN_SECONDS. */
  drain(): Promise<void>;
}

/** Serves `loaded` (from loadApp) with the configuration `env` (from the app's own readEnv). */
export async function startServer(loaded: LoadedApp, env: Env): Promise<RunningServer> {
  const {
    bodyLimitFor,
    checkServerEnv,
    collectRequestStats,
    compressionOptions,
    newRequestStats,
    CROSS_SITE_REFUSAL,
    DataDirLockedError,
    edge,
    imageStoreFor,
    lockDataDir,
    MEDIA_PATH,
    openShop,
    shopOptionsFromEnv,
    refusesCrossSiteWrite,
    serveMedia,
    serverTiming,
    startKeptMailRetry,
    startPaymentSweep,
    startSubscriptionJob,
    startRetentionJob,
    startExportJob,
    UNREADABLE_FORM,
  } = loaded.entry;
  edge.configureLog({ level: env.LOG_LEVEL });
  try {
    checkServerEnv(env);
  } catch (error) {
    throw new StartupError((error as Error).message, EXIT.config);
  }
  let releaseLock = () => {};
  if (!env.DATABASE_URL) {
    checkDataDir(env.dataDir);
    try {
      releaseLock = lockDataDir(env.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new StartupError(error.message, EXIT.dataDir);
      throw error;
    }
  }

  // Product photos' files (decision 041): DATA_DIR/images, or a bucket with IMAGE_STORE_URL.
  const images = imageStoreFor(env);
  let opened: Shop;
  try {
    opened = await openShop(shopOptionsFromEnv(env, images));
  } catch (error) {
    releaseLock();
    throw new StartupError(edge.databaseStartupMessage(error, env.DATABASE_URL), EXIT.database);
  }
  // Routes get the Shop whose lost connections become a 503 page, never a crash.
  const shop = edge.withUnavailablePage(opened);

  // Set on SIGTERM (drain()): /readyz answers 503 so the balancer stops sending requests here.
  let draining = false;
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY);

  // First: every response gets its request id, its security headers and its log line,
  // whatever answers it (a refusal below, a static file, a page).
  const [common, commonOverHttps] = [edge.commonSecurityHeaders(env, false), edge.commonSecurityHeaders(env, true)];
  app.use((req, res, next) => {
    const started = performance.now();
    const stats = newRequestStats(req.method);
    // With tracing on (tracing.ts), the request's server span: everything below runs inside it.
    const span = edge.requestSpan(req.method, req.path, req.headers, Boolean(env.TRUST_PROXY));
    const requestId = edge.requestIdOf(req.get("x-request-id"));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    // req.secure: HTTPS, or X-Forwarded-Proto https from a proxy TRUST_PROXY trusts.
    for (const [name, value] of req.secure ? commonOverHttps : common) res.setHeader(name, value);
    edge.beforeHeaders(res, () => {
      // Pages set their own policy with their nonce; anything else may load nothing.
      if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", edge.RESOURCE_POLICY);
      // A page that sets a stricter referrer policy (a link's page with a token) has its own
      // appended after the default: the page's alone goes out.
      const referrer = res.getHeader("Referrer-Policy");
      if (Array.isArray(referrer)) res.setHeader("Referrer-Policy", referrer.at(-1)!);
      if (env.SERVER_TIMING) res.setHeader("Server-Timing", serverTiming(stats, performance.now() - started));
    });
    // "close" comes for every response, also one cut short (the client went away).
    res.once("close", () =>
      edge.logRequest({
        requestId,
        method: req.method,
        // The path as asked: req.path loses a mounted handler's prefix (/assets, /media).
        path: req.originalUrl.split("?")[0]!,
        status: res.writableFinished ? res.statusCode : 499,
        ms: performance.now() - started,
        route: (res.locals.requestInfo as { route?: string | null } | undefined)?.route,
        stats,
        span,
      }),
    );
    // Everything after this, to the last await of the request, counts into `stats`.
    if (span) {
      stats.span = span.span;
      span.within(() => collectRequestStats(stats, next));
    } else collectRequestStats(stats, next);
  });

  // Probes come before the host check: a load balancer or an orchestrator asks by the
  // instance's own address (or with no Host at all), and the answer holds no link.
  // Liveness: the process answers. A database that is down is readiness's business: restarting
  // every instance would not bring it back (issue 47).
  app.get("/healthz", (_req, res) => {
    res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Readiness, for a load balancer: send shoppers here only when every check holds, within a
  // bound (a database that hangs is not ready), and never once shutting down.
  app.get("/readyz", async (_req, res) => {
    const answer = (ok: boolean, body: object) => {
      // What the balancer saw, for the readiness-flapping alert (deploy/prometheus).
      edge.metrics.ready(ok);
      res
        .status(ok ? 200 : 503)
        .set("Cache-Control", "no-store")
        .json(body);
    };
    if (draining) return answer(false, { status: "draining" });
    const checks = await Promise.race([shop.ready(), timeout(READY_WITHIN_MS, { database: false, migrations: false, catalogue: false })]);
    const ok = checks.database && checks.migrations && checks.catalogue;
    answer(ok, { status: ok ? "ready" : "not ready", checks });
  });
  // Prometheus (issue 47): here only to a scraper with the token; with METRICS_PORT, on that port alone.
  const metricsOn = env.METRICS_PORT !== undefined || env.METRICS_TOKEN !== undefined;
  if (metricsOn) edge.exposeShopMetrics(shop);
  const scrape = async (_req: express.Request, res: express.Response) => {
    const { contentType, body } = await edge.metricsText();
    res.status(200).set({ "Content-Type": contentType, "Cache-Control": "no-store" }).send(body);
  };
  if (env.METRICS_TOKEN && env.METRICS_PORT === undefined) {
    const token = env.METRICS_TOKEN;
    app.get("/metrics", (req, res, next) => (edge.bearerMatches(req.get("authorization"), token) ? scrape(req, res).catch(next) : next()));
  }

  // A request for another host name is refused: the Host header never reaches a link.
  app.use((req, res, next) => {
    // React Router builds the request's URL from X-Forwarded-Host when there is one: it must pass too.
    const forwarded = req.get("x-forwarded-host");
    if (!edge.isAllowedHost(req.get("host"), env) || (forwarded !== undefined && !edge.isAllowedHost(forwarded.split(",")[0]!.trim(), env))) {
      res.status(421).set("Cache-Control", "no-store").type("text/plain").send(edge.WRONG_HOST);
      return;
    }
    next();
  });
  app.use(compression(compressionOptions));
  // A path with broken percent-encoding names no page: the app's own 404 answers it,
  // rather than the static middleware's bare error and a logged stack trace.
  app.use((req, _res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      req.url = "/not-found";
    }
    next();
  });

  // A state-changing request from another site is refused before it reaches any action.
  // The root route's sameOriginMiddleware applies the same rule under any server; this
  // second layer also covers what never reaches React Router (static files, /healthz).
  app.use((req, res, next) => {
    const facts = { method: req.method, host: req.get("host"), origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") };
    if (refusesCrossSiteWrite(facts, req.path)) {
      res.status(403).set("Cache-Control", "no-store").type("text/plain").send(CROSS_SITE_REFUSAL);
      return;
    }
    next();
  });

  // A body declared larger than its route takes is refused before a byte of it is read;
  // the connection closes so the rest is never read either. The form reader enforces the
  // same cap on a body that does not declare its length.
  app.use((req, res, next) => {
    // The JSON API's callers read its refusals as JSON, in its one failure shape (issue 17).
    const refuse = (status: number, form: string, api: string) => {
      res.status(status).set({ "Cache-Control": "no-store", Connection: "close" });
      if (req.path.startsWith("/api/")) res.json({ jsonrpc: "2.0", id: null, success: false, error: api, result: { success: false, error: api } });
      else res.type("text/plain").send(form);
    };
    // Browsers declare the length of every form they send; a streamed body of unknown
    // length is not a form, and answering it would mean reading it.
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      refuse(411, UNREADABLE_FORM.notAForm, "Send the body with a Content-Length.");
      return;
    }
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > bodyLimitFor(req.path)) {
      refuse(413, UNREADABLE_FORM.tooLarge, "The request is too large.");
      return;
    }
    next();
  });

  /** A page asked for no one: HTML, with the caller's stylesheet cookie (issue 43) and nothing else. */
  const pageHeaders = (request: Request) => {
    const cookie = request.headers.get("cookie");
    return { accept: "text/html", ...(cookie ? { cookie } : {}) };
  };

  // The context keys of the build that serves the request: in development Vite may have
  // reloaded context.server.ts since start.
  const loadContext = (build: ServerBuild, mode: "development" | "production") => {
    const { requestInfoContext, shopContext, collectRequestStats, newRequestStats } = entryOf(build);
    const render = createRouterHandler(build, mode);
    const contextFor = (clientAddress: string, requestId: string | null) => {
      const context = new RouterContextProvider();
      context.set(shopContext, shop);
      // Shared with the log line: the root middleware notes the route pattern in it.
      const info: RequestInfo = {
        clientAddress,
        requestId,
        route: null,
        // The shop's own 404 page, as a page no route claims renders it: what a guard answers
        // on any URL it refuses, a file's URL (a CSV, a PDF) included.
        notFoundPage: async (request: Request) => {
          const page = await render(
            new Request(new URL(`${(build.basename ?? "/").replace(/\/$/, "")}/__not-found`, request.url), {
              headers: { accept: "text/html", cookie: request.headers.get("cookie") ?? "" },
            }),
            context,
          );
          page.headers.delete("Set-Cookie");
          return page;
        },
        // A signed-in shopper's catalogue page is the page cache's signed-out copy with their parts
        // put in (issue 30): the copy, when there is none yet, in a context of its own.
        // Its reads and render time are its own, not in the signed-in request's log line and Server-Timing.
        // The caller's request carries only what the copy may depend on: the stylesheet's cookie, if any (issue 43).
        signedOutPage: (request: Request) =>
          collectRequestStats(newRequestStats("GET"), () => render(new Request(request.url, { headers: pageHeaders(request) }), contextFor(clientAddress, requestId).context)),
        // The cart page's shell: the page for a shopper with nothing of their own, never kept.
        blankShopperPage: (request: Request, parts: PartRecord[]) =>
          collectRequestStats(newRequestStats("GET"), () => {
            const own = contextFor(clientAddress, requestId);
            own.info.asBlankShopper = { parts };
            return render(new Request(request.url, { headers: pageHeaders(request) }), own.context);
          }),
      };
      context.set(requestInfoContext, info);
      return { context, info };
    };
    return (req: express.Request) => {
      const { context, info } = contextFor(req.ip ?? req.socket.remoteAddress ?? "unknown", (req.res?.locals.requestId as string | undefined) ?? null);
      if (req.res) req.res.locals.requestInfo = info;
      return context;
    };
  };

  // Photos kept in DATA_DIR/images: only names the pipeline makes, each cached for a year (its name is its content).
  if (images.directory) app.use(MEDIA_PATH, serveMedia(images.directory));

  if (loaded.vite) {
    const vite = loaded.vite;
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        // One build per language, each with its basename (decision 052): /hi's pages are the same routes.
        const base = await loaded.build();
        const build = entryOf(base).languageBuilds(base, req.path);
        return createRequestHandler({ build, getLoadContext: loadContext(build, "development"), mode: "development" })(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const build = await loaded.build();
    // Fingerprinted assets never change under their name: cached for good, so no validators
    // (ETag, Last-Modified) nor ranges to offer, about 100 bytes less on each of a first visit's
    // two dozen scripts (issue 26).
    // The build's files as the build compressed them (Brotli 11, gzip 9), where the request takes
    // one: the static handlers below then send the compressed file under the original's type.
    const clientDir = path.join(ROOT, "build/client");
    // The stylesheet's file tells the browser it has it (app/server/stylesheet.server.ts): pages
    // then link the file instead of carrying it.
    app.use((req, res, next) => {
      const cookie = req.method === "GET" ? edge.stylesheetCookieFor(req.path) : null;
      if (cookie) res.append("Set-Cookie", cookie);
      next();
    });
    const kept = edge.keptEncodingsUnder(clientDir);
    app.use((req, res, next) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || !kept.has(req.path)) return next();
      res.vary("Accept-Encoding");
      const chosen = edge.chooseKeptEncoding(kept.get(req.path), req.get("accept-encoding") ?? null);
      if (!chosen) return next();
      res.set("Content-Encoding", chosen.encoding).type(path.extname(req.path));
      req.url = req.path + chosen.suffix + req.url.slice(req.path.length);
      next();
    });
    app.use("/assets", express.static(path.join(ROOT, "build/client/assets"), { immutable: true, maxAge: "1y", index: false, etag: false, lastModified: false, acceptRanges: false }));
    const publicFiles = express.static(clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders(res, file) {
        if (path.basename(file).replace(/\.(br|gz)$/, "") !== "sw.js") return;
        // The service worker (issue 26): checked for a new version on every visit, and allowed
        // to fetch from the shop itself (its own policy governs the worker's requests).
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Content-Security-Policy", edge.WORKER_POLICY);
      },
    });
    // Every public file's name has a dot (favicon.ico, sw.js, images/…); a page's path has none,
    // and skips the file system's look-up (a stat per page, issue 30).
    app.use((req, res, next) => (edge.namesAFile(req.path) ? publicFiles(req, res, next) : next()));
    // One handler per language, each with its basename (decision 052): /hi's pages are the same
    // routes, and every link, form and redirect of a Hindi page stays under /hi by itself.
    const handlers = new Map<ServerBuild, ReturnType<typeof createRequestHandler>>();
    app.all("/{*splat}", (req, res, next) => {
      const chosen = entryOf(build).languageBuilds(build, req.path);
      let handler = handlers.get(chosen);
      if (!handler) handlers.set(chosen, (handler = createRequestHandler({ build: chosen, getLoadContext: loadContext(chosen, "production"), mode: "production" })));
      return handler(req, res, next);
    });
  }
  // The last resort: an error nothing else answered is logged with its stack, and the
  // shopper gets a plain page with the id to quote.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    edge.log.error("request failed", { requestId: res.locals.requestId, method: req.method, path: req.path, ...edge.errorFields(error) });
    if (res.headersSent) return next(error);
    res.status(500).set("Cache-Control", "no-store").type("text/plain").send(`Something went wrong. Please try again in a moment. (Reference: ${res.locals.requestId})`);
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST);
    // An idle kept-alive connection stays open longer than a load balancer's or a client's own
    // idle timeout (60 s is common): with Node's 5 s, the server could close a connection just as
    // the other end sent a request on it, which then failed with a reset (a 502 behind a balancer).
    s.keepAliveTimeout = KEEP_ALIVE_MS;
    s.headersTimeout = KEEP_ALIVE_MS + 1000;
    s.once("listening", () => resolve(s));
    s.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new StartupError(`Port ${env.PORT} is already in use: stop what holds it or set PORT to a free port.`, EXIT.port));
      else if (error.code === "EACCES") reject(new StartupError(`Not allowed to listen on port ${env.PORT}: choose a port above 1023 or run with the right privileges.`, EXIT.port));
      else reject(error);
    });
  }).catch(async (error) => {
    await opened.close();
    releaseLock();
    throw error;
  });

  // METRICS_PORT: Prometheus' own listener, /metrics alone, no token (the port is kept off the public network).
  const metricsServer =
    env.METRICS_PORT === undefined
      ? null
      : await new Promise<Server>((resolve, reject) => {
          const only = express();
          only.disable("x-powered-by");
          only.get("/metrics", (req, res, next) => scrape(req, res).catch(next));
          const s = only.listen(env.METRICS_PORT!, env.METRICS_HOST);
          s.once("listening", () => resolve(s));
          s.once("error", (error: NodeJS.ErrnoException) =>
            reject(error.code === "EADDRINUSE" ? new StartupError(`METRICS_PORT ${env.METRICS_PORT} is already in use: choose another.`, EXIT.port) : error),
          );
        }).catch(async (error) => {
          await new Promise((resolve) => server.close(resolve));
          await opened.close();
          releaseLock();
          throw error;
        });

  // Mail that could not be sent when asked (the newsletter's welcome) goes out later.
  const stopMailRetry = startKeptMailRetry(shop, env);
  const stopPaymentSweep = startPaymentSweep(shop);
  // Standing orders' reminders and cut-off (issue 45), one instance at a time.
  const stopSubscriptionJob = startSubscriptionJob(shop);
  // Personal data past its period in the retention table (issue 48), once a day.
  const stopRetentionJob = startRetentionJob(shop);
  // 'Download my data' files an instance left unmade (issue 48), every minute.
  const stopExportJob = startExportJob(shop);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      stopMailRetry();
      stopPaymentSweep();
      stopSubscriptionJob();
      stopRetentionJob();
      stopExportJob();
      metricsServer?.close();
      // Stop accepting, let in-flight requests finish, then close the database cleanly.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await opened.close();
      releaseLock();
    })());
  /** Says not ready (/readyz 503) and waits SHUTDOWN_DRAIN_SECONDS, serving as before, for the balancer to look elsewhere. */
  const drain = async () => {
    draining = true;
    await timeout(env.SHUTDOWN_DRAIN_SECONDS * 1000, undefined);
  };

  const address = server.address();
  const metricsAddress = metricsServer?.address();
  return {
    server,
    shop,
    port: typeof address === "object" && address ? address.port : env.PORT,
    metricsPort: typeof metricsAddress === "object" && metricsAddress ? metricsAddress.port : null,
    close,
    drain,
  };
}

export async function main() {
  let loaded: LoadedApp;
  let env: Env;
  let tracing: Tracing | null;
  try {
    // Before the app loads: instrumentation-pg patches pg as the build first imports it.
    tracing = await startTracing();
  } catch (error) {
    console.error(`OpenTelemetry could not start from the OTEL_* variables: ${(error as Error).message}`);
    process.exit(EXIT.config);
  }
  try {
    loaded = await loadApp();
  } catch (error) {
    console.error(error instanceof StartupError ? error.message : error);
    process.exit(error instanceof StartupError ? error.exitCode : 1);
  }
  try {
    env = loaded.entry.readEnv();
  } catch (error) {
    console.error(error instanceof loaded.entry.ConfigError ? error.message : error);
    process.exit(EXIT.config);
  }
  // The spans still buffered go to the collector before the process exits, whatever else failed, within 3 s.
  const flushTraces = () => (tracing ? Promise.race([tracing.shutdown().catch(() => undefined), timeout(3_000, undefined)]) : Promise.resolve());
  try {
    const running = await startServer(loaded, env);
    console.log(`Haat is serving on http://localhost:${running.port} (${env.DATABASE_URL ? "PostgreSQL" : `embedded database in ${env.dataDir}`})`);
    let stopping = false;
    const stop = async (signal: string) => {
      // A second signal while draining or closing changes nothing: the clean close goes on.
      if (stopping) return;
      stopping = true;
      // A supervisor's SIGTERM: first out of the balancer's rotation (/readyz 503), still serving; a ^C stops at once.
      if (signal === "SIGTERM" && env.SHUTDOWN_DRAIN_SECONDS > 0) {
        console.log(`${signal}: not ready any more; serving for ${env.SHUTDOWN_DRAIN_SECONDS} s while the balancer moves away…`);
        await running.drain();
      }
      console.log(`${signal}: finishing in-flight requests, then closing the database…`);
      const force = setTimeout(() => {
        console.error("Shutdown took longer than 10 s; closing connections.");
        running.server.closeAllConnections();
      }, 10_000);
      force.unref();
      running
        .close()
        .then(() => loaded.close())
        .then(
          () => flushTraces().then(() => process.exit(0)),
          (error) => {
            console.error(error);
            return flushTraces().then(() => process.exit(1));
          },
        );
    };
    process.on("SIGTERM", () => void stop("SIGTERM"));
    process.on("SIGINT", () => void stop("SIGINT"));
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    console.error(error);
    process.exit(1);
  }
}

if (import.meta.main) await main();
