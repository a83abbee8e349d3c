// The privacy notice (issue 48 item 1): generated from what the shop holds, in English and Hindi,
// reached from where the shop asks for personal data: sign-up, mobile sign-in and the cart's
// checkout, with and without JavaScript.
import { noticeOf } from "../../app/domain/privacy/notice.ts";
import type { Page } from "@playwright/test";
import { expect, hi, open, product, productPath, test } from "./support.ts";

const dal = product("Haat Select Masoor Dal (Malka)");

for (const locale of ["en", "hi"] as const) {
  test(`the privacy notice lists each item of personal data, why, for how long and who else gets it (${locale})`, async ({ page, hasJs }) => {
    const notice = noticeOf(locale);
    await open(page, locale === "hi" ? "/hi/PrivacyPolicy" : "/PrivacyPolicy", hasJs);
    for (const row of notice.rows) {
      const heading = page.getByRole("heading", { level: 3, name: row.what });
      await expect(heading).toBeVisible();
      const item = heading.locator("..");
      await expect(item.getByText(row.why)).toBeVisible();
      await expect(item.getByText(row.kept)).toBeVisible();
      for (const who of row.sharedWith) await expect(item.getByText(who, { exact: false })).toBeVisible();
    }
    const tax = page.getByRole("heading", { level: 3, name: notice.rows.find((r) => r.key === "orders")!.what }).locator("..");
    await expect(tax.getByText(locale === "hi" ? /CGST अधिनियम, धारा 36/ : /CGST Act, section 36/)).toBeVisible();
    await expect(page.getByText(locale === "hi" ? hi("Notice version {version}", { version: notice.version }) : `Notice version ${notice.version}`)).toBeVisible();
  });
}

const noticeLink = (page: Page, name = "How we use your data (Privacy Policy)") => page.getByRole("link", { name });

test("sign-up and mobile sign-in lead to the notice before the data is given, in the page's language", async ({ page, hasJs }) => {
  await open(page, "/signup", hasJs);
  await noticeLink(page).click();
  await expect(page).toHaveURL(/\/PrivacyPolicy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();

  await open(page, "/signin/mobile", hasJs);
  await expect(noticeLink(page)).toHaveAttribute("href", "/PrivacyPolicy");

  await open(page, "/hi/signup", hasJs);
  await noticeLink(page, hi("How we use your data (Privacy Policy)")).click();
  await expect(page).toHaveURL(/\/hi\/PrivacyPolicy$/);
  await expect(page.getByRole("heading", { level: 1, name: "गोपनीयता नीति" })).toBeVisible();
});

test("the cart's checkout leads to the notice", async ({ page, hasJs, request, shopper }) => {
  expect(shopper.email).toBeTruthy();
  await open(page, await productPath(request, dal.title), hasJs);
  await page.getByRole("region", { name: dal.title }).getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("region", { name: dal.title }).getByRole("link", { name: "Go to Cart" })).toBeVisible();
  await open(page, "/addtocart", hasJs);
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await noticeLink(page).click();
  await expect(page).toHaveURL(/\/PrivacyPolicy$/);
});
