// The production server as a deployer runs it: `node server.ts` in its own process.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "../../app/server/db/lock.server.ts";
import { freePort, hasBuild, killServers, runServer, signUpCookie, tmpDir, waitHealthy } from "./spawn-server.ts";

const tmp = tmpDir;
const run = runServer;

beforeAll(() => {
  expect(hasBuild(), "npm test builds before it runs the suite").toBe(true);
});

afterEach(killServers);

describe("server.ts", () => {
  it("starts on a fresh data directory, answers /healthz, caches assets, and shuts down cleanly on SIGTERM", async () => {
    const dir = path.join(tmp(), "data");
    const port = await freePort();
    const server = run({ DATA_DIR: dir, PORT: String(port) });
    const health = await waitHealthy(port);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(JSON.parse(fs.readFileSync(path.join(dir, "server.lock"), "utf8"))).toMatchObject({ pid: server.child.pid });
    // A kept-alive connection outlasts a balancer's or client's idle timeout: with Node's 5 s one
    // could be closed just as a request went out on it (a reset; a 502 behind a balancer).
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | undefined>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
          res.resume();
          resolve(String(res.headers["keep-alive"]));
        })
        .on("error", reject),
    );
    agent.destroy();
    expect(keepAlive).toBe("timeout=65"); // server.ts KEEP_ALIVE_MS

    const home = await fetch(`http://127.0.0.1:${port}/`, { headers: { "accept-encoding": "gzip" } });
    expect(home.status).toBe(200);
    expect(home.headers.get("content-encoding")).toBe("gzip");
    const html = await home.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const assetRes = await fetch(`http://127.0.0.1:${port}${asset}`);
    expect(assetRes.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    // Cached for good: nothing to revalidate with (issue 26: bytes on every first visit).
    expect([assetRes.headers.get("etag"), assetRes.headers.get("last-modified")]).toEqual([null, null]);

    // The build compressed its files once at its smallest settings (issue 43): sent as they are, in
    // what the request takes, under the original's type; the same bytes whichever is taken.
    const plain = await (await fetch(`http://127.0.0.1:${port}${asset}`, { headers: { "accept-encoding": "identity" } })).text();
    for (const encoding of ["br", "gzip"]) {
      const kept = await fetch(`http://127.0.0.1:${port}${asset}`, { headers: { "accept-encoding": encoding } });
      expect(kept.headers.get("content-encoding")).toBe(encoding);
      expect(kept.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(kept.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(Number(kept.headers.get("content-length"))).toBe(fs.statSync(path.join("build/client", asset! + (encoding === "br" ? ".br" : ".gz"))).size);
      expect(await kept.text()).toBe(plain);
    }
    expect(plain.length).toBeGreaterThan(0);

    // Public files are still served beside the pages (a page's path skips the file look-up).
    expect((await fetch(`http://127.0.0.1:${port}/favicon.ico`)).status).toBe(200);
    // The worker's own headers hold on its compressed copy too.
    const worker = await fetch(`http://127.0.0.1:${port}/sw.js`, { headers: { "accept-encoding": "br" } });
    expect([worker.headers.get("content-encoding"), worker.headers.get("cache-control")]).toEqual(["br", "no-cache"]);
    expect(worker.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    // A signed-in page is compressed whole by the renderer (issue 30), in what the browser takes.
    const cookie = await signUpCookie(`http://127.0.0.1:${port}`, "compressed@example.in", { name: "Kavya Compressed" });
    for (const encoding of ["br", "gzip", "identity"]) {
      const page = await fetch(`http://127.0.0.1:${port}/myaccount`, { headers: { cookie, "accept-encoding": encoding } });
      expect(page.status).toBe(200);
      expect(page.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(page.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(await page.text()).toContain("Kavya");
    }

    // A command-line tool refuses the directory while the server holds it.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);

    // The database closed cleanly: it opens again with the seeded catalogue.
    const again = run({ DATA_DIR: dir, PORT: String(port) });
    await waitHealthy(port);
    const listing = await (await fetch(`http://127.0.0.1:${port}/products`)).text();
    expect(listing).toContain("/product/");
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  });

  it("finishes a request in flight before it exits", async () => {
    const dir = path.join(tmp(), "data");
    const port = await freePort();
    // No drain: the request must be finished by the close itself, not by the seconds before it.
    const server = run({ DATA_DIR: dir, PORT: String(port), SHUTDOWN_DRAIN_SECONDS: "0" });
    await waitHealthy(port);
    // The request is on the wire before the signal: it must get its whole answer.
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    socket.on("data", (d) => (response += d));
    const ended = new Promise((resolve) => socket.on("close", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /products?search=basmati HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 1));
    server.child.kill("SIGTERM");
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain("</html>");
    expect(await server.exited).toBe(0);
  });

  it("says so and exits 4 when the port is taken", async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as net.AddressInfo).port)));
    try {
      const server = run({ DATA_DIR: path.join(tmp(), "data"), PORT: String(port) });
      expect(await server.exited).toBe(4);
      expect(server.output()).toContain(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it("says so and exits 3 when the data directory cannot be written", async () => {
    const file = path.join(tmp(), "not-a-directory");
    fs.writeFileSync(file, "");
    const server = run({ DATA_DIR: path.join(file, "data"), PORT: String(await freePort()) });
    expect(await server.exited).toBe(3);
    expect(server.output()).toMatch(/data directory .* is not writable/);
  });

  it("exits 2 with the reason on bad configuration", async () => {
    const server = run({ PORT: "not-a-port" });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain("PORT");
  });

  it("exits 2 on PostgreSQL in production without SESSION_SECRET, before connecting", async () => {
    const server = run({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", SESSION_SECRET: "", PORT: String(await freePort()) });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain("SESSION_SECRET is required with DATABASE_URL in production");
  });

  it("exits 2 on PostgreSQL without PUBLIC_ORIGIN: links would otherwise follow the Host header", async () => {
    const server = run({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", SESSION_SECRET: "s".repeat(40), PORT: String(await freePort()) });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain("PUBLIC_ORIGIN is required with DATABASE_URL");
  });

  it("exits 5 naming the host and port it could not reach, and what to change", async () => {
    const port = await freePort();
    const server = run({ DATABASE_URL: "postgres://haat@127.0.0.1:1/shop", SESSION_SECRET: "s".repeat(40), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, PORT: String(port) });
    expect(await server.exited).toBe(5);
    expect(server.output()).toContain("PostgreSQL at 127.0.0.1:1 (database shop, user haat) could not be used");
    expect(server.output()).toContain("Nothing is listening there: start PostgreSQL, or correct the host and port in DATABASE_URL.");
  });

  it("generates the embedded shop's cookie secret into its data directory, readable by its owner only", async () => {
    const dir = tmp();
    const port = await freePort();
    const server = run({ DATA_DIR: dir, PORT: String(port), SESSION_SECRET: "", SEED_DEMO: "false" });
    await waitHealthy(port);
    // The secret is made on first use: a sign-in page render is enough.
    expect((await fetch(`http://127.0.0.1:${port}/signin`)).status).toBe(200);
    const response = await fetch(`http://127.0.0.1:${port}/cart`, { method: "POST", body: new URLSearchParams({ intent: "add", internal_reference: "X" }), redirect: "manual" });
    expect(response.status).toBe(303);
    const secret = fs.readFileSync(path.join(dir, "session-secret"), "utf8");
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dir, "session-secret")).mode & 0o777).toBe(0o600);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});
