import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { chooseKeptEncoding, keptEncodingsUnder, precompressFiles } from "./precompressed.server.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
function tree(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-precompress-"));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

describe("precompressFiles", () => {
  it("writes a Brotli and a gzip copy beside each text file that shrinks, and none for pictures or tiny files", async () => {
    const script = "export const greeting = 'namaste';\n".repeat(200);
    const dir = tree({ "assets/app.js": script, "images/logo.svg": `<svg>${"<g/>".repeat(100)}</svg>`, "tiny.js": "x=1", "photo.avif": Buffer.alloc(4000, 7) });
    const made = await precompressFiles(dir);
    expect(made.files).toBe(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "assets/app.js.br"))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "assets/app.js.gz"))).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, "images/logo.svg.br"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "photo.avif.br"))).toBe(false);
    expect(made.brotliBytes).toBeLessThan(made.bytes / 10);
  });

  it("keeps no copy that would be larger than the file", async () => {
    const noise = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 251));
    const dir = tree({ "noise.js": noise });
    await precompressFiles(dir);
    for (const suffix of [".br", ".gz"]) {
      const copy = path.join(dir, "noise.js" + suffix);
      if (fs.existsSync(copy)) expect(fs.statSync(copy).size).toBeLessThan(noise.length);
    }
  });
});

describe("keptEncodingsUnder and chooseKeptEncoding", () => {
  it("maps each file's URL path to its kept encodings, and picks the best the request takes", async () => {
    const dir = tree({ "assets/app.js": "let a = 1;\n".repeat(100), "sw.js": "self.x = 1;\n".repeat(100) });
    await precompressFiles(dir);
    fs.rmSync(path.join(dir, "sw.js.br"));
    const kept = keptEncodingsUnder(dir);
    expect([...kept.keys()].sort()).toEqual(["/assets/app.js", "/sw.js"]);
    expect(chooseKeptEncoding(kept.get("/assets/app.js"), "gzip, deflate, br, zstd")?.encoding).toBe("br");
    expect(chooseKeptEncoding(kept.get("/assets/app.js"), "gzip")?.suffix).toBe(".gz");
    expect(chooseKeptEncoding(kept.get("/assets/app.js"), "br;q=0, gzip")?.encoding).toBe("gzip");
    expect(chooseKeptEncoding(kept.get("/sw.js"), "br, gzip")?.encoding).toBe("gzip");
    expect(chooseKeptEncoding(kept.get("/assets/app.js"), "identity")).toBeNull();
    expect(chooseKeptEncoding(kept.get("/assets/app.js"), null)).toBeNull();
    expect(chooseKeptEncoding(kept.get("/nothing.js"), "br")).toBeNull();
  });

  it("is empty for a missing folder (the development server serves no build)", () => {
    expect(keptEncodingsUnder(path.join(os.tmpdir(), "haat-no-such-folder")).size).toBe(0);
  });
});
