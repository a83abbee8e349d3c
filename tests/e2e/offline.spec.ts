// A shop that keeps working offline (issue 26): with JavaScript, a service worker keeps the
// catalogue pages a shopper opened and answers with the shop's own offline page for the rest;
// without it, no worker is ever registered.
import type { Page } from "@playwright/test";
import { expect, headerToggle, open, productPath, products, test } from "./support.ts";

/** Waits until the page is controlled by the shop's worker (it claims the page once active). */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(true);
}

test.describe("offline, with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the worker is registered only with JavaScript");

  test("a visited product page opens offline, marked as kept; an unvisited one shows the shop's offline page", async ({ page, context, request }) => {
    const product = await productPath(request, products[0]!.title);
    await open(page, product, true);
    await controlled(page);
    // Opened again under the worker: now it is kept.
    await open(page, product, true);
    await context.setOffline(true);
    await page.goto(product);
    await expect(page.getByRole("heading", { level: 1, name: products[0]!.title })).toBeVisible();
    await expect(page.getByText(/^Offline: showing the page as you last saw it \(today, /)).toBeVisible();

    const unvisited = await productPath(request, products[3]!.title);
    await page.goto(unvisited);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page).toHaveURL(`/offline?from=${encodeURIComponent(unvisited)}`);
    await expect(page.getByText("Pages you have opened before still open, as you last saw them.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: products[3]!.title })).toBeVisible();
  });

  test("never keeps a personal page, and drops the kept pages at sign-out", async ({ page, context, request, shopper }) => {
    const product = await productPath(request, products[1]!.title);
    await open(page, "/", true);
    await controlled(page);
    await open(page, product, true);
    await open(page, "/myaccount", true);
    await expect(page.getByText(`Hello, ${shopper.name}`)).toBeVisible();
    await headerToggle(page, "Account menu").click();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await context.setOffline(true);
    // The product page was kept with the shopper's header: gone with the sign-out.
    await page.goto(product);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await page.goto("/myaccount");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  });
});

test("without JavaScript no service worker is registered", async ({ page, context, hasJs }) => {
  test.skip(hasJs, "the no-js project");
  await open(page, "/", hasJs);
  await open(page, "/products", hasJs);
  expect(context.serviceWorkers()).toEqual([]);
});
