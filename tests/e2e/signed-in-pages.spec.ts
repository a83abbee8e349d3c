// A signed-in shopper's home, listing and product pages are the kept signed-out copy with their
// own parts put in (issue 30, decision 059): what they see is theirs, with JavaScript or without,
// and React takes the page over without a mismatch.
import { expect, expectToast, open, productList, test } from "./support.ts";

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
