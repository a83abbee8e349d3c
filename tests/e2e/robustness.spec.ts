import { countText, expect, products, productsIn, test } from "./support.ts";

test.describe("bad input never breaks the server", () => {
  test("hand-edited listing and product URLs answer 200 or 404, never 5xx", async ({ request }) => {
    // A path that cannot be decoded names no page: 404, like any other unknown path.
    const cases: [string, number | number[]][] = [
      ["/products?category=zzz", 404],
      ["/products?min=abc&max=-3", 200],
      [`/products?search=${"x".repeat(10_000)}`, 200],
      [`/products?search=${encodeURIComponent("रसोई <script>alert(1)</script> %")}`, 200],
      ["/products?%E0%A4%A", 200],
      ["/products?search=%E0%A4%A&category=%FF", 404],
      ["/products?sort=cheapest&page=1e9", 200],
      ["/product/1e3", 404],
      ["/product/-1", 404],
      ["/product/0", 404],
      ["/product/99999999999999999999", 404],
      ["/product/%E0%A4%A", 404],
      ["/product/1?variant=NOPE&image=-5&tab=zzz", 200],
    ];
    for (const [path, status] of cases) {
      const response = await request.get(path);
      expect([status].flat(), `${path.slice(0, 80)} answered ${response.status()}`).toContain(response.status());
    }
  });

  test("an unknown category is said, with a 404, and the page lists what there is", async ({ page, request }) => {
    expect((await request.get("/products?category=nonsense-cat")).status()).toBe(404);
    await page.goto("/products?category=nonsense-cat");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All products");
    await expect(page.getByText("We have no category called “nonsense-cat”. Here is everything we sell.")).toBeVisible();
    // The unknown one is named, not the known subcategory beside it.
    await page.goto("/products?category=nonsense-cat&sub=rice");
    await expect(page.getByText("We have no category called “nonsense-cat”. Here is everything we sell.")).toBeVisible();
    await page.goto("/products?category=nonsense-cat");
    await expect(page.getByRole("status").filter({ hasText: countText(products.length) })).toBeVisible();
    // A known category with a subcategory it does not have: that category's products.
    await page.goto("/products?category=grocers-pick&sub=nonsense-sub");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grocers Pick");
    await expect(page.getByText("We have no category called “nonsense-sub”. Here is everything in Grocers Pick.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: countText(productsIn("Grocers Pick").length) })).toBeVisible();
  });

  test("a long search is cut, not refused", async ({ page }) => {
    const response = await page.goto(`/products?search=${"basmati ".repeat(1200)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Results for");
  });
});

test("/healthz reports ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ status: "ok" });
});
