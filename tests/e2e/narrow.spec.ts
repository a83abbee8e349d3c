// 360 px, the most common Android width in India (issue 41 item 9): every public and customer
// page, in English and in Hindi, with and without JavaScript (this file runs in both projects),
// fits the screen (nothing scrolls sideways) and keeps the header on one row.
import type { Page } from "@playwright/test";
import { expect, hydrated, product, productPath, subscribedTo, test } from "./support.ts";

test.use({ viewport: { width: 360, height: 740 } });

/** What sticks out past the screen's right edge, and whether the header's row wrapped. */
async function fits(page: Page): Promise<{ overflow: number; wider: string[]; headerRows: number }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Inside a box that scrolls on its own (a carousel strip, a table's wrapper), sticking out is the point.
        return box.width > 0 && box.right > width + 1 && !el.closest("[data-scrolls], .overflow-x-auto, .snap-x, .swiper") && getComputedStyle(el).position !== "fixed";
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 3).join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`);
    // The header's row: its visible links and buttons (not the delivery promise's own line below it), by the row they sit on.
    const banner = document.querySelector("header");
    const controls = banner
      ? [...banner.querySelectorAll<HTMLElement>(":scope > div:first-of-type a, :scope > div:first-of-type button, :scope > div:first-of-type summary")].filter((el) => !el.closest("p"))
      : [];
    const tops = new Set(
      controls
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .map((box) => Math.round((box.top + box.bottom) / 2 / 12)),
    );
    return { overflow: document.documentElement.scrollWidth - width, wider, headerRows: tops.size };
  });
}

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
const PAGES_IN = ["/addtocart", "/revieworder", "/wishlist", "/myaccount", "/myaccount/addresses", "/myaccount/orders", "/orders"];

for (const prefix of ["", "/hi"]) {
  test.describe(`at 360 px ${prefix ? "in Hindi" : "in English"}`, () => {
    test("every public page fits the screen, with the header on one row", async ({ page, hasJs, request }) => {
      const problems: string[] = [];
      const pages = [...PAGES_OUT, await productPath(request, product("Haat Select Masoor Dal (Malka)").title), "/blog/1"];
      for (const path of pages) {
        const url = prefix + (path === "/" && prefix ? "" : path);
        await page.goto(url);
        await hydrated(page, hasJs);
        const { overflow, wider, headerRows } = await fits(page);
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
        const { overflow, wider, headerRows } = await fits(page);
        if (overflow > 0) problems.push(`${url}: scrolls ${overflow} px sideways: ${wider.join(", ")}`);
        if (headerRows > 1) problems.push(`${url}: the header wraps to ${headerRows} rows`);
      }
      expect(problems).toEqual([]);
    });
  });
}
