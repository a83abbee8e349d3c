// `npm run bench:mobile` (issue 26 part 5): the shop on a slow phone, measured in Chromium with
// the browser's own throttling through the DevTools protocol: 'Slow 3G' (400 kbit/s each way,
// 400 ms latency; Network.emulateNetworkConditions) and a 4x slower CPU
// (Emulation.setCPUThrottlingRate). For home, the listing, a product and the cart, with
// JavaScript on and off, each the median of RUNS runs (MOBILE_RUNS, default 3):
// - first visit: LCP and the bytes the browser received (a fresh browser context);
// - repeat visit: LCP of the same page again, the service worker warm (with JavaScript);
// - offline: a visited product page opened with the network off (with JavaScript);
// - add to cart: from the press to the server's answer.
// - the hydration gap (issue 43): on a first visit with JavaScript, in English and at /hi, the
//   first contentful paint, the moment the page is React's (the root's "haat:hydrated" mark), the
//   gap between, the script requests made before it and the bytes received by then.
// Against the production build on a fresh embedded database, and in the same run against the
// shop before issue 26 (--baseline=<git revision>, default the commit before its first part),
// unpacked into a temporary folder: its LCP, bytes and add to cart beside today's.
// Writes bench/mobile-last-run.md.
//
//   npm run bench:mobile [-- --only=home,product] [-- --baseline=<rev>] [-- --gap-only]
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { baselineCheckout, SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { kB, mdTable, median, ms, ratio, type Cell } from "./lib/report.ts";

const repo = path.resolve(import.meta.dirname, "..");
const RUNS = Math.max(1, Number(process.env.MOBILE_RUNS ?? 3) || 3);
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const TARGETS = { firstLcpMs: 2500, repeatLcpMs: 1000, offlineMs: 1000 } as const;
/** The shop before issue 26 (the commit before its first part): what "no more bytes than today" compares with. */
const BASELINE_REV = "597981f^";
/** Runs of one page differ by a few hundred bytes (a session id, a nonce): more than this is more. */
const BYTES_SLACK = 0.02;
const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((f) => fs.existsSync(f));

/** A table's alignment: two columns of labels, then `columns - 2` of figures. */
const twoLabels = (columns: number): ("l" | "r")[] => ["l", "l", ...Array<"r">(columns - 2).fill("r")];

/** The page's throttling, and the bytes and LCP the browser reports for what it loads. */
async function throttled(page: Page): Promise<{ cdp: CDPSession; bytes: () => number; lcp: () => number | null; lastLcpAt: () => number; reset: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("PerformanceTimeline.enable", { eventTypes: ["largest-contentful-paint"] });
  let bytes = 0;
  let lcp: number | null = null;
  let lastLcpAt = 0;
  let navigationStart = 0;
  cdp.on("Network.loadingFinished", (e) => (bytes += e.encodedDataLength));
  // Wall-clock seconds, as the LCP event's times are.
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.type === "Document" && e.request.method === "GET") navigationStart = e.wallTime;
  });
  // Not the page's own JavaScript: it works with scripts off too.
  cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
    if (event.type === "largest-contentful-paint" && event.lcpDetails) {
      // Each larger paint is a new candidate: the page's LCP is the last one.
      lcp = (event.lcpDetails.renderTime || event.lcpDetails.loadTime) * 1000 - navigationStart * 1000;
      lastLcpAt = performance.now();
    }
  });
  return { cdp, bytes: () => bytes, lcp: () => lcp, lastLcpAt: () => lastLcpAt, reset: () => ((bytes = 0), (lcp = null)) };
}

async function lcpOnce(page: Page, probe: Awaited<ReturnType<typeof throttled>>, url: string): Promise<number> {
  probe.reset();
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  // The load event can come before the main picture has painted (it is not always what holds
  // load back): LCP is the last candidate once the page's network is quiet and no candidate has
  // come for a second. (Reading the first candidate after load gave the product page 0.8 s
  // where its photo painted at 4.9 s.)
  await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
  for (let i = 0; i < 150 && (probe.lcp() === null || performance.now() - probe.lastLcpAt() < 1000); i++) await page.waitForTimeout(100);
  return probe.lcp() ?? Number.NaN;
}

