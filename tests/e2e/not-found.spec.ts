import { expect, hydrated, test } from "./support.ts";

test("unknown pages and products are 404 pages with a way home", async ({ page, hasJs }) => {
  for (const path of ["/no-such-page", "/product/abc", "/product/999999"]) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("That Page Can't Be Found");
      await expect(page).toHaveTitle(/not found/i);
      await hydrated(page, hasJs);

      await page.getByRole("main").getByRole("link", { name: "Go Back Home" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { name: "Curated For You" })).toBeVisible();
    });
  }
});
