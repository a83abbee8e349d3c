// The hydration gap (docs/ARCHITECTURE.md, Progressive enhancement rule 6, issue 41): on a slow phone the page is there seconds before
// its scripts. The scripts are held back here (every /assets/*.js behind a gate), every form of
// each page is filled and its boxes ticked as a shopper would, then the scripts are let through:
// each value must still be there once React has taken over, and a submit must do what it says
// with what was typed. In English and in Hindi; with JavaScript only (without it there is no gap).
import { expectKept, fillEverything, openHeld } from "./gap.ts";
import { cartBadge, clientAddress, expect, hi, hydrated, product, productPath, staffPage, subscribedTo, test } from "./support.ts";

const LANGUAGES = [
  { name: "English", prefix: "", words: "rice", hindi: false },
  { name: "Hindi", prefix: "/hi", words: "चावल", hindi: true },
] as const;

test.describe("the hydration gap", () => {
  // The service worker would hand the page its scripts from its cache, past the gate.
  test.use({ serviceWorkers: "block" });
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "without JavaScript there is no gap");
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  });

  test("every field of the staff's pages keeps what was typed before the scripts", async ({ browser, baseURL }) => {
    const page = await staffPage(browser, true, baseURL!, { serviceWorkers: "block" });
    // A ticket in the inbox, opened so its answer form is on the tickets page (staff pages have no header search to fill).
    await page.goto("/contact");
    await hydrated(page, true);
    const contact = page.getByRole("region", { name: "Send us a message" });
    for (const [label, value] of Object.entries({ Name: "Store Staff", Email: "staff-js@haat.example", Subject: "Hamper", Message: "Twenty hampers by Friday?" }))
      await contact.getByLabel(label, { exact: true }).fill(value);
    await contact.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(/^Thanks! Ticket created: HAAT-T-\d{6}\./).first()).toBeVisible();
    // (/staff/reviews and /staff/subscriptions have only buttons: nothing is typed there.)
    const ticket = /\/staff\/tickets\?ticket=\d+/.exec(await (await page.request.get("/staff/tickets")).text())![0];
    for (const url of ["/staff/orders", "/staff/delivery", "/staff/coupons", "/staff/catalogue", "/staff/breaches", "/staff/shoppers", ticket]) {
      const held = await openHeld(page, url);
      const filled = await fillEverything(page, "typed by staff");
      held.release();
      await hydrated(page, true);
      await expectKept(page, filled, url);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
    await page.context().close();
  });

  for (const language of LANGUAGES) {
    test(`every field of the shopper's pages keeps what was typed before the scripts, in ${language.name}`, async ({ page, shopper: _signedIn, request, baseURL }) => {
      const dal = product("Haat Select Masoor Dal (Malka)");
      const pages = [
        "/",
        "/products?category=grocers-pick",
        await productPath(request, dal.title),
        "/contact",
        "/addtocart",
        "/myaccount",
        "/myaccount/addresses",
        "/myaccount/privacy",
        "/revieworder",
        "/voicesearch",
        `/voicesearch?list=${encodeURIComponent("2 kg atta, 1 kg toor dal")}`,
      ];
      // Something in the cart, so the cart's forms (coupon, payment, terms) are there.
      await page.request.post("/cart", { form: { intent: "add", internal_reference: dal.variants[0]!.internal_reference }, headers: { Origin: baseURL! } });
      const keeps = async (path: string) => {
        const url = `${language.prefix}${path === "/" && language.prefix ? "" : path}`;
        const held = await openHeld(page, url);
        const filled = await fillEverything(page, language.words);
        held.release();
        await hydrated(page, true);
        await expectKept(page, filled, url);
        await page.unrouteAll({ behavior: "ignoreErrors" });
      };
      for (const path of pages) await keeps(path);
      // Then a standing order (a saved address and a subscription): its card's forms, and the subscribe form.
      const { subscribePath } = await subscribedTo(page, baseURL!);
      for (const path of ["/myaccount/subscriptions", subscribePath]) await keeps(path);
    });

    test(`a search typed before the scripts searches for it once they arrive, in ${language.name}`, async ({ page }) => {
      const held = await openHeld(page, language.prefix || "/");
      const name = language.hindi ? hi("Search products") : "Search products";
      // A searchbox before the scripts, a combobox after: the same visible field.
      const box = page.getByRole("searchbox", { name }).or(page.getByRole("combobox", { name })).filter({ visible: true });
      await box.fill(language.words);
      held.release();
      await hydrated(page, true);
      await expect(box).toHaveValue(language.words);
      await box.press("Enter");
      await expect(page).toHaveURL((url) => url.pathname === `${language.prefix}/products` && url.searchParams.get("search") === language.words);
    });

    test(`a quantity chosen before the scripts is what Add to Cart adds, in ${language.name}`, async ({ page, shopper: _signedIn, request }) => {
      const dal = product("Haat Select Masoor Dal (Malka)");
      const held = await openHeld(page, `${language.prefix}${await productPath(request, dal.title)}`);
      const quantity = page.getByRole("spinbutton", { name: language.hindi ? hi("Quantity") : "Quantity" });
      await quantity.fill("3");
      held.release();
      await hydrated(page, true);
      await expect(quantity).toHaveValue("3");
      // The product's own summary: the region that holds the quantity (then its count in the cart).
      await page
        .getByRole("region")
        .filter({ has: quantity })
        .getByRole("button", { name: language.hindi ? hi("Add to Cart") : "Add to Cart" })
        .click();
      await expect(page.getByRole("main").getByRole("status").filter({ hasText: /^3$/ })).toBeVisible();
      if (!language.hindi) await expect(cartBadge(page)).toHaveAccessibleName("Cart, 3 items");
    });

    test(`a message written before the scripts is sent as written, in ${language.name}`, async ({ page }) => {
      const held = await openHeld(page, `${language.prefix}/contact`);
      const region = page.getByRole("region", { name: language.hindi ? hi("Send us a message") : "Send us a message" });
      const label = (l: string) => region.getByLabel(language.hindi ? hi(l) : l, { exact: true });
      await label("Name").fill("Asha");
      await label("Email").fill("asha@example.in");
      await label("Subject").fill(language.words);
      await label("Message").fill(`${language.words}: 20 hampers on the 2nd?`);
      held.release();
      await hydrated(page, true);
      await region.getByRole("button", { name: language.hindi ? hi("Send message") : "Send message" }).click();
      await page.getByRole("link", { name: language.hindi ? hi("View ticket") : "View ticket" }).click();
      await expect(page.getByRole("heading", { name: /HAAT-T-\d{6}/ })).toBeVisible();
      await expect(page.getByText(`${language.words}: 20 hampers on the 2nd?`)).toBeVisible();
    });
  }
});
