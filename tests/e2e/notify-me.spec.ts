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

// Issue 41: once asked, the button's place says 'We will let you know' with Cancel, on the product
// page and on the card, after a reload too (the signed-in page is spliced from the kept copy: the
// shopper's own state is put in), and Cancel brings 'Notify Me' back.
test("'Notify Me' turns into 'We will let you know' with Cancel, on the page and the card", async ({ page, hasJs, shopper, request }) => {
  // Signed in as the new shopper of the fixture.
  expect(shopper.email).toBeTruthy();
  const path = await productPath(request, mangoes.title);
  await open(page, path, hasJs);
  const summary = page.getByRole("region", { name: mangoes.title });
  await summary.getByRole("button", { name: `Notify me when ${mangoes.title} is back in stock` }).click();
  const cancel = summary.getByRole("button", { name: `Cancel the request for ${mangoes.title}` });
  await expect(summary.getByText("We will let you know", { exact: true })).toBeVisible();
  await expect(cancel).toBeEnabled();
  await expect(summary.getByRole("button", { name: `Notify me when ${mangoes.title} is back in stock` })).toHaveCount(0);
  // The disabled Add to Cart stays beside it.
  await expect(summary.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

  // The server's state, not the page's: again after a reload, and on the listing's card.
  await open(page, path, hasJs);
  await expect(summary.getByText("We will let you know", { exact: true })).toBeVisible();
  await open(page, `/products?search=${encodeURIComponent("kesar mangoes")}`, hasJs);
  const card = page.getByRole("article").filter({ hasText: mangoes.title }).first();
  await expect(card.getByRole("button", { name: `Cancel the request for ${mangoes.title}` })).toBeVisible();

  // Cancel, from the card: 'Notify Me' is back, and My Account lists nothing.
  await card.getByRole("button", { name: `Cancel the request for ${mangoes.title}` }).click();
  await expect(card.getByRole("button", { name: `Notify me when ${mangoes.title} is back in stock` })).toBeVisible();
  await expectToast(page, "You will not be told when it is back in stock.", hasJs);
  await open(page, "/myaccount/notify", hasJs);
  await expect(page.getByText("You are not waiting for anything to come back in stock.")).toBeVisible();
});
