// What the production image holds (issue 42 item 4): the Dockerfile's runtime stage copies the
// build, the server, app/ (the operator's command-line tools run its modules as TypeScript) and
// the operator's scripts, less what .dockerignore keeps out. No test, no test helper and no
// stand-in may be among them, and nothing among them may import one: a stand-in answers like
// Razorpay or MSG91 and has no place in a shop that takes real money.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The patterns of .dockerignore, in order ('!' un-ignores), as Docker reads them (a bare name matches at any depth only with **). */
function dockerignore(): { pattern: string; negate: boolean }[] {
  return readFileSync(path.join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => (line.startsWith("!") ? { pattern: line.slice(1), negate: true } : { pattern: line, negate: false }));
}

function ignored(file: string, patterns: ReturnType<typeof dockerignore>): boolean {
  let out = false;
  for (const { pattern, negate } of patterns) {
    const clean = pattern.replace(/\/$/, "");
    // A pattern names a file or a folder: a folder's files go with it.
    const hit = path.matchesGlob(file, clean) || path.matchesGlob(file, `${clean}/**`);
    if (hit) out = !negate;
  }
  return out;
}

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The sources the runtime stage copies from the build context (COPY without --from), after the last FROM. */
function runtimeCopies(): string[] {
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...runtime.matchAll(/^COPY\s+(?!--from)(.+)$/gm)].flatMap((match) => match[1]!.trim().split(/\s+/).slice(0, -1));
}

describe("the production image", () => {
  const patterns = dockerignore();
  const shipped = runtimeCopies()
    .flatMap(filesUnder)
    .filter((file) => !ignored(file, patterns));

  it("copies the server, app/ and the operator's scripts, and finds them", () => {
    expect(runtimeCopies()).toEqual(expect.arrayContaining(["server.ts", "app", "scripts"]));
    expect(shipped).toContain("server.ts");
    expect(shipped).toContain("scripts/staff.ts");
    expect(shipped).toContain("app/server/shop/port.server.ts");
  });

  it("holds no test, test helper or stand-in", () => {
    const tests = shipped.filter((file) => /\.test(-support)?\.tsx?$/.test(file) || file.startsWith("tests/") || /standin(?!g)/i.test(file));
    expect(tests).toEqual([]);
  });

  it("imports nothing from tests/ or a stand-in", () => {
    const importers = shipped
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => /(?:from\s+|import\()\s*["'][^"']*(?:\/tests\/|standin)[^"']*["']/.test(readFileSync(path.join(root, file), "utf8")));
    expect(importers).toEqual([]);
  });

  it("the check itself sees a planted test file and a planted import", () => {
    expect(ignored("app/domain/coupon.test.ts", patterns)).toBe(true);
    expect(ignored("tests/standins/razorpay.ts", patterns)).toBe(true);
    expect(ignored("app/domain/coupon.ts", patterns)).toBe(false);
    expect(/(?:from\s+|import\()\s*["'][^"']*(?:\/tests\/|standin)[^"']*["']/.test('import { x } from "../../tests/standins/msg91.ts";')).toBe(true);
  });
});
