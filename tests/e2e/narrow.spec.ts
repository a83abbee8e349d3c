// 360 px, the most common Android width in India (issue 41 item 9): every public and customer
// page, in English and in Hindi, with and without JavaScript (this file runs in both projects),
// fits the screen (nothing scrolls sideways) and keeps the header on one row.
import { expect, fitsScreen, hydrated, product, productPath, subscribedTo, test } from "./support.ts";

test.use({ viewport: { width: 360, height: 740 } });

const PAGES_OUT = [
  "/",
  "/shopretail",
  "/products?category=grocers-pick",
  "/products?search=dal",
  "/contact",
  "/aboutus",
  "/blog",
  "/signin",
  "/signup",
  "/signin/mobile",
  "/forgot-password",
  "/PrivacyPolicy",
  "/cancellationandrefundpolicy",
  "/shippinganddelivery",
  "/termsandconditions",
  "/voicesearch",
  "/testimonial",
  "/marketplace",
  "/no-such-page",
];
const PAGES_IN = ["/addtocart", "/revieworder", "/wishlist", "/myaccount", "/myaccount/addresses", "/myaccount/orders", "/myaccount/privacy", "/orders"];

for (const prefix of ["", "/hi"]) {
  test.describe(`at 360 px ${prefix ? "in Hindi" : "in English"}`, () => {
    test("every public page fits the screen, with the header on one row", async ({ page, hasJs, request }) => {
      const problems: string[] = [];
      const pages = [...PAGES_OUT, await productPath(request, product("Haat Select Masoor Dal (Malka)").title), "/blog/1"];
      for (const path of pages) {
        const url = prefix + (path === "/" && prefix ? "" : path);
        await page.goto(url);
        await hydrated(page, hasJs);
        const { overflow, wider, headerRows } = await fitsScreen(page);
        if (overflow > 0) problems.push(`${url}: scrolls ${overflow} px sideways: ${wider.join(", ")}`);
        if (headerRows > 1) problems.push(`${url}: the header wraps to ${headerRows} rows`);
      }
      expect(problems).toEqual([]);
    });

    test("every customer page fits the screen, with the header on one row", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
      await page.request.post("/cart", {
        form: { intent: "add", internal_reference: product("Haat Select Masoor Dal (Malka)").variants[0]!.internal_reference },
        headers: { Origin: baseURL! },
      });
      // A standing order, so its card (skip, pause, change forms) is on the subscriptions page.
      const { subscribePath } = await subscribedTo(page, baseURL!);
      const problems: string[] = [];
      for (const path of [...PAGES_IN, "/myaccount/subscriptions", subscribePath]) {
        const url = prefix + path;
        await page.goto(url);
        await hydrated(page, hasJs);
        const { overflow, wider, headerRows } = await fitsScreen(page);
        if (overflow > 0) problems.push(`${url}: scrolls ${overflow} px sideways: ${wider.join(", ")}`);
        if (headerRows > 1) problems.push(`${url}: the header wraps to ${headerRows} rows`);
      }
      expect(problems).toEqual([]);
    });
  });
}
