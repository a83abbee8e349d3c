// The wishlist: hearts on the product page and cards, the wishlist page, moving to the
// cart, and the signed-out round trip through sign-in.
import type { Page } from "@playwright/test";
import { expect, open, product, productList, productPath, test } from "./support.ts";

const tea = product("Haat Select Masoor Dal (Malka)");
const soldOut = product("Clearcut Glass Decanter");

function badge(page: Page, name: RegExp) {
  return page.getByRole("banner").getByRole("link", { name });
}

test.describe("wishlist", () => {
  test("a heart adds to the wishlist; the page lists it; Move to Cart moves it", async ({ page, hasJs, shopper: _signedIn, request }) => {
    await open(page, await productPath(request, tea.title), hasJs);
    const summary = page.getByRole("region", { name: tea.title });
    await summary.getByRole("button", { name: `Add ${tea.title} to wishlist` }).click();
    await expect(summary.getByRole("button", { name: `Remove ${tea.title} from wishlist` })).toHaveAttribute("aria-pressed", "true");
    await expect(badge(page, /^Wishlist/)).toHaveAccessibleName("Wishlist, 1 item");

    await badge(page, /^Wishlist/).click();
    await expect(page.getByRole("heading", { name: "Your Wishlist" })).toBeVisible();
    const items = page.getByRole("list", { name: "Wishlist items" });
    await expect(items.getByRole("listitem")).toHaveCount(1);
    await items.getByRole("button", { name: "Move to Cart" }).click();
    await expect(page.getByText("Moved to cart")).toBeVisible();
    await expect(page.getByText("Your wishlist is empty.")).toBeVisible();
    await expect(badge(page, /^Cart/)).toHaveAccessibleName("Cart, 1 item");
    await expect(badge(page, /^Wishlist/)).toHaveAccessibleName("Wishlist");
  });

  test("hearts on cards toggle, and the page removes; out of stock cannot move", async ({ page, hasJs, shopper: _signedIn }) => {
    await open(page, `/products?search=${encodeURIComponent(soldOut.title)}`, hasJs);
    const card = productList(page).getByRole("listitem").filter({ hasText: soldOut.title });
    await card.getByRole("button", { name: `Add ${soldOut.title} to wishlist` }).click();
    await expect(card.getByRole("button", { name: `Remove ${soldOut.title} from wishlist` })).toBeVisible();
    await card.getByRole("button", { name: `Remove ${soldOut.title} from wishlist` }).click();
    await expect(card.getByRole("button", { name: `Add ${soldOut.title} to wishlist` })).toBeVisible();
    await card.getByRole("button", { name: `Add ${soldOut.title} to wishlist` }).click();
    await expect(badge(page, /^Wishlist/)).toHaveAccessibleName("Wishlist, 1 item");

    // Through the header's link, as a shopper goes: a page load typed over it could cut short the
    // heart's post still on its way with JavaScript (the badge counts it at once).
    await badge(page, /^Wishlist/).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const item = page.getByRole("list", { name: "Wishlist items" }).getByRole("listitem");
    await expect(item.getByRole("button", { name: "Move to Cart" })).toBeDisabled();
    await item.getByRole("button", { name: `Remove ${soldOut.title} from wishlist` }).click();
    await expect(page.getByText("Removed from wishlist")).toBeVisible();
    await expect(page.getByText("Your wishlist is empty.")).toBeVisible();
  });

  test("signed out: the page asks to sign in, and a heart goes to sign-in, is saved, and comes back", async ({ page, hasJs, shopper, context, request }) => {
    await context.clearCookies();
    await open(page, "/wishlist", hasJs);
    await expect(page.getByText("Please sign in to view your wishlist.")).toBeVisible();

    const path = await productPath(request, tea.title);
    await open(page, path, hasJs);
    await page
      .getByRole("region", { name: tea.title })
      .getByRole("button", { name: `Add ${tea.title} to wishlist` })
      .click();
    // The tap is remembered through sign-in (like a pending add to cart) and done after it.
    await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("return_to") === "/post-auth");
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("region", { name: tea.title }).getByRole("button", { name: `Remove ${tea.title} from wishlist` })).toBeVisible();
  });
});
