// Haat in Hindi (issue 27): the header's switch and the kept choice, Hindi addresses with their
// own language, search in Devanagari, and no English left on a Hindi page; with and without
// JavaScript. Hindi words come from the shop's catalogue (hi()), so the tests follow it.
import fs from "node:fs";
import { parsePoFile } from "@lingui/format-po";
import type { Page } from "@playwright/test";
import { expect, headerToggle, hi, open, productPath, products, test } from "./support.ts";

const rice = products.filter((p) => p.category.endsWith("/ Rice"));

test("the header's switch opens the same page in Hindi, keeps the choice, and switches back", async ({ page, hasJs }) => {
  await open(page, "/products?category=grocers-pick&sub=rice", hasJs);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await page.getByRole("banner").getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/hi\/products\?category=grocers-pick&sub=rice$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("banner").getByText(hi("Delivery Tomorrow"))).toBeVisible();
  // The catalogue's Hindi names.
  await expect(page.getByRole("link", { name: rice[0]!.title_hi }).first()).toBeVisible();
  // Its links stay in Hindi, and an English address leads back to Hindi: the choice is kept.
  await page.getByRole("link", { name: rice[0]!.title_hi }).first().click();
  await expect(page).toHaveURL(/\/hi\/product\/\d+/);
  await open(page, "/aboutus", hasJs);
  await expect(page).toHaveURL(/\/hi\/aboutus$/);
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/aboutus$/);
  await expect(page).not.toHaveURL(/\/hi\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await open(page, "/products", hasJs);
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("banner").getByText("Delivery Tomorrow")).toBeVisible();
});

test("a phone's menu has the switch too", async ({ page, hasJs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, "/hi", hasJs);
  await headerToggle(page, hi("Menu")).click();
  await page
    .getByRole("navigation", { name: hi("Mobile") })
    .getByRole("link", { name: "English" })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
});

test("a Hindi page names its English twin and is its own canonical", async ({ page, baseURL }) => {
  await page.goto("/hi/products?category=grocers-pick");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/hi/products?category=grocers-pick`);
  await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute("href", `${baseURL}/products?category=grocers-pick`);
  await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute("href", `${baseURL}/hi/products?category=grocers-pick`);
});

test("a first visit from a phone set to Hindi opens in Hindi, once", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "hi-IN", baseURL });
  const page = await context.newPage();
  await page.goto("/products");
  await expect(page).toHaveURL(/\/hi\/products$/);
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await page.goto("/products");
  await expect(page).toHaveURL(/\/products$/);
  await expect(page).not.toHaveURL(/\/hi\//);
  await context.close();
});

test("search in Devanagari finds what the English word finds", async ({ page, hasJs }) => {
  await open(page, "/hi", hasJs);
  const box = page.getByRole("searchbox", { name: hi("Search products") }).or(page.getByRole("combobox", { name: hi("Search products") }));
  await box.first().fill("चावल");
  await box.first().press("Enter");
  await expect(page).toHaveURL(/\/hi\/products\?search=/);
  for (const p of rice) await expect(page.getByRole("link", { name: p.title_hi }).first()).toBeVisible();
});

// ---------- no English left on a Hindi page ----------

/** The English messages whose Hindi differs, as patterns of the text a page would show. */
function englishMessages(): { id: string; pattern: RegExp; literal: number }[] {
  const file = fs.readFileSync(new URL("../../app/locales/hi.po", import.meta.url), "utf8");
  return parsePoFile(file)
    .items.filter((i) => !i.obsolete && i.msgstr[0] && i.msgstr[0] !== i.msgid && !/\{\w+,/.test(i.msgid))
    .map((i) => ({
      id: i.msgid,
      literal: i.msgid.replace(/\{\w+\}/g, "").length,
      pattern: new RegExp(
        `^${i.msgid
          .split(/(\{\w+\})/)
          .map((part) => (/^\{\w+\}$/.test(part) ? "[\\s\\S]+?" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("")}$`,
      ),
    }))
    .filter((m) => m.id.replace(/\{\w+\}/g, "").trim().length >= 3);
}

/** Every text a shopper reads or hears on the page: text, labels, placeholders, titles, alt text. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest("script, style, template, noscript")) out.push(node.textContent ?? "");
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt], input[type=submit][value]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt", "value"]) {
        const value = el.getAttribute(name);
        if (value && (name !== "value" || el.matches("input[type=submit]"))) out.push(value);
      }
    }
    return out.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
  });
}

const signedOutPages = [
  "/hi",
  "/hi/products",
  "/hi/products?category=grocers-pick&sub=rice",
  "/hi/products?q=चावल",
  "/hi/products?q=qqqxyz",
  "/hi/addtocart",
  "/hi/wishlist",
  "/hi/aboutus",
  "/hi/contact",
  "/hi/blog",
  "/hi/PrivacyPolicy",
  "/hi/termsandconditions",
  "/hi/cancellationandrefundpolicy",
  "/hi/shippinganddelivery",
  "/hi/signin",
  "/hi/signup",
  "/hi/forgot-password",
  "/hi/voicesearch",
  "/hi/landingpage",
  "/hi/testimonial",
  "/hi/marketplace",
  "/hi/emptycart",
  "/hi/no-such-page",
];
const signedInPages = ["/hi/myaccount", "/hi/myaccount/orders", "/hi/myaccount/addresses", "/hi/myaccount/wishlist", "/hi/orders", "/hi/addtocart"];

test("no English message is left on a Hindi page", async ({ page, hasJs, request, shopper }) => {
  test.setTimeout(120_000);
  const messages = englishMessages();
  const left: string[] = [];
  const scan = async (path: string) => {
    await open(page, path, hasJs);
    for (const text of await shownTexts(page)) {
      // A message with values is only the message when its own words are most of the text
      // ('{promise} in Gurugram.' is not every description that ends so).
      const found = messages.find((m) => m.pattern.test(text) && m.literal >= text.length / 2);
      if (found) left.push(`${path}: "${text}" (${found.id})`);
    }
  };
  const productPage = `/hi${await productPath(request, products[0]!.title)}`;
  for (const path of [...signedInPages, productPage]) await scan(path);
  await page.context().clearCookies();
  for (const path of signedOutPages) await scan(path);
  expect(shopper.email).toBeTruthy();
  expect(left).toEqual([]);
});