/** LCP of a visit to `url`; a visit that reports no LCP at all (now and then a page the worker answers) is made again, up to three times. */
async function lcpOf(page: Page, probe: Awaited<ReturnType<typeof throttled>>, url: string): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lcp = await lcpOnce(page, probe, url);
    if (Number.isFinite(lcp)) return lcp;
  }
  return Number.NaN;
}

async function signedIn(context: BrowserContext, origin: string, reference: string) {
  const id = crypto.randomBytes(4).toString("hex");
  const headers = { Origin: origin, "X-Forwarded-For": `10.9.${id.charCodeAt(0) % 250}.${id.charCodeAt(1) % 250}` };
  const up = await context.request.post(`${origin}/signup`, {
    form: { name: "Bench Shopper", email: `bench-${id}@example.test`, phone: "9876543210", password: "bench-password-1" },
    headers,
    maxRedirects: 0,
  });
  if (up.status() !== 303) throw new SetupError(`sign-up answered ${up.status()}`);
  await context.request.post(`${origin}/cart`, { form: { intent: "add", internal_reference: reference }, headers, maxRedirects: 0 });
}

/** The pages measured, with the product and variant a signed-in cart holds. */
interface Target {
  name: string;
  path: string;
  signedIn?: boolean;
}

interface Measured {
  first: number;
  repeat: number | null;
  bytes: number;
  offline: number | null;
  add: number | null;
}

/** One page with JavaScript on or off, RUNS times in fresh contexts: the medians. */
async function measure(browser: Browser, origin: string, p: Target, js: boolean, reference: string, withWorker: boolean): Promise<Measured> {
  const firstLcp: number[] = [];
  const repeatLcp: number[] = [];
  const bytes: number[] = [];
  const offline: number[] = [];
  const addToCart: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    if (p.signedIn) await signedIn(context, origin, reference);
    const page = await context.newPage();
    const probe = await throttled(page);
    firstLcp.push(await lcpOf(page, probe, origin + p.path));
    bytes.push(probe.bytes());
    // Add to cart on the first visit's page, before the worker: the press until the server answers.
    if (p.name === "product") {
      const answered = page.waitForResponse((r) => r.request().method() === "POST", { timeout: 120_000 });
      const started = performance.now();
      await page.getByRole("main").getByRole("button", { name: "Add to Cart", exact: true }).filter({ visible: true }).first().click({ timeout: 60_000 });
      await answered;
      addToCart.push(performance.now() - started);
    }
    if (js && withWorker) {
      // The worker takes over once the page is idle; then the repeat visit.
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 120_000 });
      await lcpOf(page, probe, origin + p.path);
      repeatLcp.push(await lcpOf(page, probe, origin + p.path));
      if (p.name === "product") {
        await context.setOffline(true);
        const started = performance.now();
        await page.goto(origin + p.path, { waitUntil: "load" });
        offline.push(performance.now() - started);
        await context.setOffline(false);
      }
    }
    await context.close();
  }
  return {
    first: median(firstLcp),
    repeat: repeatLcp.length ? median(repeatLcp) : null,
    bytes: median(bytes),
    offline: offline.length ? median(offline) : null,
    add: addToCart.length ? median(addToCart) : null,
  };
}

interface Gap {
  fcp: number;
  hydrated: number;
  scripts: number;
  bytes: number;
}
const GAP_TARGETS = { gapMs: 3000, scripts: 8 } as const;

