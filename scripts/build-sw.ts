// Builds the service worker (issue 26, decision 049) after React Router's build: bundles
// app/sw/sw.ts (Serwist and the shop's rules) into build/client/sw.js, then lets Serwist's
// injectManifest write its precache list into it: the scripts and styles of the pages a shopper
// opens first (the root, home, the offline page) and of the routes a tap offline posts to, read from React
// Router's own client manifest. Called from react-router.config.ts's buildEnd.
import fs from "node:fs";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { build } from "vite";

/** The routes whose files are precached: what a first visit opens, and the offline page. */
const FIRST_ROUTES = ["root", "routes/home", "routes/offline"];
/**
 * The routes a tap on a kept page posts to (the cart's buttons, the hearts): React Router loads
 * a route's module when a post goes to it, and reloads the page when it cannot, so they are
 * precached for a tap made offline to be queued (issue 26 part 3): about 7.5 kB compressed.
 */
const OFFLINE_ACTION_ROUTES = ["routes/cart", "routes/wishlist"];

interface ClientManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, { module?: string; imports?: string[]; css?: string[] }>;
}

/** React Router's client manifest (assets/manifest-*.js): `window.__reactRouterManifest={…}`. */
function clientManifest(assets: string): ClientManifest {
  const prefix = "window.__reactRouterManifest=";
  for (const name of fs.readdirSync(assets).filter((n) => /^manifest-.*\.js$/.test(n))) {
    const text = fs.readFileSync(path.join(assets, name), "utf8");
    if (text.startsWith(prefix)) return JSON.parse(text.slice(prefix.length).replace(/;\s*$/, "")) as ClientManifest;
  }
  throw new Error(`No React Router client manifest in ${assets}`);
}

/** The files of the first routes, as paths relative to build/client. */
export function firstVisitFiles(manifest: ClientManifest): string[] {
  const files = new Set<string>();
  const add = (entry: { module?: string; imports?: string[]; css?: string[] } | undefined) => {
    for (const file of [entry?.module, ...(entry?.imports ?? []), ...(entry?.css ?? [])]) if (file) files.add(file.replace(/^\//, ""));
  };
  add(manifest.entry);
  for (const id of [...FIRST_ROUTES, ...OFFLINE_ACTION_ROUTES]) {
    if (!manifest.routes[id]) throw new Error(`The service worker's first routes name ${id}, which the build does not have`);
    add(manifest.routes[id]);
  }
  return [...files].sort();
}

/**
 * What those files fetch once their page has hydrated (components/later.tsx: the footer, the
 * search's suggestions, a card's heart), with what those import: a kept page offline hydrates
 * them too. Read from the built files themselves, whose imports name siblings (`./x.js`).
 */
export function laterFiles(outDir: string, files: string[]): string[] {
  const found = new Set<string>();
  const read = (file: string) => fs.readFileSync(path.join(outDir, file), "utf8");
  const walk = (file: string, pattern: RegExp) => {
    for (const m of read(file).matchAll(pattern)) {
      const next = path.posix.join(path.posix.dirname(file), m[1]);
      if (files.includes(next) || found.has(next) || !fs.existsSync(path.join(outDir, next))) continue;
      found.add(next);
      walk(next, /(?:\bfrom\s*|\bimport\s*\(?\s*)["'`](\.\/[^"'`]+\.js)["'`]/g);
    }
  };
  for (const file of files.filter((f) => f.endsWith(".js"))) walk(file, /\bimport\s*\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g);
  return [...found].sort();
}

export async function buildServiceWorker(root: string): Promise<{ precached: number; bytes: number }> {
  const outDir = path.join(root, "build/client");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: false,
      // A classic script: every browser with service workers runs it.
      lib: { entry: path.join(root, "app/sw/sw.ts"), formats: ["iife"], name: "haatServiceWorker", fileName: () => "sw.js" },
    },
  });
  const first = firstVisitFiles(clientManifest(path.join(outDir, "assets")));
  const files = [...first, ...laterFiles(outDir, first)];
  const sw = path.join(outDir, "sw.js");
  const { count, size, warnings } = await injectManifest({
    swSrc: sw,
    swDest: sw,
    globDirectory: outDir,
    globPatterns: files,
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
  });
  if (warnings.length) throw new Error(`Serwist: ${warnings.join("; ")}`);
  return { precached: count, bytes: size };
}
