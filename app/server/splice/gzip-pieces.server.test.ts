import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, deflatePiece, gzipOf, storedPiece } from "./gzip-pieces.server.ts";

const html = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `<li class="card">Item ${i} &amp; more</li>`).join(""));

describe("a gzip body of pieces compressed apart", () => {
  it("combines CRC-32s as zlib computes the whole", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 7],
      [1000, 65537],
      [150_000, 3],
    ]) {
      const x = crypto.randomBytes(a!);
      const y = crypto.randomBytes(b!);
      expect(crc32Combine(zlib.crc32(x), zlib.crc32(y), y.length)).toBe(zlib.crc32(Buffer.concat([x, y])));
    }
  });

  it("unzips to the pieces' bytes in order, deflated or stored, whatever their sizes", () => {
    const parts = [html(2000), Buffer.from("nonce+/=="), Buffer.alloc(0), html(3), crypto.randomBytes(70_000), html(500)];
    const body = gzipOf(parts.map((p, i) => (i % 2 ? storedPiece(p) : deflatePiece(p, i === 0 ? 6 : 1))));
    expect(zlib.gunzipSync(body).equals(Buffer.concat(parts))).toBe(true);
  });

  it("is about as small as the page compressed whole when the pieces are large", () => {
    const page = html(3000);
    const whole = zlib.gzipSync(page, { level: 6 }).length;
    const pieced = gzipOf([deflatePiece(page.subarray(0, 60_000), 6), storedPiece(Buffer.from("abc")), deflatePiece(page.subarray(60_000), 6)]).length;
    expect(pieced).toBeLessThan(whole * 1.1);
  });
});
