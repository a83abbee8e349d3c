// How every form answers, with and without JavaScript (issue 9): a refused form keeps what
// was typed and says why on its own page; a plain post from a card comes back to the card;
// a change the shopper did not ask for is said; signing in comes back to where it started.
import type { Page } from "@playwright/test";
import { expect, expectToast, open, product, productList, productPath, signInOnPage, test } from "./support.ts";

const mugs = product("Clearcut Beer Mugs"); // ₹649: two make ₹999 or more, one does not
const dal = product("Haat Select Masoor Dal (Malka)");

function addToCart(page: Page, baseURL: string, reference: string, quantity = 1) {
  return page.request.post("/addtocart", { form: { intent: "add", internal_reference: reference, quantity: String(quantity) }, headers: { Origin: baseURL }, maxRedirects: 0 });
}

test.describe("a refused form", () => {
  test("a refused cart post shows the cart page with its reason", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
    await addToCart(page, baseURL!, dal.variants[0]!.internal_reference, 2);
    await open(page, "/addtocart", hasJs);
    const line = page.getByRole("list", { name: "Cart items" }).getByRole("article", { name: dal.title });
    await expect(line).toBeVisible();
    // Another tab empties the cart; this page still shows the line.
    await page.request.post("/addtocart", { form: { intent: "clear" }, headers: { Origin: baseURL! } });
    await line.getByRole("button", { name: `Increase quantity of ${dal.title}` }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That item is not in your cart." })).toBeVisible();
    if (!hasJs) {
      // The real cart page answers, not a page of its own.
      await expect(page).toHaveURL(/\/addtocart$/);
      await expect(page.getByText("YOUR CART IS CURRENTLY EMPTY")).toBeVisible();
    }
  });

  for (const path of ["/contact", "/", "/googleform"]) {
    test(`the contact form on ${path} keeps what was typed`, async ({ page, hasJs }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
      await open(page, path, hasJs);
      const form = page.getByRole("region", { name: /Send us a message|Get in touch|Your feedback/ });
      await form.getByLabel("Name", { exact: true }).fill("Asha");
      await form.getByLabel("Email", { exact: true }).fill("asha-at-example");
      await form.getByLabel("Subject", { exact: true }).fill("Diwali hamper");
      await form.getByRole("textbox", { name: "Message", exact: true }).fill("Twenty hampers, please.");
      await form.getByRole("button", { name: "Send message" }).click();
      const again = page.getByRole("region", { name: /Send us a message|Get in touch|Your feedback/ });
      await expect(again.getByRole("alert")).toHaveText("Valid email is required");
      await expect(again.getByLabel("Name", { exact: true })).toHaveValue("Asha");
      await expect(again.getByLabel("Email", { exact: true })).toHaveValue("asha-at-example");
      await expect(again.getByLabel("Subject", { exact: true })).toHaveValue("Diwali hamper");
      // A label around a filled text area names it with its text too.
      await expect(again.getByRole("textbox", { name: /^Message/ })).toHaveValue("Twenty hampers, please.");
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test("a refused profile keeps what was typed and leaves no form address in the URL", async ({ page, hasJs, shopper: _signedIn }) => {
    await open(page, "/myaccount?edit=1", hasJs);
    await page.getByLabel("Name", { exact: true }).fill("Asha Verma");
    await page.getByRole("textbox", { name: "Mobile", exact: true }).fill("12");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a valid 10-digit phone number")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Asha Verma");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/myaccount");
    expect(url.searchParams.has("index")).toBe(false);
  });

  test("the footer's newsletter answers on its page and keeps what was typed", async ({ page, hasJs }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    await open(page, "/aboutus", hasJs);
    const footer = page.getByRole("contentinfo");
    const box = footer.getByRole("textbox", { name: "Email address for the newsletter" });
    await box.fill("asha-at-example");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(box).toHaveValue("asha-at-example");
    await expect(page).toHaveURL(/\/aboutus$/);
  });

  test("the delivery form's messages move nothing under the shopper's pointer", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
    await addToCart(page, baseURL!, dal.variants[0]!.internal_reference);
    await open(page, "/revieworder?address=new", hasJs);
    const save = page.getByRole("button", { name: "Save & Continue" });
    await page.getByLabel("PIN code").fill("12");
    if (hasJs) {
      // The message appears when the field is left, once the form's code has come (it is fetched
      // after the page; a shopper leaving the field before then leaves it again). Where the
      // button was is read as the field is left, so only the message could move it.
      let before: { y: number } | null = null;
      await expect(async () => {
        await page.getByLabel("PIN code").focus();
        before = await save.boundingBox();
        await page.getByLabel("PIN code").blur();
        await expect(page.getByText("Enter a valid 6-digit PIN code")).toBeVisible({ timeout: 1000 });
      }).toPass();
      expect((await save.boundingBox())?.y).toBe(before!.y);
    } else {
      // Without JavaScript the server says it, and keeps what was typed.
      await save.click();
      await expect(page.getByText("Enter a valid 6-digit PIN code")).toBeVisible();
      await expect(page.getByLabel("PIN code")).toHaveValue("12");
    }
  });
});

test.describe("coming back", () => {
  test("Add to Cart on a card comes back to that card", async ({ page, hasJs, shopper: _signedIn }) => {
    await open(page, "/products?page=2", hasJs);
    // Far down the page: the last card that can be added.
    const addable = productList(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) });
    const title = (await addable.last().getByRole("heading").innerText()).trim();
    const card = productList(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(card.getByRole("status", { name: `Quantity of ${title} in cart` })).toHaveText("1");
    await expect(card).toBeInViewport();
    if (!hasJs) await expect(page).toHaveURL(/\/products\?page=2#product-\d+$/);
  });

  test("the account icon's sign-in comes back to the page it was on", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await open(page, "/products?search=dal", hasJs);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("return_to") === "/products?search=dal");
    await signInOnPage(page, shopper);
    await expect(page).toHaveURL((url) => url.pathname === "/products" && url.searchParams.get("search") === "dal");
  });

  test("a heart tapped while signed out is saved after sign-in, back on its page", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await open(page, `/products?search=${encodeURIComponent(dal.title)}`, hasJs);
    await page.getByRole("button", { name: `Add ${dal.title} to wishlist` }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("return_to") === "/post-auth");
    await signInOnPage(page, shopper);
    await expect(page).toHaveURL((url) => url.pathname === "/products" && url.searchParams.get("search") === dal.title);
    await expectToast(page, "Added to wishlist", hasJs);
    await expect(page.getByRole("button", { name: `Remove ${dal.title} from wishlist` })).toHaveAttribute("aria-pressed", "true");
  });
});

test("a coupon taken off by a change to the cart is said", async ({ page, hasJs, shopper: _signedIn, baseURL, request }) => {
  const path = await productPath(request, mugs.title);
  await addToCart(page, baseURL!, mugs.variants[0]!.internal_reference, 2);
  await page.request.post("/addtocart", { form: { intent: "apply-coupon", code: "HAAT100" }, headers: { Origin: baseURL! } });
  // From the product page, where no total is shown: the toast says it.
  await open(page, path, hasJs);
  await page.getByRole("button", { name: `Decrease quantity of ${mugs.title}` }).click();
  await expect(page.getByText("Your coupon was removed: This coupon needs a cart of at least ₹999.")).toBeVisible();
  await open(page, "/addtocart", hasJs);
  await expect(page.getByRole("textbox", { name: "Coupon code" })).toBeVisible();
});
