// A shop that keeps working offline (issue 26): with JavaScript, a service worker keeps the
// catalogue pages a shopper opened and answers with the shop's own offline page for the rest;
// without it, no worker is ever registered.
import { cartBadge, controlled, expect, hydrated, headerToggle, isAvailable, open, productPath, products, shownVariant, test } from "./support.ts";

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
    // A link to a product the phone did not keep, followed in the page: the shop's offline page too.
    const related = page.getByRole("list", { name: "Related products" }).getByRole("heading", { level: 3 }).first().getByRole("link");
    const relatedPath = new URL((await related.getAttribute("href"))!, "http://shop").pathname;
    await related.click();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page).toHaveURL(`/offline?from=${encodeURIComponent(relatedPath)}`);

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

test.describe("changes made offline, with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the queue needs JavaScript; without it a post offline gets the offline page");

  test("an add to cart made offline waits, then lands once when the network is back, even when the first answer is lost", async ({ page, context, request, shopper: _signedIn }) => {
    const item = products.filter((p) => isAvailable(shownVariant(p)))[4]!;
    await open(page, "/", true);
    await controlled(page);
    await open(page, await productPath(request, item.title), true);
    // Once the page has learnt where its links and forms lead (React Router asks the shop after
    // hydration): a post to a route it does not know yet needs the network.
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await page.getByRole("region", { name: item.title }).getByRole("button", { name: "Add to Cart" }).click();
    // Said once as it is kept, and beside the product's stepper while it waits.
    const waiting = page.getByRole("region", { name: item.title }).getByRole("status").filter({ hasText: "Will be added when you are back online" });
    await expect(waiting).toBeVisible();
    await expect(cartBadge(page)).toHaveAccessibleName("Cart, 1 item");

    // The first replay reaches the shop, and its answer is lost on the way back.
    let lost = 0;
    await page.route("**/addtocart.data*", async (route) => {
      if (route.request().method() !== "POST" || lost > 0) return route.continue();
      lost++;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await context.setOffline(false);
    await expect.poll(() => lost).toBe(1);
    // No answer came, so it is sent again with the same key (by Background Sync, or when the page
    // opens again, as here): the shop answers as it did the first time and adds nothing.
    await page.reload();
    await hydrated(page, true);
    // The shop's own count (its pages as the server renders them) says one, and nothing waits.
    await expect.poll(async () => (await page.request.get("/")).text()).toContain('aria-label="Cart, 1 item"');
    await expect(waiting).toHaveCount(0);
    await open(page, "/addtocart", true);
    const line = page.getByRole("list", { name: "Cart items" }).getByRole("article", { name: item.title });
    await expect(line.getByRole("status", { name: `Quantity of ${item.title}` })).toHaveText("1");
    await expect(page.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);
  });

  test("a change made offline that the shop refuses when it is sent says why", async ({ page, context, request, baseURL, shopper: _signedIn }) => {
    const item = products.filter((p) => isAvailable(shownVariant(p)))[6]!;
    const reference = shownVariant(item).internal_reference;
    const post = (form: Record<string, string>) => page.request.post("/cart", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect((await post({ intent: "add", internal_reference: reference })).status()).toBe(303);
    await open(page, "/", true);
    await controlled(page);
    await open(page, await productPath(request, item.title), true);
    // Once the page has learnt where its links and forms lead (React Router asks the shop after
    // hydration): a post to a route it does not know yet needs the network.
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await page
      .getByRole("region", { name: item.title })
      .getByRole("button", { name: `Increase quantity of ${item.title}` })
      .click();
    await expect(page.getByRole("region", { name: item.title }).getByRole("status").filter({ hasText: "Will be changed when you are back online" })).toBeVisible();
    // Meanwhile the line leaves the cart elsewhere (another phone): the queued change cannot be made.
    expect((await post({ intent: "remove", internal_reference: reference })).status()).toBe(303);
    await context.setOffline(false);
    await expect(page.getByText("That item is not in your cart.")).toBeVisible();
    await expect(page.getByRole("region", { name: item.title }).getByRole("status").filter({ hasText: "Will be changed when you are back online" })).toHaveCount(0);
  });

  test("Confirm Order offline places nothing and says so", async ({ page, context, baseURL, shopper: _signedIn }) => {
    const item = products.filter((p) => isAvailable(shownVariant(p)))[5]!;
    const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect((await post("/cart", { intent: "add", internal_reference: shownVariant(item).internal_reference })).status()).toBe(303);
    expect(
      (await post("/myaccount/addresses", { intent: "add", name: "Asha Verma", phone: "9876543210", street: "12 Golf Course Road", city: "Gurgaon", zip: "122002" })).status(),
    ).toBe(303);
    await open(page, "/", true);
    await controlled(page);
    await open(page, "/addtocart", true);
    await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/revieworder$/);
    await expect(page.getByRole("button", { name: "Confirm Order" })).toBeEnabled();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Confirm Order" }).click();
    await expect(page.getByText("Your order was not placed: you are offline. Nothing was charged.", { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/revieworder$/);
    await context.setOffline(false);
    // Nothing was placed: the cart still holds the item, and there is no order.
    await open(page, "/addtocart", true);
    await expect(page.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);
    await open(page, "/orders", true);
    await expect(page.getByRole("link", { name: /Order #?\d+/ })).toHaveCount(0);
  });
});
