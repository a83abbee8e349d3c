// A new version of the shop (issue 26 part 2): the next deploy's worker waits until the shopper
// says Reload, so no page mixes old and new scripts. It changes the built worker on disk, which
// every page of the e2e server would then be offered: its own project runs it after the others
// (playwright.config.ts), and it puts the file back.
import fs from "node:fs";
import zlib from "node:zlib";
import { controlled, expect, open, test } from "./support.ts";

const SW_FILE = "build/client/sw.js";
// The build's compressed copies, which the server sends as they are (app/server/precompressed.server.ts).
const COPIES = { [`${SW_FILE}.br`]: (text: string) => zlib.brotliCompressSync(text), [`${SW_FILE}.gz`]: (text: string) => zlib.gzipSync(text) };

let original: string | null = null;
const originals = new Map<string, Buffer>();
test.afterEach(() => {
  if (original !== null) fs.writeFileSync(SW_FILE, original);
  for (const [file, bytes] of originals) fs.writeFileSync(file, bytes);
});

/** A deploy's new worker: the file and the build's compressed copies of it. */
function deploy(text: string) {
  fs.writeFileSync(SW_FILE, text);
  for (const [file, compress] of Object.entries(COPIES)) {
    if (!fs.existsSync(file)) continue;
    if (!originals.has(file)) originals.set(file, fs.readFileSync(file));
    fs.writeFileSync(file, compress(text));
  }
}

test("a new version of the shop waits for the shopper's Reload, then takes over", async ({ page }) => {
  await open(page, "/", true);
  await controlled(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  // The next deploy's worker: the same script, changed by a byte (served from the build).
  original = fs.readFileSync(SW_FILE, "utf8");
  deploy(`${original}\n// the next version`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect(page.getByText("A new version of Haat is ready.")).toBeVisible();
  // Until the shopper says so, this page keeps the worker it started with.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByText("A new version of Haat is ready.")).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active && !(await navigator.serviceWorker.getRegistration())?.waiting)))
    .toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
