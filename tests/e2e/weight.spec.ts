// Produce sold by weight (issue 29): a shopper buys tomatoes by the estimate, staff weigh what
// they packed, and the shopper sees the final price on the order page, with and without JavaScript.
import { expect, expectToast, open, orderNumber, product, productPath, rupees, staffPage, test } from "./support.ts";

const tomatoes = product("Aravalli Farms Desi Tomatoes");

test("tomatoes bought by weight are priced by what staff weighed", async ({ page, hasJs, shopper: _signedIn, baseURL, browser, request }) => {
  const pack = tomatoes.variants[0]!;
  await open(page, `${await productPath(request, tomatoes.title)}?qty=2`, hasJs);
  await expect(page.getByText("Estimated price for about 1 kg: the final price follows the weight packed, within ±10%.")).toBeVisible();
  await page.getByRole("region", { name: tomatoes.title }).getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status", { name: `Quantity of ${tomatoes.title} in cart` })).toHaveText("2");
  // The stepper moves before the shop answers; the toast says the cart has it (CI once opened the cart first).
  await expectToast(page, `${tomatoes.title} added to cart!`, hasJs);

  await open(page, "/addtocart", hasJs);
  await expect(page.getByText("Estimated price for about 1 kg: the final price follows the weight packed, within ±10%.")).toBeVisible();
  await expect(page.getByText("The total is an estimate until what is sold by weight is weighed.")).toBeVisible();

  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  await post("/revieworder", {
    intent: "add-address",
    firstName: "Kavita",
    lastName: "Rao",
    email: "kavita@example.in",
    phone: "9876501234",
    street: "9 Golf Course Road",
    zip: "122002",
  });
  await open(page, "/revieworder", hasJs);
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/ordersuccess\?order=\d+$/);
  const orderId = /order=(\d+)/.exec(page.url())![1]!;
  const number = await orderNumber(page.request, orderId);
  const estimate = rupees(pack.price * 2);

  await open(page, `/orders/${orderId}`, hasJs);
  await expect(page.getByText("Estimated: the final price follows when it is weighed.")).toBeVisible();
  await expect(page.getByLabel("Order total")).toContainText(estimate);

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, `/staff/orders/${orderId}`, hasJs);
  await expect(staff.getByText("Items sold by weight: mark the order Packed, then enter what they weighed.")).toBeVisible();
  for (const next of ["Confirmed", "Packed"]) {
    await staff.getByRole("button", { name: `Mark order #${number} ${next}` }).click();
    await expectToast(staff, `Order #${number} is now ${next}.`, hasJs);
  }
  const weight = staff.getByRole("spinbutton", { name: `Weight packed of ${tomatoes.title} (g)` });
  await expect(weight).toHaveAccessibleDescription("1 kg estimated; 900 g to 1.1 kg");
  await weight.fill("900");
  await staff.getByRole("button", { name: "Save weights" }).click();
  const final = rupees(pack.price * 2 * 0.9);
  await expectToast(staff, `Order #${number} weighed; its total is now ${final}.`, hasJs);
  await expect(staff.getByText("Weighed 900 g")).toBeVisible();
  await staff.context().close();

  await open(page, `/orders/${orderId}`, hasJs);
  await expect(page.getByText(`Estimated ${estimate}; weighed 900 g: ${final}`)).toBeVisible();
  await expect(page.getByLabel("Order total")).toContainText(final);
  await expect(page.getByText("The total is an estimate until what is sold by weight is weighed.")).toHaveCount(0);
  await expect(page.getByText(/Weighed at packing: Aravalli Farms Desi Tomatoes: 900 g packed/)).toBeVisible();
});
