import zlib from "node:zlib";
import type { CompressionOptions } from "compression";

// compression() offers brotli at zlib's default quality (11, the slowest): on a 2-core
// machine that cut throughput several-fold. Quality 4 compresses HTML about as well as
// gzip -6 at a fraction of the cost. The bench's bare app uses the same options.
// From 256 bytes rather than the middleware's 1 kB: a page's small script chunks (a dozen of
// 300-1000 bytes on a first visit) shrink by a third, which a Slow 3G phone feels (issue 26).
export const compressionOptions: CompressionOptions = {
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  threshold: 256,
};

export type Encoding = "br" | "gzip" | "identity";

/** The encodings an Accept-Encoding header names, without those it refuses (q=0). */
export function acceptedEncodings(acceptEncoding: string | null): string[] {
  return (acceptEncoding ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || Number.parseFloat(q.split("=")[1] ?? "1") > 0)
    .map(([name]) => name!.trim());
}

/**
 * The encoding an Accept-Encoding header takes best: Brotli, else gzip, else none. `prefer`
 * puts gzip first, for a body made of kept gzip pieces (the splice, issue 30).
 */
export function negotiateEncoding(acceptEncoding: string | null, { prefer }: { prefer?: "gzip" } = {}): Encoding {
  const accepted = acceptedEncodings(acceptEncoding);
  if (prefer === "gzip" && accepted.includes("gzip")) return "gzip";
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}

/**
 * A whole body compressed in one call. "kept": a page the page cache keeps and sends many times,
 * worth Brotli 5. "personal": a signed-in shopper's page, compressed for one answer on the
 * request's own thread (issue 30): through the middleware's stream a page cost a third of the
 * server's throughput in thread-pool round trips and their garbage (docs/PERFORMANCE.md).
 */
export function compressBody(body: Buffer, encoding: Encoding, use: "kept" | "personal" = "kept"): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: use === "kept" ? 5 : PERSONAL_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  if (encoding === "gzip") return zlib.gzipSync(body, { level: use === "kept" ? 6 : 4 });
  return body;
}

// Quality 3: measured against 4 and 2 on the signed-in listing and cart (issue 30), the throughput of 2 for 4% more bytes than 4.
const PERSONAL_BROTLI_QUALITY = 3;
