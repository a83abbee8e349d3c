// Toasts (issue 11 point 13): where they cover nothing the shopper needs, and one per message.
import type { Locator } from "@playwright/test";
import { expect, open, product, productPath, test } from "./support.ts";

const dal = product("Haat Select Masoor Dal (Malka)");

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

for (const [device, viewport] of [
  ["a phone", { width: 390, height: 800 }],
  ["a laptop", { width: 1366, height: 900 }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport });

    test("a toast covers neither the header nor its cart and account", async ({ page, hasJs, shopper: _signedIn, request }) => {
      await open(page, await productPath(request, dal.title), hasJs);
      await page.getByRole("region", { name: dal.title }).getByRole("button", { name: "Add to Cart" }).click();
      const toast = page.getByRole("status").filter({ hasText: `${dal.title} added to cart!` });
      await expect(toast).toBeVisible();
      const header = page.getByRole("banner");
      expect(await overlaps(toast, header)).toBe(false);
      expect(await overlaps(toast, header.getByRole("link", { name: /^Cart/ }))).toBe(false);
      // With JavaScript it has its own named close button; without, it fades by itself.
      if (hasJs) {
        await toast.getByRole("button", { name: "Dismiss" }).click();
        await expect(toast).toBeHidden();
      } else await expect(toast.getByRole("button")).toHaveCount(0);
    });
  });
}

test("the same message twice is one toast, counted", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  await page.request.post("/cart", { form: { intent: "add", internal_reference: dal.variants[0]!.internal_reference }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  await open(page, "/addtocart", hasJs);
  for (let i = 0; i < 2; i++) {
    await page.getByRole("textbox", { name: "Coupon code" }).fill("NOSUCHCODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Invalid coupon code").first()).toBeVisible();
  }
  const toasts = page.getByRole("alert").filter({ hasText: "Invalid coupon code" });
  await expect(toasts).toHaveCount(1);
  // With JavaScript both answers reach the same page: the toast counts them. Without, each is a new page with its own.
  if (hasJs) await expect(toasts).toContainText("(×2)");
});
