import zlib from "node:zlib";
import type { CompressionOptions } from "compression";

// compression() offers brotli at zlib's default quality (11, the slowest): on a 2-core
// machine that cut throughput several-fold. Quality 4 compresses HTML about as well as
// gzip -6 at a fraction of the cost. The bench's bare app uses the same options.
export const compressionOptions: CompressionOptions = {
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};
