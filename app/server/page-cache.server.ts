// A small shared cache inside each server process, honouring `s-maxage` the way a CDN
// would. Catalogue pages are the same for every signed-out shopper and already follow
// the catalogue snapshot's few seconds of delay (decision 002), so a page rendered once
// serves the next requests for those seconds. Entries keep their compressed bodies, so a
// hit costs neither a render nor a compression. Requests with cookies, responses that
// set cookies, non-200 answers and anything not marked public are never cached.
import { metrics } from "./metrics/metrics.server.ts";
import { noteSpan } from "./telemetry/trace.server.ts";
import { compressBody, negotiateEncoding, type Encoding } from "./compression.server.ts";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { appEnv } from "./env.server.ts";
import { partRecorderContext, requestInfoContext } from "./context.server.ts";
import { readsIfAny } from "./ways-in.server.ts";
import { onlyStylesheetCookie } from "./stylesheet.server.ts";
import type { PartRecord } from "../components/splice-protocol.tsx";

interface Entry {
  expires: number;
  status: number;
  headers: [string, string][];
  bodies: Partial<Record<Encoding, Buffer>>;
  bytes: number;
  /** The page's personal parts, in page order, as its render noted them (issue 30). */
  parts: PartRecord[];
  /** The catalogue's generation in this process when the page was rendered (CatalogPort.generation). */
  generation: number;
  /** What the splice made of this page (server/splice), kept as long as the page is. */
  spliceTemplate?: unknown;
}

/** A kept page as the splice reads it (server/splice): its signed-out body, headers and parts. */
export interface KeptPage {
  readonly body: Buffer;
  readonly headers: readonly [string, string][];
  readonly parts: readonly PartRecord[];
  spliceTemplate?: unknown;
  /** Counts `bytes` more against the cache's bound for this page (what the splice keeps of it). */
  charge(bytes: number): void;
}

const MAX_KEY_LENGTH = 600;

/** A kept page's key: its URL, with the stylesheet linked or carried (issue 43), and "shell" for a page no request is answered with. */
export function keyOf(url: string, linked: boolean, aside?: "shell"): string {
  return [aside, linked ? "linked" : null, url].filter(Boolean).join(" ");
}
/**
 * What an entry costs beyond its bodies (its key, headers, parts and the objects holding them),
 * so ten thousand tiny answers (`/api/suggestions?q=…&n=1…`) count for what they hold (issue 41 item 2).
 */
const ENTRY_OVERHEAD = 1024;

