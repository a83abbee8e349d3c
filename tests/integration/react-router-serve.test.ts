// The same-origin rule lives in the app (app/root.tsx's first middleware), not only in
// server.ts: the production build served by @react-router/serve, with no Express guard and
// no getLoadContext, still refuses a cross-site POST.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REFUSAL = "Forbidden: this form must be sent from the shop's own pages.";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let child: ReturnType<typeof spawn>;
let base: string;
let output = "";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-rr-serve-"));

beforeAll(async () => {
  expect(fs.existsSync(path.join(ROOT, "build/server/index.js")), "npm test builds before it runs the suite").toBe(true);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The package's own CLI, run by this Node (24, from npm), not by a shebang's `node`.
  const cli = path.join(ROOT, "node_modules/@react-router/serve/bin.cjs");
  child = spawn(process.execPath, [cli, "build/server/index.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: "react-router-serve-test-secret-0123456789abcdef",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`${base}/robots.txt`);
      return;
    } catch {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`react-router-serve did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const form = () => new URLSearchParams({ intent: "add", internal_reference: "X", email: "a@b.example", password: "whatever-1234" });

describe("the production build under react-router-serve", () => {
  it("is react-router-serve's own server, not server.ts (no /healthz, no Express guard)", async () => {
    expect((await fetch(`${base}/robots.txt`)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(404);
  });

  for (const page of ["/addtocart", "/cart", "/signin"]) {
    it(`refuses a cross-site POST to ${page} with 403, before anything needs the Shop`, async () => {
      // Sec-Fetch-Site alone: React Router's own Origin check has nothing to compare, so this
      // is the root middleware's answer.
      const res = await fetch(`${base}${page}`, { method: "POST", body: form(), redirect: "manual", headers: { "sec-fetch-site": "cross-site" } });
      expect(res.status).toBe(403);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toBe(REFUSAL);
    });

    it(`refuses what a browser sends from another site to ${page} (Origin and Sec-Fetch-Site)`, async () => {
      const res = await fetch(`${base}${page}`, {
        method: "POST",
        body: form(),
        redirect: "manual",
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
      // A page route: React Router 8 compares a foreign Origin itself, before any middleware,
      // and answers 400 (docs/ARCHITECTURE.md, Security rules). Either way nothing ran.
      expect([400, 403]).toContain(res.status);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).not.toContain("<html");
    });

    it(`refuses a cross-site data request (.data, as a fetcher sends) to ${page} with 403`, async () => {
      const res = await fetch(`${base}${page}.data`, { method: "POST", body: form(), redirect: "manual", headers: { "sec-fetch-site": "cross-site" } });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(REFUSAL);
    });
  }

  it("refuses what a browser sends from another site to a resource route (/signout) with 403: there only the middleware stands", async () => {
    const res = await fetch(`${base}/signout`, { method: "POST", redirect: "manual", headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toBe(REFUSAL);
    // Without the browser's Sec-Fetch-Site the Origin alone decides.
    const byOrigin = await fetch(`${base}/signout`, { method: "POST", redirect: "manual", headers: { origin: "https://evil.example" } });
    expect(byOrigin.status).toBe(403);
  });

  it("lets page reads through, same-site or arriving from another site's link", async () => {
    for (const headers of [{ "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, {}] as Record<string, string>[]) {
      // Under react-router-serve nothing puts the Shop in the context, so a page that reads the
      // catalogue answers 500 here (decision 016); a static page like this one renders. What
      // matters is that the same-origin middleware never stops a read.
      const res = await fetch(`${base}/termsandconditions`, { headers });
      expect(res.status).not.toBe(403);
      expect(await res.text()).not.toContain(REFUSAL);
    }
  });
});
