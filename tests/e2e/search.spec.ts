import { at, expect, open, productList, searchInput, test } from "./support.ts";

test.describe("header search", () => {
  test("a typo still finds the product", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const box = searchInput(page);
    await box.fill("basmti");
    await box.press("Enter");

    await expect(page).toHaveURL(at("/products", { search: "basmti" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “basmti”");
    await expect(productList(page).getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible();
    // The box is cleared once the results are shown.
    await expect(searchInput(page)).toHaveValue("");
  });

  test("a three-letter word one letter off finds the word: 'ata' is atta (issue 41)", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const box = searchInput(page);
    await box.fill("ata");
    await box.press("Enter");
    await expect(page).toHaveURL(at("/products", { search: "ata" }));
    await expect(productList(page).getByRole("link").first()).toHaveAccessibleName(/Chakki Atta/);
    await expect(page.getByText("No products match your filter.")).toHaveCount(0);
  });

  test("the results page keeps the query to change, says 'Did you mean', and offers categories when nothing is found", async ({ page, hasJs }) => {
    // Two letters swapped in a six-letter word: two edits, more than search forgives.
    await open(page, "/products?search=almnod", hasJs);
    const again = page.getByRole("search", { name: "Change your search" });
    await expect(again.getByRole("searchbox", { name: "Search again" })).toHaveValue("almnod");
    await expect(page.getByText("Did you mean")).toBeVisible();
    await page.getByRole("link", { name: "almond" }).click();
    await expect(page).toHaveURL(at("/products", { search: "almond" }));
    await expect(productList(page).getByRole("link", { name: "Haat Select California Almonds" })).toBeVisible();

    // What the shop does not sell: nothing, and somewhere to go on from.
    await again.getByRole("searchbox", { name: "Search again" }).fill("iphone");
    await again.getByRole("button", { name: "Search again" }).click();
    await expect(page).toHaveURL(at("/products", { search: "iphone" }));
    // The specification's words first, then where to go on from.
    await expect(page.getByText("No products match your filter.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Categories to try" }).getByText("Try one of these:")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "0 products" })).toBeVisible();
    await page.getByRole("navigation", { name: "Categories to try" }).getByRole("link", { name: "Farm Basket" }).click();
    await expect(page).toHaveURL(at("/products", { category: "farm-basket" }));
  });

  test("Hindi and Hinglish words find what they name; a shelf's name finds its shelf", async ({ page, hasJs }) => {
    await open(page, "/products?search=cheeni", hasJs);
    await expect(productList(page).getByRole("link").first()).toHaveAccessibleName(/White Sugar/);
    await open(page, "/products?search=snacks", hasJs);
    for (const title of ["Haat Select Bikaneri Aloo Bhujia", "Haat Organics Roasted Makhana (Fox Nuts)", "Haat Select Kerala Banana Chips"]) {
      await expect(productList(page).getByRole("link", { name: title })).toBeVisible();
    }
  });

  test("the search icon runs the search too", async ({ page, hasJs }) => {
    await open(page, "/products?category=gifting", hasJs);
    await searchInput(page).fill("cashew");
    await page.getByRole("banner").getByRole("search").getByRole("button", { name: "Search" }).click();
    // A new search starts from the whole shop.
    await expect(page).toHaveURL(at("/products", { search: "cashew", category: null }));
    await expect(productList(page).getByRole("link", { name: "Haat Select Cashews W240" })).toBeVisible();
  });

  test("a blank search goes nowhere", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const box = searchInput(page);
    for (const text of ["", "   "]) {
      await box.fill(text);
      // The input is required with a non-blank pattern, so the browser refuses to submit.
      expect(await box.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
      await box.press("Enter");
      await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    }
    // Give a wrongly allowed submit time to leave the page.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Curated For You" })).toBeVisible();
  });

  test.describe("suggestions (JavaScript only)", () => {
    test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "Suggestions are a JavaScript enhancement.");

    test("arrow down and Enter picks a suggestion", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      const box = page.getByRole("combobox", { name: "Search products" });
      await box.pressSequentially("basm", { delay: 30 });

      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      const options = list.getByRole("option");
      await expect(options.first()).toHaveText("Haat Select Basmati Rice");
      expect(await options.count()).toBeLessThanOrEqual(6);

      await box.press("ArrowDown");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await box.press("Enter");
      await expect(page).toHaveURL(at("/products", { search: "Haat Select Basmati Rice" }));
      await expect(productList(page).getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible();
      await expect(list).toBeHidden();
    });

    test("clicking a suggestion searches for its title", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      await page.getByRole("combobox", { name: "Search products" }).pressSequentially("cashew", { delay: 30 });
      await page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: "Haat Select Cashews W240" }).click();
      await expect(page).toHaveURL(at("/products", { search: "Haat Select Cashews W240" }));
      await expect(productList(page).getByRole("link", { name: "Haat Select Cashews W240" })).toBeVisible();
    });

    test("Escape closes the suggestions", async ({ page, hasJs }) => {
      await open(page, "/", hasJs);
      const box = page.getByRole("combobox", { name: "Search products" });
      await box.pressSequentially("basm", { delay: 30 });
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list).toBeVisible();
      await box.press("Escape");
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(page).toHaveURL("/");
    });
  });
});
