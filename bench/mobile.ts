// `npm run bench:mobile` (issue 26 part 5): the shop on a slow phone, measured in Chromium with
// the browser's own throttling through the DevTools protocol: 'Slow 3G' (400 kbit/s each way,
// 400 ms latency; Network.emulateNetworkConditions) and a 4x slower CPU
// (Emulation.setCPUThrottlingRate). For home, the listing, a product and the cart, with
// JavaScript on and off, each the median of RUNS runs (MOBILE_RUNS, default 3):
// - first visit: LCP and the bytes the browser received (a fresh browser context);
// - repeat visit: LCP of the same page again, the service worker warm (with JavaScript);
// - offline: a visited product page opened with the network off (with JavaScript);
// - add to cart: from the press to the server's answer.
// Against the production build on a fresh embedded database. Writes bench/mobile-last-run.md.
//
//   npm run bench:mobile [-- --only=home,product]
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { SetupError, startProductionShop, stopAll } from "./lib/processes.ts";
import { kB, mdTable, ms, type Cell } from "./lib/report.ts";

const repo = path.resolve(import.meta.dirname, "..");
const RUNS = Math.max(1, Number(process.env.MOBILE_RUNS ?? 3) || 3);
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
const TARGETS = { firstLcpMs: 2500, repeatLcpMs: 1000, offlineMs: 1000 } as const;
const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((f) => fs.existsSync(f));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The page's throttling, and the bytes and LCP the browser reports for what it loads. */
async function throttled(page: Page): Promise<{ cdp: CDPSession; bytes: () => number; lcp: () => number | null; reset: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("PerformanceTimeline.enable", { eventTypes: ["largest-contentful-paint"] });
  let bytes = 0;
  let lcp: number | null = null;
  let navigationStart = 0;
  cdp.on("Network.loadingFinished", (e) => (bytes += e.encodedDataLength));
  // Wall-clock seconds, as the LCP event's times are.
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.type === "Document" && e.request.method === "GET") navigationStart = e.wallTime;
  });
  // Not the page's own JavaScript: it works with scripts off too.
  cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
    if (event.type === "largest-contentful-paint" && event.lcpDetails) lcp = (event.lcpDetails.renderTime || event.lcpDetails.loadTime) * 1000 - navigationStart * 1000;
  });
  return { cdp, bytes: () => bytes, lcp: () => lcp, reset: () => ((bytes = 0), (lcp = null)) };
}

async function lcpOf(page: Page, probe: Awaited<ReturnType<typeof throttled>>, url: string): Promise<number> {
  probe.reset();
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  // LCP is final once the page has loaded and painted; the event may come just after load.
  for (let i = 0; i < 50 && probe.lcp() === null; i++) await page.waitForTimeout(100);
  return probe.lcp() ?? Number.NaN;
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

async function main() {
  if (!chromiumPath) throw new SetupError("Chromium is not installed: as root, `apt-get install -y chromium`.");
  // Each shopper of the runs comes from an address of their own (the sign-up limit).
  const { origin, stop } = await startProductionShop(repo, "mobile", { TRUST_PROXY: "loopback" });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const rows: Cell[][] = [];
  const misses: string[] = [];
  try {
    const products = (await (
      await fetch(`${origin}/api/products`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ params: { limit: 1 } }) })
    ).json()) as {
      result?: { products?: { id: number; variants?: { internal_reference: string }[] }[] };
    };
    const first = products.result?.products?.[0];
    const productUrl = `/product/${first?.id ?? 1}`;
    const reference = first?.variants?.[0]?.internal_reference ?? "GP-DRY-ALM-250G";
    const only = process.argv
      .find((a) => a.startsWith("--only="))
      ?.slice(7)
      .split(",");
    const pages = [
      { name: "home", path: "/" },
      { name: "listing", path: "/products" },
      { name: "product", path: productUrl },
      { name: "cart", path: "/addtocart", signedIn: true },
    ].filter((p) => !only || only.includes(p.name));
    for (const js of [true, false]) {
      for (const p of pages) {
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
          if (js) {
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
        const row = {
          first: median(firstLcp),
          repeat: repeatLcp.length ? median(repeatLcp) : null,
          bytes: median(bytes),
          offline: offline.length ? median(offline) : null,
          add: addToCart.length ? median(addToCart) : null,
        };
        rows.push([
          p.name,
          js ? "on" : "off",
          ms(row.first),
          row.repeat === null ? "—" : ms(row.repeat),
          kB(row.bytes),
          row.offline === null ? "—" : ms(row.offline),
          row.add === null ? "—" : ms(row.add),
        ]);
        console.log(`${p.name.padEnd(8)} JS ${js ? "on " : "off"}  first LCP ${ms(row.first)} ms  repeat ${row.repeat === null ? "—" : ms(row.repeat)} ms  ${kB(row.bytes)} kB`);
        if (!(row.first <= TARGETS.firstLcpMs)) misses.push(`${p.name}, JavaScript ${js ? "on" : "off"}: first visit LCP ${ms(row.first)} ms (target ${TARGETS.firstLcpMs})`);
        if (row.repeat !== null && !(row.repeat <= TARGETS.repeatLcpMs)) misses.push(`${p.name}: repeat visit LCP ${ms(row.repeat)} ms (target ${TARGETS.repeatLcpMs})`);
        if (row.offline !== null && !(row.offline <= TARGETS.offlineMs)) misses.push(`${p.name}: offline ${ms(row.offline)} ms (target ${TARGETS.offlineMs})`);
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
  const out = [
    `## bench:mobile ${new Date().toISOString().slice(0, 19)}Z (Slow 3G: 400 kbit/s, 400 ms; CPU 4x slower; a 412 px phone; the median of ${RUNS} runs)`,
    "",
    mdTable(["Page", "JS", "First visit LCP (ms)", "Repeat visit LCP (ms)", "First visit bytes (kB)", "Offline, visited (ms)", "Add to cart answered (ms)"], rows, [
      "l",
      "l",
      "r",
      "r",
      "r",
      "r",
      "r",
    ]),
    "",
    misses.length
      ? ["Below target:", "", ...misses.map((m) => `- ${m}`)].join("\n")
      : "Every page meets its targets (first visit LCP ≤ 2.5 s, repeat ≤ 1.0 s, a visited product offline < 1 s).",
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
