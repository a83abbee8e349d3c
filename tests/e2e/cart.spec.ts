// The cart: signed-out add through sign-in, steppers and stock limits, Buy Now, the cart
// page and the header badge, with and without JavaScript.
import type { Page } from "@playwright/test";
import { cartBadge, expect, expectToast, open, product, productList, productPath, rupees, signInOnPage, test } from "./support.ts";

const plenty = product("Haat Select Masoor Dal (Malka)");
const scarce = product("Kiln & Co. Melamine Quarter Plates"); // 2 in stock
const soldOut = product("Clearcut Glass Decanter"); // 0 in stock
const other = product("Haat Select Bajra Flour");

/** The product page's own summary, apart from the related products' cards. */
function summary(page: Page, title: string) {
  return page.getByRole("region", { name: title });
}

test.describe("cart", () => {
  test("signed out, Add to Cart on a card goes through sign-in and lands in the cart", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await open(page, `/products?search=${encodeURIComponent(plenty.title)}`, hasJs);
    const card = productList(page).getByRole("listitem").filter({ hasText: plenty.title });
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("return_to") === "/post-auth");
    await expect(page.getByText("Please login to add items")).toBeVisible();
    await signInOnPage(page, shopper);
    await expect(page).toHaveURL(/\/addtocart$/);
    await expect(page.getByText(`${plenty.title} added to cart!`)).toBeVisible();
    const line = page.getByRole("list", { name: "Cart items" }).getByRole("article", { name: plenty.title });
    await expect(line.getByRole("status", { name: `Quantity of ${plenty.title}` })).toHaveText("1");
    await expect(cartBadge(page)).toHaveAccessibleName("Cart, 1 item");
  });

  test("the product page's stepper stops at 1 and at the stock, and says so", async ({ page, hasJs, shopper: _signedIn, request }) => {
    const path = await productPath(request, scarce.title);
    await open(page, path, hasJs);
    const decrease = page.getByRole("group", { name: `Quantity of ${scarce.title}` }).getByRole("link", { name: "Decrease quantity" });
    const increase = page.getByRole("group", { name: `Quantity of ${scarce.title}` }).getByRole("link", { name: "Increase quantity" });
    await expect(decrease).toHaveAttribute("aria-disabled", "true");
    await increase.click();
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
    await expect(increase).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByText(`2 × ${rupees(scarce.variants[0]!.price)}, inclusive of all taxes`)).toBeVisible();

    await summary(page, scarce.title).getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("status", { name: `Quantity of ${scarce.title} in cart` })).toHaveText("2");
    await expect(summary(page, scarce.title).getByRole("link", { name: "Go to Cart" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Increase quantity of ${scarce.title}` })).toBeDisabled();
    await page.getByRole("button", { name: `Decrease quantity of ${scarce.title}` }).click();
    await expect(page.getByRole("status", { name: `Quantity of ${scarce.title} in cart` })).toHaveText("1");
    await expect(page.getByRole("button", { name: `Decrease quantity of ${scarce.title}` })).toBeDisabled();
    await expect(cartBadge(page)).toHaveAccessibleName("Cart, 1 item");
  });

  test("more than the stock is clamped with 'Only {n} item(s) available in stock'; stock 0 cannot be added", async ({ page, hasJs, request }) => {
    await open(page, `${await productPath(request, scarce.title)}?qty=9`, hasJs);
    await expect(page.getByText("Only 2 item(s) available in stock")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");

    await open(page, await productPath(request, soldOut.title), hasJs);
    await expect(summary(page, soldOut.title).getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await expect(summary(page, soldOut.title).getByRole("button", { name: "Buy Now" })).toBeDisabled();
    await expect(page.getByText("This product is currently out of stock.")).toBeVisible();
  });

  test("Buy Now adds the item and goes to the cart", async ({ page, hasJs, shopper: _signedIn, request }) => {
    await open(page, await productPath(request, other.title), hasJs);
    await summary(page, other.title).getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/addtocart$/);
    const line = page.getByRole("article", { name: other.title });
    await expect(line.getByRole("status", { name: `Quantity of ${other.title}` })).toHaveText("1");
    // Already in the cart, Buy Now just goes there.
    await open(page, await productPath(request, other.title), hasJs);
    await summary(page, other.title).getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/addtocart$/);
    await expect(line.getByRole("status", { name: `Quantity of ${other.title}` })).toHaveText("1");
  });

  test("the cart page steps, removes, sums up and empties", async ({ page, hasJs, shopper: _signedIn, request }) => {
    for (const p of [plenty, other]) {
      await open(page, await productPath(request, p.title), hasJs);
      await summary(page, p.title).getByRole("button", { name: "Add to Cart" }).click();
      await expect(summary(page, p.title).getByRole("link", { name: "Go to Cart" })).toBeVisible();
      // The shop's answer, before going on to the next product.
      await expectToast(page, `${p.title} added to cart!`, hasJs);
    }
    await expect(cartBadge(page)).toHaveAccessibleName("Cart, 2 items");
    await summary(page, other.title).getByRole("link", { name: "Go to Cart" }).click();
    await expect(page.getByRole("heading", { name: "Your Cart (2 items)" })).toBeVisible();
    const totals = page.getByRole("region", { name: "Your order summary" });
    const price = (p: typeof plenty) => p.variants[0]!.price;
    await expect(totals.getByText(rupees(price(plenty) + price(other)), { exact: true }).first()).toBeVisible();
    await expect(totals.getByText("Free", { exact: true })).toBeVisible();
    // What is charged and what the note says come from one rule (decision 027).
    await expect(totals.getByText("Delivery is free on every order for now; orders above ₹999 always ship free.")).toBeVisible();

    await page.getByRole("button", { name: `Increase quantity of ${plenty.title}` }).click();
    await expect(page.getByRole("status", { name: `Quantity of ${plenty.title}` })).toHaveText("2");
    await expect(cartBadge(page)).toHaveAccessibleName("Cart, 3 items");
    await expect(totals.getByText(rupees(2 * price(plenty) + price(other)), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: `Decrease quantity of ${other.title}` })).toBeDisabled();

    await page.getByRole("button", { name: `Remove ${other.title} from cart` }).click();
    await expect(page.getByRole("article", { name: other.title })).toHaveCount(0);
    await page.getByRole("button", { name: `Decrease quantity of ${plenty.title}` }).click();
    await expect(page.getByRole("heading", { name: "Your Cart (1 item)" })).toBeVisible();
    await page.getByRole("button", { name: `Remove ${plenty.title} from cart` }).click();
    await expect(page.getByText("Your cart is empty. Please add items before placing an order.")).toBeVisible();
    await expect(page.getByText("YOUR CART IS CURRENTLY EMPTY")).toBeVisible();
    await page.getByRole("link", { name: "Return to shop" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a signed-out visitor at the cart is sent to sign in", async ({ page, hasJs }) => {
    await open(page, "/addtocart", hasJs);
    await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("return_to") === "/addtocart");
    await open(page, "/emptycart", hasJs);
    await expect(page.getByRole("heading", { name: "YOUR CART IS CURRENTLY EMPTY" })).toBeVisible();
  });
});
