// The staff's catalogue (issue 14), with and without JavaScript: staff find a variant, change its
// price and stock on hand, and a shopper sees the new price on its product page; a price the
// catalogue file's rules refuse is named on the form; a shopper is answered 404.
import { expect, expectToast, open, productPath, rupees, staffPage, test } from "./support.ts";

// The second variant of a product no other journey reads: listings show the first, so changing
// this one moves no listing another journey counts. One per project (they run side by side).
const target = (hasJs: boolean) =>
  hasJs ? { title: "Haat Select Garam Masala", reference: "GP-SPC-GRM-250G" } : { title: "Haat Select Kashmiri Mirch Powder", reference: "GP-SPC-KMR-250G" };

test("staff change a variant's price and stock, and the shopper sees the new price", async ({ page, hasJs, baseURL, browser }) => {
  const { title, reference } = target(hasJs);
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/catalogue", hasJs);
  await expect(staff.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();
  await staff.getByRole("searchbox", { name: "Find products by name or internal reference" }).fill(reference);
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(staff).toHaveURL(new RegExp(`q=${reference}`));

  const price = staff.getByRole("textbox", { name: `Price (₹) of ${reference}` });
  const old = Number(await price.inputValue());
  // Refused by the catalogue file's own rule, and named.
  await staff.getByRole("textbox", { name: `MRP (₹) of ${reference}` }).fill(String(old - 1));
  await price.fill(String(old));
  await staff.getByRole("button", { name: `Save ${reference}` }).click();
  await expect(staff.getByRole("alert").filter({ hasText: "MRP: mrp is below price" })).toBeVisible();

  await open(staff, `/staff/catalogue?q=${reference}`, hasJs);
  const next = old - 1;
  await staff.getByRole("textbox", { name: `Price (₹) of ${reference}` }).fill(String(next));
  const onHand = staff.getByRole("textbox", { name: `Stock on hand of ${reference}` });
  const stock = Number(await onHand.inputValue()) + 5;
  await onHand.fill(String(stock));
  await staff.getByRole("button", { name: `Save ${reference}` }).click();
  await expectToast(staff, `${reference} saved.`, hasJs);
  await expect(staff.getByRole("textbox", { name: `Price (₹) of ${reference}` })).toHaveValue(String(next));
  await expect(staff.getByText(new RegExp(`\\d+ held by orders · \\d+ for sale`)).first()).toBeVisible();
  await staff.context().close();

  await open(page, `${await productPath(page.request, title)}?variant=${reference}`, hasJs);
  await expect(
    page
      .getByRole("heading", { level: 1 })
      .locator("xpath=..")
      .getByText(`Price ${rupees(next)}`, { exact: true }),
  ).toBeVisible();
});

test("a shopper is answered 404 on the staff's catalogue", async ({ page, shopper: _signedIn, baseURL }) => {
  expect((await page.request.get("/staff/catalogue")).status()).toBe(404);
  const post = await page.request.post("/staff/catalogue", {
    form: { intent: "category", slug: "grocers-pick", status: "coming_soon" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
});
