// 'Notify Me' (issue 29): an out-of-stock product page offers it beside the disabled Add to Cart;
// signed out, it goes through sign-in and comes back with the request made; the shopper lists and
// cancels it in My Account, with and without JavaScript.
import { expect, expectToast, open, product, productPath, signInOnPage, test } from "./support.ts";

const mangoes = product("Aravalli Farms Kesar Mangoes");

test("'Notify Me' from a signed-out product page, then cancelled in My Account", async ({ page, hasJs, shopper, context, request }) => {
  await context.clearCookies();
  const path = await productPath(request, mangoes.title);
  await open(page, path, hasJs);
  const summary = page.getByRole("region", { name: mangoes.title });
  await expect(summary.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await summary.getByRole("button", { name: `Notify me when ${mangoes.title} is back in stock` }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("return_to") === "/post-auth");
  await expect(page.getByText("Sign in, and we will let you know when it is back in stock.")).toBeVisible();
  await signInOnPage(page, shopper);
  await expect(page).toHaveURL((url) => url.pathname === path);
  // Exact: the sign-in toast ("Sign in, and we will let you know…") may still be showing.
  await expect(page.getByText("We will let you know when it is back in stock.", { exact: true })).toBeVisible();

  await open(page, "/myaccount/notify", hasJs);
  const list = page.getByRole("list", { name: "Back in stock requests" });
  await expect(list.getByRole("link", { name: mangoes.title })).toBeVisible();
  await list.getByRole("button", { name: `Cancel the request for ${mangoes.title}` }).click();
  await expectToast(page, "You will not be told when it is back in stock.", hasJs);
  await expect(page.getByText("You are not waiting for anything to come back in stock.")).toBeVisible();
});
