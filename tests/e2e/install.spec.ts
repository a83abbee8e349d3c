// Installable (issue 26 part 1): every page links the web app manifest, whose icons are served,
// and Chrome's own installability check finds nothing missing.
import { expect, open, test } from "./support.ts";

test("the shop is installable: its manifest, its icons, and Chrome's own check", async ({ page, hasJs }) => {
  await open(page, "/", hasJs);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const answer = await page.request.get(href!);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await answer.json()) as { short_name: string; start_url: string; icons: { src: string }[]; shortcuts: { url: string }[] };
  expect([manifest.short_name, manifest.start_url]).toEqual(["Haat", "/"]);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()["content-type"], icon.src).toBe("image/png");
  for (const shortcut of manifest.shortcuts) expect((await page.request.get(shortcut.url)).ok(), shortcut.url).toBe(true);
  // Chrome's own check (what decides whether it offers to install), asked through DevTools.
  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors");
  // A test's browser context is an incognito one, where Chrome installs nothing: said of the browser, not the shop.
  expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
});
