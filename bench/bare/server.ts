// Production server for the bare fixture, served the same way as the shop's server.ts:
// Express 5 + compression + immutable /assets + build/client + the React Router handler.
// Run from the repo root: `PORT=4000 node bench/bare/server.ts` (through npm for Node 24).
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { compressionOptions } from "../../app/server/compression.server.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.join(here, "build");
const build = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression(compressionOptions));
app.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: () => new RouterContextProvider(),
  }),
);

const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? "127.0.0.1";
const server = app.listen(port, host, (error?: Error) => {
  if (error) throw error;
  if (process.env.BENCH_QUIET !== "1") console.log(`bare app on http://${host}:${port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
