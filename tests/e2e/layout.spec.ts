// Spacing and wrapping a careful shopper noticed (issue 11 point 15), measured where they showed.
import { expect, open, product, productPath, test } from "./support.ts";

const dal = product("Haat Select Masoor Dal (Malka)");

async function box(locator: import("@playwright/test").Locator) {
  const b = await locator.boundingBox();
  expect(b, "laid out").not.toBeNull();
  return b!;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("subcategory chips are one row that scrolls sideways, each on one line", async ({ page, hasJs }) => {
    await open(page, "/products?category=grocers-pick", hasJs);
    const chips = page.getByRole("list", { name: "Grocers Pick subcategories" });
    const links = chips.getByRole("link");
    expect(await links.count()).toBeGreaterThan(3);
    const first = await box(links.first());
    for (const link of await links.all()) {
      const b = await box(link);
      expect(Math.abs(b.y - first.y), await link.innerText()).toBeLessThan(2);
      expect(b.height, await link.innerText()).toBeLessThan(first.height + 2);
    }
    expect(await chips.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
  });

  test("the product page's heart sits beside its buttons", async ({ page, hasJs, request }) => {
    await open(page, await productPath(request, dal.title), hasJs);
    const summary = page.getByRole("region", { name: dal.title });
    const add = await box(summary.getByRole("button", { name: "Add to Cart" }));
    const heart = await box(summary.getByRole("button", { name: `Add ${dal.title} to wishlist` }));
    expect(heart.y).toBeLessThan(add.y + add.height);
  });
});

test.describe("at 820 px", () => {
  test.use({ viewport: { width: 820, height: 1000 } });

  test("the navigation stays on one line", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    const first = await box(links.first());
    for (const link of await links.all()) {
      const b = await box(link);
      expect(Math.abs(b.y - first.y), await link.innerText()).toBeLessThan(2);
      expect(b.height, await link.innerText()).toBeLessThan(first.height + 2);
    }
  });
});

test("'Show more' and 'Add a new address' each have room", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  await post("/cart", { intent: "add", internal_reference: dal.variants[0]!.internal_reference });
  for (const street of ["1 Cyber City", "2 Sohna Road", "3 MG Road"])
    await post("/myaccount/addresses", { intent: "add", name: "Kabir Rao", phone: "9988776655", street, city: "Gurgaon", zip: "122002" });
  await open(page, "/revieworder", hasJs);
  const more = await box(page.getByRole("link", { name: "Show more" }));
  const add = await box(page.getByRole("link", { name: "Add a new address" }));
  expect(add.y).toBeGreaterThanOrEqual(more.y + more.height + 8);
});

test.describe("the home page on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the contact card stands clear of the trust band, and a store photo is not a screen tall", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const band = await box(page.getByRole("region", { name: "Why shop with us" }));
    const contact = await box(page.getByRole("region", { name: "Get in touch" }));
    expect(contact.y).toBeGreaterThanOrEqual(band.y + band.height + 24);
    const photo = await box(page.getByRole("region", { name: "Photos of our store" }).getByRole("img").first());
    expect(photo.height).toBeLessThan(900 * 0.6);
  });
});

test("a repeat visit links the stylesheet the browser fetched after the first page, and looks the same (issue 43)", async ({ page, hasJs, context }) => {
  await open(page, "/", hasJs);
  // The first page carries the stylesheet and asks for its file once loaded; the file's answer leaves a cookie.
  await expect.poll(async () => (await context.cookies()).some((c) => c.name.endsWith("haat_css")), { timeout: 15_000 }).toBe(true);
  const heading = page.getByRole("heading", { name: "Curated For You" });
  const styleOf = () => heading.evaluate((h) => [getComputedStyle(h).fontSize, getComputedStyle(document.body).backgroundColor].join(" "));
  const carried = await styleOf();
  await open(page, "/", hasJs);
  expect(await page.locator("style[data-stylesheet]").count()).toBe(0);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("href", /\/assets\/app-.*\.css$/);
  expect(await styleOf()).toBe(carried);
  // Once React's, a link to another page keeps it styled.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(carried.split(" ").slice(1).join(" "));
});
