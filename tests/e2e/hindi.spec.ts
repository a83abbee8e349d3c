// Haat in Hindi (issue 27): the header's switch and the kept choice, Hindi addresses with their
// own language, search in Devanagari, and no English left on a Hindi page; with and without
// JavaScript. Hindi words come from the shop's catalogue (hi()), so the tests follow it.
import fs from "node:fs";
import { parsePoFile } from "@lingui/format-po";
import type { APIRequestContext, Page } from "@playwright/test";
import path from "node:path";
import { ACCOUNT_MESSAGES } from "../../app/domain/account.ts";
import { BANNERS } from "../../app/content/home.ts";
import { BANNERS_HI } from "../../app/content/home.hi.ts";
import { clientAddress, expect, headerToggle, hi, lastCodeTo, lastMailTo, newMobile, newShopper, open, orderNumber, product, productPath, products, rupees, test } from "./support.ts";

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

test("Devanagari is drawn in Noto Sans Devanagari, which never delays the first paint", async ({ page, hasJs }) => {
  await page.goto("/hi");
  // Drawn in our copy once it has arrived: this browser has no Devanagari face of its own (a
  // phone that has one uses it and never fetches ours).
  await expect.poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Noto Sans Devanagari Web" && f.status === "loaded"))).toBe(true);
  if (hasJs) {
    // With JavaScript the page asks for it only after its load event.
    const asked = await page.evaluate(() => {
      const font = performance.getEntriesByType("resource").find((e) => /noto-sans-devanagari.*\.woff2/.test(e.name));
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return font ? font.startTime - navigation.loadEventStart : null;
    });
    expect(asked).not.toBeNull();
    expect(asked!).toBeGreaterThanOrEqual(0);
  }
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

test("in Hindi: add to cart, check out with cash on delivery, and see the order placed", async ({ page, hasJs, request, shopper }) => {
  const dal = product("Haat Select Masoor Dal (Malka)");
  await open(page, `/hi${await productPath(request, dal.title)}`, hasJs);
  await expect(page.getByRole("heading", { level: 1, name: dal.title_hi })).toBeVisible();
  const summary = page.getByRole("region", { name: dal.title_hi });
  await summary.getByRole("button", { name: hi("Add to Cart") }).click();
  await summary.getByRole("link", { name: hi("Go to Cart") }).click();
  await expect(page).toHaveURL(/\/hi\/addtocart$/);
  await expect(page.getByRole("link", { name: dal.title_hi }).first()).toBeVisible();
  await page.getByRole("checkbox", { name: new RegExp(hi("terms and conditions")) }).check();
  await page.getByRole("button", { name: hi("Place order") }).click();
  await expect(page).toHaveURL(/\/hi\/revieworder$/);
  // A refused form says why in Hindi.
  const delivery = page.getByRole("region", { name: hi("Delivery address") });
  await page.getByRole("button", { name: hi("Save & Continue") }).click();
  // The form starts from the account's name, phone and e-mail (issue 41 item 11): the address is what is missing.
  await expect(page.getByText(hi("Address line 1 is required"))).toBeVisible();
  await delivery.getByLabel(hi("First name")).fill("आशा");
  await delivery.getByLabel(hi("Last name")).fill("वर्मा");
  await delivery.getByLabel(hi("Phone number")).fill("98765 43210");
  await delivery.getByLabel(hi("Address line 1")).fill("12 गोल्फ़ कोर्स रोड");
  await delivery.getByLabel(hi("PIN code")).fill("122002");
  await page.getByRole("button", { name: hi("Save & Continue") }).click();
  await expect(page.getByText(hi("Address saved!"))).toBeVisible();
  await expect(page.getByRole("list", { name: hi("Items in this order") }).getByText(dal.title_hi)).toBeVisible();
  await page.getByRole("button", { name: hi("Confirm Order") }).click();
  await expect(page).toHaveURL(/\/hi\/ordersuccess\?order=\d+$/);
  await expect(page.getByRole("heading", { name: hi("Order Placed") })).toBeVisible();
  await expect(page.getByText(hi("To pay on delivery"))).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  // The mail is in Hindi too, and links to the Hindi pages.
  const orderId = /order=(\d+)/.exec(page.url())![1]!;
  const mail = await lastMailTo(shopper.email, hi("Your {shop} order #{id} is confirmed", { shop: "Haat", id: await orderNumber(page.request, orderId) }));
  expect(mail).toContain(`/hi/ordersuccess?order=${orderId}`);
  expect(mail).toContain(dal.title_hi);
});

test("a refused sign-in says why in Hindi", async ({ page, hasJs }) => {
  const stranger = newShopper();
  await open(page, "/hi/signin", hasJs);
  await page.getByLabel(hi("Email"), { exact: true }).fill(stranger.email);
  await page.getByLabel(hi("Password")).fill("not-the-password");
  await page.getByRole("button", { name: hi("Sign in") }).click();
  await expect(page.getByText(hi(ACCOUNT_MESSAGES.badCredentials)).first()).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/signin/);
});

// ---------- what a Hindi shopper read in English, or read wrong (issue 41 item 12) ----------

test("in Hindi: pack sizes and what a price is for in Hindi words, the order's products by their Hindi names, times as a Hindi reader says them", async ({
  page,
  hasJs,
  request,
  baseURL,
  shopper: _signedIn,
}) => {
  const tomatoes = product("Aravalli Farms Desi Tomatoes");
  const kilo = tomatoes.variants.find((v) => v.attribute === "Net Weight 1 kg")!;
  await open(page, `/hi${await productPath(request, tomatoes.title)}?variant=${kilo.internal_reference}`, hasJs);
  const summary = page.getByRole("region", { name: tomatoes.title_hi });
  // Each variant choice says its size in Hindi words.
  await expect(summary.getByRole("link", { name: /^शुद्ध वज़न 500 ग्राम/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /^शुद्ध वज़न 1 किलो/ })).toBeVisible();
  await expect(summary.getByText(/Net Weight|\d (kg|g)\b/)).toHaveCount(0);
  await summary.getByRole("button", { name: hi("Add to Cart") }).click();
  await summary.getByRole("link", { name: hi("Go to Cart") }).click();
  await expect(page).toHaveURL(/\/hi\/addtocart$/);
  // A 1 kg pack of tomatoes sold by weight is priced per kilo, not 'per piece'.
  const line = page.getByRole("article", { name: tomatoes.title_hi });
  await expect(line.getByText("शुद्ध वज़न 1 किलो")).toBeVisible();
  // '₹65 MRP ₹75 प्रति किलो': the price, the MRP struck through (named for screen readers, with
  // no space of its own before it), and what the price is for.
  await expect(line.getByText(new RegExp(`^${rupees(kilo.price)}.*${hi("per kg")}$`))).toBeVisible();
  await expect(line.getByText(hi("each"))).toHaveCount(0);

  await page.request.post("/revieworder", {
    form: { intent: "add-address", firstName: "आशा", lastName: "वर्मा", email: "asha@example.in", phone: "9876501234", street: "9 गोल्फ़ कोर्स रोड", zip: "122002" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  await open(page, "/hi/revieworder", hasJs);
  await page.getByRole("button", { name: hi("Confirm Order") }).click();
  await expect(page).toHaveURL(/\/hi\/ordersuccess\?order=\d+$/);
  const orderId = /order=(\d+)/.exec(page.url())![1]!;
  await expect(page.getByRole("list", { name: hi("Ordered items") }).getByText(tomatoes.title_hi)).toBeVisible();

  await open(page, "/hi/orders", hasJs);
  await expect(page.getByRole("article", { name: hi("Order #{id}", { id: await orderNumber(page.request, orderId) }) }).getByText(tomatoes.title_hi)).toBeVisible();
  await open(page, "/hi/myaccount/orders", hasJs);
  await expect(
    page
      .getByRole("list", { name: hi("Orders") })
      .getByText(tomatoes.title_hi)
      .first(),
  ).toBeVisible();

  await open(page, `/hi/orders/${orderId}`, hasJs);
  const items = page.getByRole("list", { name: hi("Ordered items") });
  await expect(items.getByRole("link", { name: tomatoes.title_hi })).toBeVisible();
  await expect(items.getByText("(शुद्ध वज़न 1 किलो)")).toBeVisible();
  // The time the order was placed, the Hindi way: 'रात 11:16', never '11:16 pm'.
  const progress = page.getByRole("list", { name: hi("Order progress") });
  await expect(progress).toContainText(/(रात|सुबह|दोपहर|शाम) \d{1,2}:\d{2}/);
  await expect(progress).not.toContainText(/\b[ap]m\b/i);
});

test("the Hindi home page's banners are its Hindi pictures", async ({ page, hasJs }) => {
  await open(page, "/hi", hasJs);
  const offers = page.getByRole("region", { name: hi("Offers") });
  for (const [i, banner] of BANNERS_HI.entries()) {
    const picture = offers.getByRole("img", { name: hi(banner.alt) });
    await expect(picture).toHaveAttribute("src", banner.desktop);
    await expect(picture).not.toHaveAttribute("src", BANNERS[i]!.desktop);
  }
  await open(page, "/", hasJs);
  await expect(page.getByRole("region", { name: "Offers" }).getByRole("img", { name: BANNERS[0]!.alt })).toHaveAttribute("src", BANNERS[0]!.desktop);
});

test("a sign-in code asked for on a Hindi page comes in Hindi, with WebOTP's line last", async ({ page, hasJs, context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  const mobile = newMobile();
  await open(page, "/hi/signin/mobile", hasJs);
  await page.getByRole("textbox", { name: hi("Mobile number") }).fill(mobile);
  await page.getByRole("button", { name: hi("Send code") }).click();
  const code = await lastCodeTo(mobile);
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const file = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(`-sms-${mobile}.txt`))
    .sort()
    .at(-1)!;
  const text = fs.readFileSync(path.join(dir, file), "utf8").trimEnd();
  expect(text).toContain(`${code} आपका Haat कोड है।`);
  expect(text.split("\n").at(-1)).toMatch(new RegExp(`^@\\S+ #${code}$`));
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
  "/hi/products?search=चावल",
  "/hi/products?search=qqqxyz",
  "/hi/shopretail",
  "/hi/addtocart",
  "/hi/wishlist",
  "/hi/aboutus",
  "/hi/contact",
  "/hi/blog",
  "/hi/blog/1",
  "/hi/PrivacyPolicy",
  "/hi/termsandconditions",
  "/hi/cancellationandrefundpolicy",
  "/hi/shippinganddelivery",
  "/hi/signin",
  "/hi/signup",
  "/hi/forgot-password",
  "/hi/signin/mobile",
  "/hi/voicesearch",
  "/hi/landingpage",
  "/hi/testimonial",
  "/hi/marketplace",
  "/hi/artisanalcafe",
  "/hi/streetfoodgully",
  "/hi/googleform",
  "/hi/offline",
  "/hi/emptycart",
  "/hi/no-such-page",
];
const signedInPages = [
  "/hi/myaccount",
  "/hi/myaccount/orders",
  "/hi/myaccount/addresses",
  "/hi/myaccount/wishlist",
  "/hi/myaccount/mobile",
  "/hi/myaccount/privacy",
  "/hi/orders",
  "/hi/addtocart",
  "/hi/revieworder",
  "/hi/voicesearch",
];

test("no English message is left on a Hindi page, and none is wider than a 360 px phone", async ({ page, hasJs, request, shopper }) => {
  test.setTimeout(180_000);
  const { left, wide } = await scanHindiPages(page, hasJs, request);
  expect(shopper.email).toBeTruthy();
  expect(left).toEqual([]);
  expect(wide).toEqual([]);
});

test.describe("before the whole catalogue comes", () => {
  // The service worker would hand the page the catalogue from its cache, past the block.
  test.use({ serviceWorkers: "block" });

  test("a Hindi page says all it shows once hydrated with the messages it carries (issue 43)", async ({ page, hasJs, request, shopper }) => {
    test.skip(!hasJs, "without JavaScript the server says every message");
    test.setTimeout(180_000);
    // The whole catalogue never comes: what the page shows must be in the messages it carries.
    await page.route(/\/assets\/hi-[^/]*\.json$/, (route) => route.abort());
    const { left } = await scanHindiPages(page, hasJs, request);
    expect(shopper.email).toBeTruthy();
    expect(left).toEqual([]);
  });
});

async function scanHindiPages(page: Page, hasJs: boolean, request: APIRequestContext) {
  const messages = englishMessages();
  const left: string[] = [];
  const wide: string[] = [];
  const scan = async (path: string) => {
    // Hindi's longer words must break no page on a small phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, path, hasJs);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) wide.push(`${path}: ${overflow} px wider than the phone`);
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
  return { left, wide };
}
