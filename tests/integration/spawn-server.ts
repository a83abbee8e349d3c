// The production server as a deployer runs it (`node server.ts`), in its own process, for
// the integration tests that need a real HTTP server: one way to start, wait for and stop it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { confirmationToken } from "../confirmation-link.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const children: ReturnType<typeof spawn>[] = [];

export const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "haat-server-"));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `node server.ts` in production mode with `env` over the test's own environment (no DATABASE_URL unless given); `nodeArgs` go before server.ts. */
export function runServer(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, "server.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitHealthy(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}

/** Kills every server a test started and left running (afterEach). */
export function killServers() {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
}

/** The build `npm test` makes before the suite: these tests serve it. */
export function hasBuild(): boolean {
  return fs.existsSync(path.join(ROOT, "build/server/index.js"));
}

/** Signs up a new local account on a running server, as the sign-up form posts; its cookies, ready for a Cookie header. */
export async function signUpCookie(origin: string, email: string, fields: { name?: string; phone?: string; password?: string } = {}): Promise<string> {
  const answer = await fetch(`${origin}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: fields.name ?? "Test Shopper", email, phone: fields.phone ?? "9876543210", password: fields.password ?? "long-enough-password" }),
  });
  if (answer.status !== 303) throw new Error(`sign-up of ${email} answered ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Confirms the e-mail of an account signed up on a running server (decision 047), as its owner
 * does: the link in the mail the server wrote to DATA_DIR/outbox, posted with the account's cookies.
 */
export async function confirmEmailCookie(origin: string, cookie: string, dataDir: string, email: string): Promise<void> {
  const outbox = path.join(dataDir, "outbox");
  let token: string | null = null;
  for (let i = 0; i < 100 && !token; i++) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith(`-${email.toLowerCase()}.txt`)) : [];
    for (const name of names) {
      const mail = fs.readFileSync(path.join(outbox, name), "utf8");
      if (mail.includes("/verify-email?token=")) token = confirmationToken(mail);
    }
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error(`no confirmation mail for ${email} in ${outbox}`);
  const answer = await fetch(`${origin}/verify-email`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "confirm-email", token }),
  });
  if (answer.status !== 303 || answer.headers.get("location") !== "/myaccount") throw new Error(`confirming ${email} answered ${answer.status}`);
}
