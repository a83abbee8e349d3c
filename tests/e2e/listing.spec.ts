import { at, cardPrices, cardTitles, categories, countLine, countText, expect, open, PAGE_SIZE, productList, products, productsIn, shownPrice, test } from "./support.ts";
import type { Page } from "@playwright/test";

const grocersPick = categories.find((c) => c.name === "Grocers Pick")!;

function sidebar(page: Page, name: string) {
  return page.getByRole("complementary", { name });
}

function breadcrumb(page: Page) {
  return page.getByRole("navigation", { name: "Breadcrumb" });
}

test.describe("category browsing", () => {
  test("a Curated For You tile opens its filtered listing", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    await page.getByRole("region", { name: "Curated For You" }).getByRole("link", { name: "Grocers Pick", exact: true }).click();

    await expect(page).toHaveURL("/products?category=grocers-pick");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grocers Pick");
    await expect(breadcrumb(page).getByRole("listitem")).toHaveText(["Home", "Shop", "Grocers Pick"]);
    await expect(breadcrumb(page).getByRole("link", { name: "Clear Filters" })).toBeVisible();
    await expect(countLine(page)).toHaveText(countText(productsIn("Grocers Pick").length));

    // The sidebar now lists the category's subcategories, between 'All' and 'Clear'.
    const side = sidebar(page, "Grocers Pick");
    await expect(side.getByRole("link")).toHaveText(["All", ...grocersPick.children.map((c) => c.name), "Clear"]);
    await expect(side.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("sidebar subcategory, All, Clear and Clear Filters", async ({ page, hasJs }) => {
    const rice = productsIn("Grocers Pick", "Rice");
    expect(rice.length).toBeGreaterThan(1);
    expect(rice.length).toBeLessThanOrEqual(PAGE_SIZE);

    await open(page, "/products?category=grocers-pick", hasJs);
    await sidebar(page, "Grocers Pick").getByRole("link", { name: "Rice", exact: true }).click();
    await expect(page).toHaveURL("/products?category=grocers-pick&sub=rice");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rice");
    await expect(countLine(page)).toHaveText(countText(rice.length));
    await expect(sidebar(page, "Grocers Pick").getByRole("link", { name: "Rice", exact: true })).toHaveAttribute("aria-current", "page");
    // Exactly the rice products, whatever their order.
    expect((await cardTitles(page)).sort()).toEqual(rice.map((p) => p.title).sort());
    await expect(productList(page).getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible();

    await sidebar(page, "Grocers Pick").getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL("/products?category=grocers-pick");
    await expect(countLine(page)).toHaveText(countText(productsIn("Grocers Pick").length));

    await sidebar(page, "Grocers Pick").getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");
    await expect(countLine(page)).toHaveText(countText(products.length));
    await expect(sidebar(page, "Categories").getByRole("link")).toHaveText(categories.filter((c) => c.status === "active").map((c) => c.name));
    await expect(breadcrumb(page).getByRole("link", { name: "Clear Filters" })).toHaveCount(0);

    await open(page, "/products?category=grocers-pick&sub=rice&sort=price-desc", hasJs);
    await breadcrumb(page).getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL("/products");
    await expect(countLine(page)).toHaveText(countText(products.length));
  });
});

test.describe("sort and price filter", () => {
  test("sorting by price, low to high", async ({ page, hasJs }) => {
    await open(page, "/products", hasJs);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: low to high" });
    // With JavaScript the select submits on change; without it the shopper presses Apply.
    if (!hasJs) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(at("/products", { sort: "price-asc" }));
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-asc");

    // The whole first page: the cheapest products, cheapest first.
    const cheapest = products
      .map(shownPrice)
      .sort((a, b) => a - b)
      .slice(0, PAGE_SIZE);
    await expect.poll(() => cardPrices(page)).toEqual(cheapest);
  });

  test("a price range keeps only the products within it", async ({ page, hasJs }) => {
    const [min, max] = [100, 300];
    const expected = products.filter((p) => shownPrice(p) >= min && shownPrice(p) <= max);

    await open(page, "/products?sort=price-asc", hasJs);
    await page.getByRole("spinbutton", { name: "Minimum price" }).fill(String(min));
    await page.getByRole("spinbutton", { name: "Maximum price" }).fill(String(max));
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(at("/products", { sort: "price-asc", min: String(min), max: String(max) }));
    await expect(countLine(page)).toHaveText(countText(expected.length));
    const prices = await cardPrices(page);
    expect(prices.length).toBe(Math.min(expected.length, PAGE_SIZE));
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(min);
      expect(price).toBeLessThanOrEqual(max);
    }
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("a range typed the wrong way round is swapped, not refused", async ({ page, hasJs }) => {
    const [low, high] = [200, 500];
    const expected = products.filter((p) => shownPrice(p) >= low && shownPrice(p) <= high);

    await open(page, "/products", hasJs);
    await page.getByRole("spinbutton", { name: "Minimum price" }).fill(String(high));
    await page.getByRole("spinbutton", { name: "Maximum price" }).fill(String(low));
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(at("/products", { min: String(high), max: String(low) }));
    await expect(countLine(page)).toHaveText(countText(expected.length));
    await expect(page.getByRole("spinbutton", { name: "Minimum price" })).toHaveValue(String(low));
    await expect(page.getByRole("spinbutton", { name: "Maximum price" })).toHaveValue(String(high));
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(low);
      expect(price).toBeLessThanOrEqual(high);
    }
  });

  test("a range with no products says so", async ({ page, hasJs }) => {
    const cheapest = Math.min(...products.map(shownPrice));
    await open(page, "/products?category=grocers-pick", hasJs);
    await page.getByRole("spinbutton", { name: "Minimum price" }).fill("1");
    await page.getByRole("spinbutton", { name: "Maximum price" }).fill(String(cheapest - 1));
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(at("/products", { category: "grocers-pick", min: "1", max: String(cheapest - 1) }));
    await expect(page.getByText("No products match your filter.")).toBeVisible();
    await expect(countLine(page)).toHaveText("0 products");
    await expect(productList(page)).toHaveCount(0);
    // The category filter is kept.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grocers Pick");
  });
});

test.describe("pagination", () => {
  const pageCount = Math.ceil(products.length / PAGE_SIZE);

  test("pages, Previous and Next", async ({ page, hasJs }) => {
    expect(pageCount).toBeGreaterThan(2);
    await open(page, "/products", hasJs);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const first = await cardTitles(page);
    expect(first).toHaveLength(PAGE_SIZE);

    await pages.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL("/products?page=2");
    await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    const second = await cardTitles(page);
    expect(second).toHaveLength(PAGE_SIZE);
    expect(second.filter((t) => first.includes(t))).toEqual([]);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/products?page=3");
    await expect(pages.getByRole("link", { name: "Page 3", exact: true })).toHaveAttribute("aria-current", "page");
    const third = await cardTitles(page);
    expect(third.filter((t) => first.includes(t) || second.includes(t))).toEqual([]);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/products?page=2");
    await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    expect(await cardTitles(page)).toEqual(second);
  });

  test("the page number keeps the filters", async ({ page, hasJs }) => {
    const grocers = productsIn("Grocers Pick");
    expect(grocers.length).toBeGreaterThan(PAGE_SIZE);
    await open(page, "/products?category=grocers-pick&sort=price-asc", hasJs);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/products?category=grocers-pick&sort=price-asc&page=2");
    const expected = grocers
      .map(shownPrice)
      .sort((a, b) => a - b)
      .slice(PAGE_SIZE, 2 * PAGE_SIZE);
    await expect.poll(() => cardPrices(page)).toEqual(expected);
  });

  test("a page number that is not a page shows the first page", async ({ page, hasJs }) => {
    for (const bad of ["-1", "abc", "0", "1.5"]) {
      const response = await open(page, `/products?page=${bad}`, hasJs);
      expect(response?.status(), `?page=${bad}`).toBe(200);
      await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(productList(page).getByRole("listitem")).toHaveCount(PAGE_SIZE);
    }
  });

  test("a page past the end shows the last page", async ({ page, hasJs }) => {
    const response = await open(page, "/products?page=999", hasJs);
    expect(response?.status()).toBe(200);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByRole("link", { name: `Page ${pageCount}`, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(productList(page).getByRole("listitem")).toHaveCount(products.length - (pageCount - 1) * PAGE_SIZE);
  });
});

test("back to top", async ({ page, hasJs }) => {
  await open(page, "/products", hasJs);
  const back = page.getByRole("link", { name: "Back to top" });
  if (hasJs) {
    // With JavaScript it appears only once the shopper has scrolled past 200 px.
    await expect(back).toBeHidden();
    await page.mouse.wheel(0, 600);
    await expect(back).toBeVisible();
  } else {
    // Without it, a plain link below the grid.
    await back.scrollIntoViewIfNeeded();
    await expect(back).toBeVisible();
  }
  await back.click();
  await expect(page).toHaveURL("/products#top");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