/** Seconds a response may be kept by a shared cache, or 0. */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl || !/\bpublic\b/.test(cacheControl) || /\b(private|no-store)\b/.test(cacheControl)) return 0;
  const m = /\bs-maxage=(\d+)/.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  readonly maxSeconds: number;
  readonly maxBytes: number;
  readonly maxEntries: number;
  readonly now: () => number;

  constructor(options: { maxSeconds: number; maxBytes?: number; maxEntries?: number; now?: () => number }) {
    this.maxSeconds = options.maxSeconds;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 4000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The cached answer for a request, or null when it must be rendered. `generation`: the
   * catalogue's in this process now; a page rendered before this process changed it is stale.
   */
  get(request: Request, generation = 0): Response | null {
    const key = this.key(request);
    if (!key) return null;
    const entry = this.fresh(key, generation);
    if (!entry) return null;
    // Most recently used last, so eviction takes the oldest.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
    let body = entry.bodies[encoding];
    if (!body) {
      body = compressBody(entry.bodies.identity!, encoding);
      entry.bodies[encoding] = body;
      entry.bytes += body.length;
      this.bytes += body.length;
      this.trim(key);
    }
    const headers = new Headers(entry.headers);
    if (encoding !== "identity") headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    headers.append("Vary", "Accept-Encoding");
    headers.set("X-Page-Cache", "hit");
    return new Response(new Uint8Array(body), { status: entry.status, headers });
  }

  /**
   * The kept page for a URL, whoever asks (a signed-in shopper's splice); null when there is none.
   * `aside`: a page kept by keepAside, which no request is answered with.
   */
  kept(url: string, generation = 0, aside?: "shell", linked = false): KeptPage | null {
    const key = keyOf(url, linked, aside);
    const entry = this.fresh(key, generation);
    if (!entry) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const body = entry.bodies.identity!;
    return {
      body,
      headers: entry.headers,
      parts: entry.parts,
      get spliceTemplate() {
        return entry.spliceTemplate;
      },
      set spliceTemplate(value) {
        entry.spliceTemplate = value;
      },
      charge: (bytes: number) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes += bytes;
        this.bytes += bytes;
        this.trim(key);
      },
    };
  }

  /**
   * Keeps a page no request is answered with (a cart page's shell, read by the splice alone)
   * for the cache's time, under the same bound as the pages: its key cannot be a request's.
   */
  keepAside(url: string, page: { body: Buffer; headers: [string, string][]; parts: PartRecord[]; generation: number }, linked = false): KeptPage | null {
    if (this.maxSeconds <= 0 || url.length > MAX_KEY_LENGTH) return null;
    this.store(keyOf(url, linked, "shell"), {
      expires: this.now() + this.maxSeconds * 1000,
      status: 200,
      headers: page.headers.filter(([name]) => name !== "content-length"),
      bodies: { identity: page.body },
      bytes: page.body.length + overheadOf(url, page.headers),
      parts: page.parts,
      generation: page.generation,
    });
    return this.kept(url, page.generation, "shell", linked);
  }

  /** Keeps a rendered answer when it may be shared; gives back an equivalent response. */
  async put(request: Request, response: Response, parts: PartRecord[] = [], generation = 0): Promise<Response> {
    const key = this.key(request);
    const seconds = Math.min(this.maxSeconds, sharedMaxAge(response.headers.get("Cache-Control")));
    if (!key || seconds <= 0 || response.status !== 200 || response.headers.has("Set-Cookie") || response.headers.has("Content-Encoding")) {
      return response;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const entry: Entry = {
      expires: this.now() + seconds * 1000,
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
      bodies: { identity: body },
      bytes: body.length + overheadOf(key, response.headers),
      parts,
      generation,
    };
    this.store(key, entry);
    return new Response(new Uint8Array(body), { status: response.status, headers: response.headers });
  }

  /** Keeps an entry, the oldest going while the cache is over its bound. */
  private store(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.trim(key);
  }

  /** Lets the least recently used entries go while over a bound, and any past its time on the way; never `keep`. */
  private trim(keep: string) {
    const now = this.now();
    for (const [k, e] of this.entries) {
      const over = this.bytes > this.maxBytes || this.entries.size > this.maxEntries;
      if (!over && e.expires > now) break;
      if (k !== keep) this.drop(k, e);
    }
  }

  /** The bytes kept, pages and what the splice made of them. */
  get keptBytes(): number {
    return this.bytes;
  }

  /** Whether a page at this URL may be kept at all, asked without cookies. */
  keepsUrl(url: string): boolean {
    return this.maxSeconds > 0 && url.length <= MAX_KEY_LENGTH;
  }

  /** Whether an answer to this request may be kept at all. */
  keeps(request: Request): boolean {
    return this.key(request) !== null;
  }

  get size(): number {
    return this.entries.size;
  }

  private key(request: Request): string | null {
    if (this.maxSeconds <= 0) return null;
    if (request.method !== "GET") return null;
    if (request.headers.has("authorization")) return null;
    // A page for cookies is the shopper's own, but for the stylesheet's alone: then it is
    // everyone's who has the file, kept apart from the page that carries the stylesheet (issue 43).
    const linked = request.headers.has("cookie");
    if (linked && !onlyStylesheetCookie(request)) return null;
    // Lite mode's page differs (issue 26): asked with Save-Data, it is rendered, never shared.
    if (request.headers.has("save-data")) return null;
    return request.url.length <= MAX_KEY_LENGTH ? keyOf(request.url, linked) : null;
  }

  private fresh(key: string, generation: number): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    // A page rendered after a change this caller has not seen yet is kept for those who have.
    if (entry.generation > generation) return null;
    if (entry.expires <= this.now() || entry.generation < generation) {
      this.drop(key, entry);
      return null;
    }
    return entry;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function overheadOf(key: string, headers: Iterable<[string, string]>): number {
  let bytes = ENTRY_OVERHEAD + key.length;
  for (const [name, value] of headers) bytes += name.length + value.length;
  return bytes;
}

/** What catalogue pages send: browsers revalidate, shared caches keep them a few seconds. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

let shared: PageCache | undefined;

/** How many times this process changed the catalogue (no Shop: never). */
export function catalogueGeneration(context: Readonly<RouterContextProvider>): number {
  return readsIfAny(context)?.catalog.generation() ?? 0;
}

/** This process's page cache. */
export function pageCache(): PageCache {
  return (shared ??= new PageCache({ maxSeconds: appEnv().PAGE_CACHE_SECONDS }));
}

/** Root middleware: answers from the cache, or renders and offers the result to it, with the personal parts its render noted. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // A shell for the splice (server.ts) is no one's page: never answered from, nor kept.
  const blank = context.get(requestInfoContext).asBlankShopper;
  if (blank) {
    context.set(partRecorderContext, blank.parts);
    return next();
  }
  const cache = pageCache();
  const generation = catalogueGeneration(context);
  const hit = cache.get(request, generation);
  // With tracing on, the request's span says what the cache did (issue 47).
  if (hit) {
    metrics.pageCache("hit");
    noteSpan({ "haat.page_cache": "hit" });
    return hit;
  }
  if (!cache.keeps(request)) return next();
  metrics.pageCache("miss");
  noteSpan({ "haat.page_cache": "miss" });
  const parts: PartRecord[] = [];
  context.set(partRecorderContext, parts);
  return cache.put(request, await next(), parts, generation);
};
