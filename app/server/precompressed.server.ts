// The build's static files compressed once, at build time, at the slowest and smallest settings
// (issue 43): Brotli 11 and gzip 9 beside each file, served as they are. The compression
// middleware's Brotli 4 (chosen for pages made per request) left the libraries' chunk at 100 kB
// where Brotli 11 gives 86 kB: on a Slow 3G phone every page's scripts arrive about 0.4 s sooner.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { acceptedEncodings } from "./compression.server.ts";

/** The kept encodings, best first, each with the suffix of its file beside the original. */
export const KEPT_ENCODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;
export type KeptEncoding = (typeof KEPT_ENCODINGS)[number]["encoding"];

/** The files worth compressing: text. Pictures in AVIF, PNG, WOFF2 or MP4 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html|ico)$/i;
/** Below this a compressed copy saves less than its own headers cost (the middleware's threshold too). */
const MIN_BYTES = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file under `dir`, each only when it is
 * smaller than the file. Returns how many files were compressed and their bytes before and after
 * (Brotli).
 */
export async function precompressFiles(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ]);
      bytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
      if (br.length < body.length) await fs.promises.writeFile(file + ".br", br);
      if (gz.length < body.length) await fs.promises.writeFile(file + ".gz", gz);
    }),
  );
  return { files: files.length, bytes, brotliBytes };
}

/** Which kept encodings each file under `dir` has, by its URL path below `urlBase`: read once at start, no look-up per request. */
export function keptEncodingsUnder(dir: string, urlBase = "/"): Map<string, Set<KeptEncoding>> {
  const kept = new Map<string, Set<KeptEncoding>>();
  if (!fs.existsSync(dir)) return kept;
  for (const file of filesUnder(dir)) {
    const kind = KEPT_ENCODINGS.find((k) => file.endsWith(k.suffix));
    if (!kind) continue;
    const original = file.slice(0, -kind.suffix.length);
    const url = path.posix.join(urlBase, path.relative(dir, original).split(path.sep).join("/"));
    const encodings = kept.get(url) ?? new Set<KeptEncoding>();
    encodings.add(kind.encoding);
    kept.set(url, encodings);
  }
  return kept;
}

/** The kept encoding to send a file in: the best the request accepts and the build kept, else none (the middleware compresses it). */
export function chooseKeptEncoding(has: ReadonlySet<KeptEncoding> | undefined, acceptEncoding: string | null): (typeof KEPT_ENCODINGS)[number] | null {
  if (!has) return null;
  const accepted = acceptedEncodings(acceptEncoding);
  return KEPT_ENCODINGS.find((k) => has.has(k.encoding) && accepted.includes(k.encoding)) ?? null;
}
