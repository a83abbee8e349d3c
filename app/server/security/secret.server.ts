// The secret that signs Haat's cookies. SESSION_SECRET when set (required for PostgreSQL in
// production, checkServerEnv); otherwise the embedded shop generates one on first start
// and keeps it in its data directory, so sessions survive restarts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env.server.ts";

export function cookieSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  // wx: two processes racing to create it keep the first one's.
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}
