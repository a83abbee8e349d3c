import { at, expect, headerToggle as toggle, open, productList, test } from "./support.ts";

test.use({ viewport: { width: 390, height: 844 } });

test.describe("mobile header", () => {
  test("the menu lists the navigation and its links work", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeHidden();
    // The desktop navigation and search are not shown on a phone.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // The delivery promise is for phone shoppers too.
    await expect(page.getByRole("banner").getByText("Delivery Tomorrow")).toBeInViewport();

    await toggle(page, "Menu").click();
    await expect(nav).toBeVisible();
    // The navigation, and the language switch (issue 27).
    await expect(nav.getByRole("link")).toHaveText(["Home", "Shop Retail", "Blog", "About Us", "हिन्दी"]);
    await expect(nav.getByRole("link", { name: "Shop Retail" })).toHaveAttribute("href", "/shopretail");

    await nav.getByRole("link", { name: "Shop Retail" }).click();
    await expect(page).toHaveURL("/shopretail");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");
    // Following a link closes the menu.
    await expect(nav).toBeHidden();

    await toggle(page, "Menu").click();
    await expect(nav).toBeVisible();
    await toggle(page, "Menu").click();
    await expect(nav).toBeHidden();
  });

  test("the search toggle reveals the search box", async ({ page, hasJs }) => {
    await open(page, "/", hasJs);
    const box = page.getByRole("searchbox", { name: "Search products" }).or(page.getByRole("combobox", { name: "Search products" }));
    await expect(box).toBeHidden();

    await toggle(page, "Open search").click();
    await expect(box).toBeVisible();
    if (hasJs) {
      // The search icon with nothing typed closes the box again.
      await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
      await expect(box).toBeHidden();
      await expect(page).toHaveURL("/");
      await toggle(page, "Open search").click();
      await expect(box).toBeVisible();
    }
    await box.fill("basmti");
    await box.press("Enter");
    await expect(page).toHaveURL(at("/products", { search: "basmti" }));
    await expect(productList(page).getByRole("link", { name: "Haat Select Basmati Rice" })).toBeVisible();
  });
});