/** A first visit with JavaScript, RUNS times in fresh contexts: the medians of the first paint, hydration, the gap, scripts and bytes. */
async function measureGap(browser: Browser, origin: string, p: Target, reference: string): Promise<Gap & { gap: number }> {
  const runs: (Gap & { gap: number })[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    if (p.signedIn) await signedIn(context, origin, reference);
    const page = await context.newPage();
    const probe = await throttled(page);
    probe.reset();
    await page.goto(origin + p.path, { waitUntil: "commit", timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName("haat:hydrated").length > 0, undefined, { timeout: 120_000, polling: 50 });
    const bytes = probe.bytes();
    const seen = await page.evaluate(() => {
      const hydrated = performance.getEntriesByName("haat:hydrated")[0]!.startTime;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      // Every script the page asked for before it was React's: module scripts, preloads and imports.
      const scripts = performance.getEntriesByType("resource").filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname) && r.startTime < hydrated).length;
      return { fcp, hydrated, scripts };
    });
    runs.push({ ...seen, bytes, gap: seen.hydrated - seen.fcp });
    await context.close();
  }
  const mid = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
  return { fcp: mid("fcp"), hydrated: mid("hydrated"), gap: mid("gap"), scripts: mid("scripts"), bytes: mid("bytes") };
}

/** The product the runs use, asked of the shop's API. */
async function firstProduct(origin: string): Promise<{ path: string; reference: string }> {
  const answer = (await (
    await fetch(`${origin}/api/products`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ params: { limit: 1 } }) })
  ).json()) as { result?: { products?: { id: number; variants?: { internal_reference: string }[] }[] } };
  const first = answer.result?.products?.[0];
  return { path: `/product/${first?.id ?? 1}`, reference: first?.variants?.[0]?.internal_reference ?? "GP-DRY-ALM-250G" };
}

