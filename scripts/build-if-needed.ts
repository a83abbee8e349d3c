// Builds the production bundle when it is missing or older than the sources, so
// `npm start` on a fresh clone (or after a pull) serves what the code says.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(ROOT, "build/server/index.js");
const SOURCES = ["app", "public", "vite.config.ts", "react-router.config.ts", "scripts/build-sw.ts", "package-lock.json"];

function newest(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

export function buildIfNeeded(): void {
  const built = fs.statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const source = Math.max(...SOURCES.map((s) => newest(path.join(ROOT, s))));
  if (built >= source) return;
  console.log(built ? "Sources changed since the last build: building…" : "No production build yet: building…");
  const cli = path.join(ROOT, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

if (import.meta.main) buildIfNeeded();
