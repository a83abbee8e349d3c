// What a shopper never sees but must be able to rely on: other sites cannot post for
// them, redirects stay on the shop, one customer cannot touch another's cart, and bad
// input is refused with a message.
import { clientAddress, expect, newShopper, open, product, productPath, test } from "./support.ts";

const item = product("Haat Select Masoor Dal (Malka)");
const ref = item.variants[0]!.internal_reference;

test.describe("security", () => {
  // These speak HTTP directly: the browser's JavaScript setting changes nothing.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level checks run once");

  test("a cross-site POST is refused with 403 and changes nothing", async ({ page, shopper: _signedIn, baseURL }) => {
    const attempts: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }];
    for (const headers of attempts) {
      for (const path of ["/cart", "/wishlist", "/signout", "/signin"]) {
        const response = await page.request.post(path, { form: { intent: "add", internal_reference: ref, email: "x@y.in", password: "x" }, headers, maxRedirects: 0 });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    await page.goto("/addtocart");
    await expect(page.getByText("YOUR CART IS CURRENTLY EMPTY")).toBeVisible();
    // Still signed in: the sign-out post was refused too.
    await expect(page.getByRole("banner").getByText("Account menu")).toBeAttached();
    const same = await page.request.post("/cart", { form: { intent: "add", internal_reference: ref }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(same.status()).toBe(303);
  });

  test("redirectTo to another origin is ignored", async ({ page, shopper: _signedIn, baseURL }) => {
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "/.//evil.example", "/%2e//evil.example"]) {
      const response = await page.request.post("/cart", {
        form: { intent: "add", internal_reference: ref, redirectTo: evil },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/addtocart");
    }
  });

  test("another customer's cart line is out of reach: the same variant is 'not in your cart' to them, and stays as it was", async ({ page, browser, shopper: _signedIn, baseURL }) => {
    await page.request.post("/cart", { form: { intent: "add", internal_reference: ref, quantity: "2" }, headers: { Origin: baseURL! } });
    await page.goto("/addtocart");
    const quantity = page.getByRole("status", { name: `Quantity of ${item.title}` });
    await expect(quantity).toHaveText("2");

    const other = await browser.newContext({ baseURL });
    const stranger = newShopper();
    const signup = await other.request.post("/signup", { form: { ...stranger }, headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress() }, maxRedirects: 0 });
    expect(signup.status()).toBe(303);
    const attempts: Record<string, string>[] = [
      { intent: "remove", internal_reference: ref },
      { intent: "decrement", internal_reference: ref },
      { intent: "increment", internal_reference: ref },
    ];
    for (const form of attempts) {
      const response = await other.request.post("/cart", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain("That item is not in your cart.");
    }
    await other.close();
    await page.reload();
    await expect(quantity).toHaveText("2");
  });

  test("malformed cart and wishlist posts get a 400 with the message", async ({ page, shopper: _signedIn, baseURL }) => {
    const cases: [string, Record<string, string>, string][] = [
      ["/cart", { intent: "add" }, "Missing internal_reference"],
      ["/cart", { intent: "add", internal_reference: ref, quantity: "-3" }, "The quantity must be at least 1."],
      ["/cart", { intent: "add", internal_reference: ref, quantity: "99999999" }, "The quantity must be at most 999."],
      ["/cart", { intent: "add", internal_reference: "NO-SUCH-THING" }, "That product could not be found."],
      ["/cart", { intent: "increment" }, "Missing internal_reference"],
      ["/cart", { intent: "remove", internal_reference: "x".repeat(500) }, "That product reference is not valid."],
      ["/cart", { intent: "launch" }, "Unknown cart action."],
      ["/wishlist", { intent: "toggle" }, "Missing internal_reference"],
      ["/wishlist", { intent: "move-to-cart", item: "-1" }, "That item is not in your wishlist."],
    ];
    for (const [path, form, message] of cases) {
      const response = await page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(form)}`).toBe(400);
      expect(await response.text()).toContain(message);
    }
    await page.goto("/addtocart");
    await expect(page.getByText("YOUR CART IS CURRENTLY EMPTY")).toBeVisible();
  });
});

test.describe("checkout and account forms", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level checks run once");

  test("refuse malformed input with the message and a 400", async ({ page, shopper: _signedIn, baseURL }) => {
    const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    await post("/cart", { intent: "add", internal_reference: ref });
    const cases: [string, Record<string, string>, string][] = [
      ["/revieworder", { intent: "add-address", firstName: "A", lastName: "B", email: "a@b.in", phone: "9876543210", street: "1 Road", zip: "12" }, "Enter a valid 6-digit PIN code"],
      ["/revieworder", { intent: "add-address" }, "Please fill: First name, Last name, Email address, Phone number, Address line 1, PIN code"],
      ["/revieworder", { intent: "place", cart_id: "abc", address_id: "1" }, "Invalid cart_id. Please refresh your cart."],
      ["/revieworder", { intent: "place", cart_id: "999999", address_id: "1" }, "Invalid cart_id. Please refresh your cart."],
      ["/myaccount", { name: "", phone: "9876543210" }, "Enter your name"],
      ["/myaccount", { name: "X", phone: "12" }, "Enter a valid 10-digit phone number"],
      ["/myaccount/addresses", { intent: "add", name: "X" }, "Please fill name, phone, address, city and pincode."],
      ["/cart", { intent: "checkout", payment: "bitcoin", terms: "on" }, "Choose a payment method."],
    ];
    for (const [path, form, message] of cases) {
      const response = await post(path, form);
      expect(response.status(), `${path} ${JSON.stringify(form)}`).toBe(400);
      expect(await response.text()).toContain(message.replace(/&/g, "&amp;"));
    }
  });
});

test.describe("content security policy", () => {
  test("pages run, hydrate and take input under their policy, with no violation reported", async ({ page, hasJs, shopper: _signedIn, request }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} on ${location.pathname} at ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    for (const path of ["/", "/products?search=dal", await productPath(request, item.title), "/addtocart", "/wishlist", "/myaccount", "/contact"]) {
      await open(page, path, hasJs);
    }
    // A form post and the page it leads to, through React Router's fetch when JavaScript runs.
    await open(page, "/products?search=dal", hasJs);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart, 1 item");
    expect(violations).toEqual([]);
  });
});
