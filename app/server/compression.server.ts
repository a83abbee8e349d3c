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
