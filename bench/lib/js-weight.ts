// JavaScript weight of a page: every script a browser fetches on first load, found in the
// HTML (<script src>, <link rel="modulepreload">, import specifiers in inline module
// scripts) and then through the static imports inside those files, each fetched once and
// gzipped at level 9. Dynamic `import()` inside bundles is lazy and not counted.
import zlib from "node:zlib";

export interface HtmlRefs {
  /** Absolute URLs of scripts the HTML itself references. */
  scripts: string[];
  /** Absolute URLs of stylesheets (reported, not budgeted). */
  stylesheets: string[];
  /** Text of inline executable scripts. */
  inline: string[];
}

export interface FileWeight {
  url: string;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  path: string;
  status: number;
  html: string;
  htmlBytes: number;
  htmlGzip: number;
  files: FileWeight[];
  jsGzip: number;
  jsBytes: number;
  inlineGzip: number;
  cssGzip: number;
  /** Script URLs on another origin: listed, not fetched or counted. */
  external: string[];
  /** Referenced scripts that did not answer 200. */
  missing: string[];
  /** Whether any counted file looks like it carries swiper or Clerk. */
  swiper: boolean;
  clerk: boolean;
}

const gzip9 = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

function attributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (const m of source.matchAll(re)) attrs.set(m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  return attrs;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A module specifier worth fetching: a path or URL to a .js/.mjs file. */
function looksLikeModule(spec: string): boolean {
  return /^(\.{1,2}\/|\/|https?:\/\/)/.test(spec) && /\.m?js(\?.*)?$/.test(spec);
}

/** Specifiers of `import(...)`, `import … from "…"`, `export … from "…"` and `import "…"`. */
export function moduleSpecifiers(js: string, opts: { staticOnly: boolean }): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s*["']([^"'\n]+)["']/g, /\bimport\s*["']([^"'\n]+)["']/g];
  if (!opts.staticOnly) patterns.push(/\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g);
  for (const re of patterns) for (const m of js.matchAll(re)) if (looksLikeModule(m[1])) found.push(m[1]);
  return found;
}

const NON_JS_TYPES = /^(application\/(ld\+)?json|importmap|speculationrules|text\/template)$/i;

export function scanHtml(html: string, pageUrl: string): HtmlRefs {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  const inline: string[] = [];
  const abs = (href: string) => new URL(href, pageUrl).href;

  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const a = attributes(m[1]);
    const rel = (a.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = a.get("href");
    if (!href) continue;
    if (rel.includes("modulepreload") || (rel.includes("preload") && a.get("as") === "script")) scripts.push(abs(href));
    else if (rel.includes("stylesheet")) stylesheets.push(abs(href));
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const a = attributes(m[1]);
    const type = (a.get("type") ?? "").trim();
    if (NON_JS_TYPES.test(type)) continue;
    const src = a.get("src");
    if (src) {
      scripts.push(abs(src));
      continue;
    }
    const body = m[2];
    if (!body.trim()) continue;
    inline.push(body);
    // Classic scripts can only use import(); module scripts can also import statically.
    // React Router's streamed loader data (`streamController.enqueue(…)`) is data, not code.
    const isModule = type.toLowerCase() === "module";
    const isData = /^\s*window\.__reactRouterContext\.streamController\.(enqueue|close)\(/.test(body);
    const specs = isModule
      ? moduleSpecifiers(body, { staticOnly: false })
      : isData
        ? []
        : [...body.matchAll(/\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g)].map((x) => x[1]).filter(looksLikeModule);
    for (const spec of specs) scripts.push(abs(spec));
  }
  return { scripts: [...new Set(scripts)], stylesheets: [...new Set(stylesheets)], inline };
}

export type Fetched = { status: number; body: Buffer };

/** Fetches each URL at most once per cache. */
export async function fetchOnce(url: string, cache: Map<string, Promise<Fetched>>): Promise<Fetched> {
  let hit = cache.get(url);
  if (!hit) {
    hit = fetch(url, { signal: AbortSignal.timeout(30_000) }).then(async (res) => ({
      status: res.status,
      body: Buffer.from(await res.arrayBuffer()),
    }));
    cache.set(url, hit);
  }
  return hit;
}

export async function measurePage(origin: string, path: string, cache: Map<string, Promise<Fetched>> = new Map(), cookie?: string): Promise<PageWeight> {
  const pageUrl = origin + path;
  const res = await fetch(pageUrl, { redirect: "manual", headers: { accept: "text/html", ...(cookie ? { cookie } : {}) }, signal: AbortSignal.timeout(30_000) });
  const html = await res.text();
  const refs = scanHtml(html, pageUrl);
  const own = new URL(origin).origin;

  const files: FileWeight[] = [];
  const external: string[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  let swiper = false;
  let clerk = false;
  const queue = [...refs.scripts];
  while (queue.length > 0) {
    const url = queue.shift()!;
    const key = url.split("#")[0];
    if (seen.has(key)) continue;
    seen.add(key);
    if (new URL(key).origin !== own) {
      external.push(key);
      continue;
    }
    const got = await fetchOnce(key, cache);
    if (got.status !== 200) {
      missing.push(`${key} (${got.status})`);
      continue;
    }
    const text = got.body.toString("utf8");
    files.push({ url: key, bytes: got.body.length, gzip: gzip9(got.body) });
    if (/swiper-wrapper|swiper-slide/.test(text)) swiper = true;
    if (/clerk\.(com|accounts)|__clerk|ClerkProvider/i.test(text)) clerk = true;
    for (const spec of moduleSpecifiers(text, { staticOnly: true })) queue.push(new URL(spec, key).href);
  }

  let cssGzip = 0;
  for (const href of refs.stylesheets) {
    if (new URL(href).origin !== own) continue;
    const got = await fetchOnce(href, cache);
    if (got.status === 200) cssGzip += gzip9(got.body);
  }

  return {
    path,
    status: res.status,
    html,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gzip9(html),
    files,
    jsGzip: files.reduce((n, f) => n + f.gzip, 0),
    jsBytes: files.reduce((n, f) => n + f.bytes, 0),
    inlineGzip: refs.inline.length ? gzip9(refs.inline.join("\n")) : 0,
    cssGzip,
    external,
    missing,
    swiper,
    clerk,
  };
}

/** The first `/product/<id>` link in a page, with its query string if any. */
export function firstProductPath(html: string): string | null {
  const m = /href=(?:"|')(\/product\/[^"'#\s]+)/.exec(html);
  return m ? decodeEntities(m[1]) : null;
}
