import { expect, test } from "./support.ts";

test.describe("bad input never breaks the server", () => {
  test("hand-edited listing and product URLs answer 200 or 404, never 5xx", async ({ request }) => {
    // A path that cannot be decoded names no page: 404, like any other unknown path.
    const cases: [string, number | number[]][] = [
      ["/products?category=zzz", 200],
      ["/products?min=abc&max=-3", 200],
      [`/products?search=${"x".repeat(10_000)}`, 200],
      [`/products?search=${encodeURIComponent("रसोई <script>alert(1)</script> %")}`, 200],
      ["/products?%E0%A4%A", 200],
      ["/products?search=%E0%A4%A&category=%FF", 200],
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

  test("an unknown category shows the empty result", async ({ request }) => {
    const response = await request.get("/products?category=zzz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("No products match your filter.");
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