async function main() {
  if (!chromiumPath) throw new SetupError("Chromium is not installed: as root, `apt-get install -y chromium`.");
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = arg("only")?.split(",");
  // The hydration gap alone (issue 43): this shop, no baseline, no LCP table.
  const gapOnly = process.argv.includes("--gap-only");
  const baselineRev = arg("baseline") ?? process.env.MOBILE_BASELINE ?? BASELINE_REV;
  // --baseline=none: this shop alone (a quick look; the report then compares it with itself).
  const baseline = baselineRev === "none" || gapOnly ? { dir: repo, sha: "this checkout" } : baselineCheckout(repo, baselineRev, "mobile");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const results = new Map<string, { now: Measured; before: Measured }>();
  const gaps = new Map<string, Gap & { gap: number }>();
  try {
    // The baseline first, then this shop, each alone on the machine; each shopper comes from an
    // address of their own (the sign-up limit).
    const shops = [
      ["before", baseline.dir],
      ["now", repo],
    ] as const;
    for (const [which, dir] of baselineRev === "none" || gapOnly ? shops.slice(1) : shops) {
      const { origin, stop } = await startProductionShop(dir, `mobile-${which}`, { TRUST_PROXY: "loopback" });
      try {
        const product = await firstProduct(origin);
        const pages: Target[] = [
          { name: "home", path: "/" },
          { name: "listing", path: "/products" },
          // Signed in, so Add to Cart adds (signed out it leads to sign-in).
          { name: "product", path: product.path, signedIn: true },
          { name: "cart", path: "/addtocart", signedIn: true },
        ].filter((p) => !only || only.includes(p.name));
        if (which === "now") {
          for (const p of pages) {
            for (const locale of ["en", "hi"] as const) {
              const g = await measureGap(browser, origin, { ...p, path: locale === "hi" ? `/hi${p.path === "/" ? "" : p.path}` : p.path }, product.reference);
              gaps.set(`${p.name}|${locale}`, g);
              console.log(`gap    ${p.name.padEnd(8)} ${locale}  paint ${ms(g.fcp)} ms  hydrated ${ms(g.hydrated)} ms  gap ${ms(g.gap)} ms  ${g.scripts} scripts  ${kB(g.bytes)} kB`);
            }
          }
        }
        for (const js of gapOnly ? [] : [true, false]) {
          for (const p of pages) {
            const m = await measure(browser, origin, p, js, product.reference, which === "now");
            const key = `${p.name}|${js ? "on" : "off"}`;
            results.set(key, { ...(results.get(key) ?? { now: m, before: m }), [which]: m });
            console.log(`${which.padEnd(6)} ${p.name.padEnd(8)} JS ${js ? "on " : "off"}  first LCP ${ms(m.first)} ms  ${kB(m.bytes)} kB`);
          }
        }
      } finally {
        await stop();
      }
    }
  } finally {
    await browser.close();
  }

  const rows: Cell[][] = [];
  const misses: string[] = [];
  for (const [key, { now, before }] of results) {
    const [name, js] = key.split("|") as [string, string];
    const dash = (n: number | null) => (n === null ? "—" : ms(n));
    rows.push([
      name,
      js,
      ms(now.first),
      ms(before.first),
      dash(now.repeat),
      kB(now.bytes),
      kB(before.bytes),
      ratio(now.bytes / before.bytes),
      dash(now.offline),
      dash(now.add),
      dash(before.add),
    ]);
    const where = `${name}, JavaScript ${js}`;
    if (!(now.first <= TARGETS.firstLcpMs)) misses.push(`${where}: first visit LCP ${ms(now.first)} ms (target ${TARGETS.firstLcpMs})`);
    if (now.repeat !== null && !(now.repeat <= TARGETS.repeatLcpMs)) misses.push(`${where}: repeat visit LCP ${ms(now.repeat)} ms (target ${TARGETS.repeatLcpMs})`);
    if (now.offline !== null && !(now.offline <= TARGETS.offlineMs)) misses.push(`${where}: offline ${ms(now.offline)} ms (target ${TARGETS.offlineMs})`);
    // More bytes than the shop before issue 26 sent, beyond the runs' own spread.
    if (now.bytes > before.bytes * (1 + BYTES_SLACK)) misses.push(`${where}: first visit ${kB(now.bytes)} kB, more than before (${kB(before.bytes)} kB)`);
  }
  const gapRows: Cell[][] = [];
  for (const [key, g] of gaps) {
    const [name, locale] = key.split("|") as [string, string];
    const en = gaps.get(`${name}|en`);
    gapRows.push([
      name,
      locale,
      ms(g.fcp),
      ms(g.hydrated),
      ms(g.gap),
      String(g.scripts),
      kB(g.bytes),
      locale === "hi" && en ? ratio(g.gap / en.gap) : "—",
      locale === "hi" && en ? ratio(g.bytes / en.bytes) : "—",
    ]);
    const where = `${name}, ${locale === "hi" ? "Hindi" : "English"}`;
    if (!(g.gap <= GAP_TARGETS.gapMs)) misses.push(`${where}: hydration gap ${ms(g.gap)} ms (target ${GAP_TARGETS.gapMs})`);
    if (!(g.scripts <= GAP_TARGETS.scripts)) misses.push(`${where}: ${g.scripts} script requests before hydration (target ${GAP_TARGETS.scripts})`);
  }
  const gapTable = gapRows.length
    ? [
        "### The hydration gap (first visit, JavaScript on)",
        "",
        mdTable(["Page", "Language", "First paint (ms)", "Hydrated (ms)", "Gap (ms)", "Scripts before", "kB by then", "gap vs English", "kB vs English"], gapRows, twoLabels(9)),
        "",
      ].join("\n")
    : "";
  const out = [
    `## bench:mobile ${new Date().toISOString().slice(0, 19)}Z (Slow 3G: 400 kbit/s, 400 ms; CPU 4x slower; a 412 px phone; the median of ${RUNS} runs)`,
    "",
    `"Before" is the shop at ${baselineRev} (${baseline.sha.slice(0, 7)}), measured in the same run on the same machine.`,
    "",
    gapTable,
    mdTable(
      ["Page", "JS", "First LCP (ms)", "before", "Repeat LCP (ms)", "First visit kB", "before", "kB ratio", "Offline, visited (ms)", "Add to cart (ms)", "before"],
      rows,
      twoLabels(11),
    ),
    "",
    misses.length
      ? ["Below target:", "", ...misses.map((m) => `- ${m}`)].join("\n")
      : "Every page meets its targets (first visit LCP ≤ 2.5 s, repeat ≤ 1.0 s, a visited product offline < 1 s, no more bytes than before).",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(repo, "bench/mobile-last-run.md"), out);
  console.log(`\n${out}`);
  if (misses.length) process.exitCode = 1;
}

main().catch(async (error) => {
  console.error(error instanceof SetupError ? `${error.message}\n${error.output.slice(-4000)}` : error);
  await stopAll();
  process.exit(1);
});
