// Lite mode (issue 26 part 4): the browser's Save-Data: on, or the footer's switch, gives the
// lighter page (the smallest picture only, nothing that moves by itself), and the page says so;
// without JavaScript too, the server reading the header and the cookie.
import { LITE_MESSAGES } from "../../app/domain/lite-mode.ts";
import { expect, open, productPath, products, test } from "./support.ts";

test("Save-Data: on gives the lighter page; the footer's switch turns Lite mode off and on again", async ({ page, hasJs, request }) => {
  await page.setExtraHTTPHeaders({ "Save-Data": "on" });
  const path = await productPath(request, products[0]!.title);
  await open(page, path, hasJs);
  const footer = page.getByRole("contentinfo");
  const photo = page.getByRole("main").locator("picture source").first();
  await expect(footer.getByText(LITE_MESSAGES.onByBrowser)).toBeVisible();
  // The product's photo offers one width only, the smallest.
  await expect(photo).toHaveAttribute("srcset", /^\S+-240\.avif 240w$/);

  await footer.getByRole("button", { name: LITE_MESSAGES.turnOff }).click();
  await expect(footer.getByText(LITE_MESSAGES.off)).toBeVisible();
  await expect(page).toHaveURL(path);
  await expect(photo).toHaveAttribute("srcset", /240w, .* 480w/);

  await footer.getByRole("button", { name: LITE_MESSAGES.turnOn }).click();
  await expect(footer.getByText(LITE_MESSAGES.on, { exact: true })).toBeVisible();
  await expect(photo).toHaveAttribute("srcset", /^\S+-240\.avif 240w$/);
});

test("the carousels do not move by themselves in Lite mode", async ({ page, hasJs }) => {
  test.skip(!hasJs, "without JavaScript nothing moves anyway");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await open(page, "/", hasJs);
  await expect(page.locator("[data-autoplay]").first()).toHaveAttribute("data-autoplay", "running");
  await page.getByRole("contentinfo").getByRole("button", { name: LITE_MESSAGES.turnOn }).click();
  await expect(page.getByRole("contentinfo").getByText(LITE_MESSAGES.on, { exact: true })).toBeVisible();
  for (const carousel of await page.locator("[data-autoplay]").all()) await expect(carousel).toHaveAttribute("data-autoplay", "off");
});
