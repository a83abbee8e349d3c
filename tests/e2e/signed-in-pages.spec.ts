// A signed-in shopper's home, listing and product pages are the kept signed-out copy with their
// own parts put in (issue 30, decision 059): what they see is theirs, with JavaScript or without,
// and React takes the page over without a mismatch.
import { expect, expectToast, open, productList, products, test } from "./support.ts";

test("a signed-in shopper's catalogue pages show their own hearts, badges and name, and hydrate cleanly", async ({ page, hasJs, shopper }) => {
  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425|did not match/i.test(message.text())) mismatches.push(message.text());
  });
  page.on("pageerror", (error) => mismatches.push(error.message));
  const wishlist = page.getByRole("banner").getByRole("link", { name: /^Wishlist/ });

  await open(page, "/products", hasJs);
  const card = productList(page).getByRole("listitem").first();
  await card.getByRole("button", { name: /^Add .+ to wishlist$/ }).click();
  // The shopper sees the heart's toast: the post has been answered.
  await expectToast(page, "Added to wishlist", hasJs);
  await expect(wishlist).toHaveAccessibleName("Wishlist, 1 item");

  // Loaded afresh, each page comes from the kept copy and is this shopper's: the heart pressed,
  // the badge counted, their name in the menu.
  for (const path of ["/products", "/", "/products"]) {
    const response = await open(page, path, hasJs);
    expect(response?.headers()["x-page-cache"], `${path} from the kept copy`).toBe("splice");
    await expect(wishlist).toHaveAccessibleName("Wishlist, 1 item");
    await expect(page.getByText(new RegExp(shopper.name))).toBeAttached();
    if (path === "/products") await expect(card.getByRole("button", { name: /^Remove .+ from wishlist$/ })).toHaveAttribute("aria-pressed", "true");
  }
  expect(mismatches).toEqual([]);
});

test("a signed-in shopper's cart and Review Order are the page's shell with their own cart put in, and hydrate cleanly", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425|did not match/i.test(message.text())) mismatches.push(message.text());
  });
  page.on("pageerror", (error) => mismatches.push(error.message));
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  const plenty = products.find((p) => p.variants.length === 1 && p.variants[0]!.in_stock && p.variants[0]!.inventory_stock >= 20)!;
  await post("/cart", { intent: "add", internal_reference: plenty.variants[0]!.internal_reference });
  await post("/revieworder", { intent: "add-address", firstName: "Asha", lastName: "Rao", email: "asha@example.in", phone: "9876543210", street: "1 Sector 14", zip: "122002" });

  // The first page after the posts shows their toast, so it is rendered whole; the next is spliced.
  await open(page, "/addtocart", hasJs);
  const response = await open(page, "/addtocart", hasJs);
  expect(response?.headers()["x-page-cache"]).toBe("splice");
  const line = page.getByRole("list", { name: "Cart items" }).getByRole("article", { name: plenty.title });
  const quantity = line.getByRole("status", { name: `Quantity of ${plenty.title}` });
  await expect(quantity).toHaveText("1");
  // The spliced page works as the rendered one: a step up is the shopper's, with or without JavaScript.
  await page.getByRole("button", { name: `Increase quantity of ${plenty.title}` }).click();
  await expect(quantity).toHaveText("2");
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart, 2 items");
  // The step is done when its toast shows (with JavaScript the count above is shown before the
  // answer comes): a page asked for while its toast is still to show is rendered whole, for it.
  await expectToast(page, "Cart updated", hasJs);

  const review = await open(page, "/revieworder", hasJs);
  expect(review?.headers()["x-page-cache"]).toBe("splice");
  await expect(page.getByRole("heading", { name: "Review Order" })).toBeVisible();
  await expect(page.getByText("1 Sector 14").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm Order" })).toBeEnabled();
  expect(mismatches).toEqual([]);
});
