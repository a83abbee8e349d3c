// Every page passes axe with no serious or critical violation, signed out and signed in,
// with and without JavaScript (issue 5), and in the system's dark mode too (issue 25 item 16:
// its colours are CSS alone, so it is checked once, with JavaScript).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, firstSlot, open, product, products, productPath, STAFF_PAGES, staffPage, test } from "./support.ts";

const publicPages = [
  "/",
  "/products",
  "/products?category=grocers-pick&sub=rice",
  "/products?search=basmti",
  "/signin",
  "/signup",
  "/forgot-password",
  "/signin/mobile",
  "/wishlist",
  "/emptycart",
  "/aboutus",
  "/contact",
  "/blog",
  "/blog/1",
  "/PrivacyPolicy",
  "/termsandconditions",
  "/cancellationandrefundpolicy",
  "/shippinganddelivery",
  "/landingpage",
  "/marketplace",
  "/artisanalcafe",
  "/streetfoodgully",
  "/testimonial",
  "/googleform",
  "/paymentsuccess",
  "/newsletter/unsubscribe?token=unknown",
  "/newsletter/confirm?token=unknown",
  "/voicesearch",
  `/voicesearch?list=${encodeURIComponent("do kilo chawal, ek kilo chicken")}`,
  "/no-such-page",
];

const signedInPages = [
  "/addtocart",
  "/wishlist",
  "/orders",
  "/myaccount",
  "/myaccount?edit=1",
  "/myaccount/addresses",
  "/myaccount/wishlist",
  "/myaccount/orders",
  "/myaccount/privacy",
];

/**
 * axe in the page itself (legacy mode: the shop has no cross-origin frames to reach, and the
 * default mode opens a second page to merge results, a second or two per check on CI's
 * machines). In dark mode only colours change, so only the rules about colour run there.
 */
async function expectAccessible(page: Page, path: string, scheme: "light" | "dark" = "light") {
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const results = await (scheme === "dark" ? axe.withRules(["color-contrast", "link-in-text-block"]) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")})`,
    ),
    path,
  ).toEqual([]);
}

// axe runs as a script in the page, which the no-js project forbids. There, the same
// pages are checked as a browser without JavaScript gets them: the server's HTML, with the
// shop's scripts blocked so nothing hydrates.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe needs script evaluation; the js project checks the no-JS rendering too");

const walks = [
  { scripts: "with JavaScript", scheme: "light" },
  { scripts: "as rendered without JavaScript", scheme: "light" },
  { scripts: "with JavaScript", scheme: "dark" },
] as const;

for (const { scripts, scheme } of walks) {
  test.describe(`${scripts}${scheme === "dark" ? ", in dark mode" : ""}`, () => {
    test.use({ colorScheme: scheme });
    test.beforeEach(async ({ page }) => {
      if (scripts !== "with JavaScript") await page.route(/\.(js|mjs)(\?|$)/, (route) => route.abort());
    });

    // A test each, so the two workers share the walk and a failure names its page.
    for (const path of publicPages) {
      test(`public page ${path}`, async ({ page }) => {
        await open(page, path, scripts === "with JavaScript");
        // The page is in the scheme asked for: dark mode's page is not white.
        const white = (await page.evaluate(() => getComputedStyle(document.body).backgroundColor)) === "rgb(255, 255, 255)";
        expect(white, `${path} in the ${scheme} scheme`).toBe(scheme === "light");
        await expectAccessible(page, path, scheme);
      });
    }

    test("the product page", async ({ page, request }) => {
      const path = await productPath(request, products[0]!.title);
      await open(page, path, scripts === "with JavaScript");
      await expectAccessible(page, path, scheme);
    });

    test("My Account's mobile number page (issue 28)", async ({ page, shopper: _signedIn }) => {
      await open(page, "/myaccount/mobile", scripts === "with JavaScript");
      await expectAccessible(page, "/myaccount/mobile", scheme);
    });

    test("signed-in pages", async ({ page, shopper: _signedIn, baseURL, request }) => {
      test.slow();
      const ref = products[5]!.variants.find((v) => v.in_stock && v.inventory_stock > 0) ?? products[5]!.variants[0]!;
      await page.request.post("/cart", { form: { intent: "add", internal_reference: ref.internal_reference }, headers: { Origin: baseURL! } });
      // A Gifting product too, so Review Order shows its gift message form (issue 29).
      await page.request.post("/cart", {
        form: { intent: "add", internal_reference: product("Haat Gifting Brass Diya Gift Set").variants[0]!.internal_reference },
        headers: { Origin: baseURL! },
      });
      for (const path of [...signedInPages, "/revieworder", await productPath(request, products[5]!.title)]) {
        await open(page, path, scripts === "with JavaScript");
        await expectAccessible(page, path, scheme);
      }
    });

    test("an order's pages, after it is placed through the forms' own posts", async ({ page, shopper: _signedIn, baseURL }) => {
      test.slow();
      const ref = products[5]!.variants.find((v) => v.in_stock && v.inventory_stock > 0) ?? products[5]!.variants[0]!;
      const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
      await post("/cart", { intent: "add", internal_reference: ref.internal_reference });
      await post("/revieworder", { intent: "add-address", firstName: "A", lastName: "B", email: "a@example.in", phone: "9876543210", street: "1 Road", zip: "122002" });
      const review = await (await page.request.get("/revieworder")).text();
      const cartId = /name="cart_id" value="(\d+)"/.exec(review)![1]!;
      const addressId = /name="address_id" value="(\d+)"/.exec(review)![1]!;
      expect((await post("/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot: firstSlot(review) })).status()).toBe(303);
      for (const path of [
        `/ordersuccess?order=${cartId}`,
        "/orders",
        `/orders?cancel=${cartId}`,
        `/orders/${cartId}`,
        "/address-test",
        "/address-test?change=1",
        "/product/1?tab=reviews",
      ]) {
        await open(page, path, scripts === "with JavaScript");
        await expectAccessible(page, path, scheme);
      }
    });

    // Staff pages are staff pages (issue 46): their own header, read in either scheme.
    test("staff pages", async ({ browser, baseURL }) => {
      const staff = await staffPage(browser, true, baseURL!, { colorScheme: scheme });
      if (scripts !== "with JavaScript") await staff.route(/\.(js|mjs)(\?|$)/, (route) => route.abort());
      for (const path of STAFF_PAGES) {
        await staff.goto(path);
        await expectAccessible(staff, path, scheme);
      }
      await staff.context().close();
    });
  });
}
