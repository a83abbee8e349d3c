// A gift message (issue 29): written on Review Order for an order holding a Gifting product,
// placed with the order, shown on the shopper's order page and to staff, and printed on the
// packing slip's gift card (read back with pdftotext), with and without JavaScript.
import { pdfLayoutText } from "../pdf-text.ts";
import { expect, expectToast, open, product, staffPage, test } from "./support.ts";

const diyas = product("Haat Gifting Brass Diya Gift Set");

test("a gift message goes from Review Order onto the packing slip", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: diyas.variants[0]!.internal_reference })).status()).toBe(303);
  await post("/revieworder", { intent: "add-address", firstName: "Meera", lastName: "Nair", email: "meera@example.in", phone: "9876501234", street: "4 Sohna Road", zip: "122002" });

  await open(page, "/revieworder", hasJs);
  const gift = page.getByRole("region", { name: "Gift message" });
  // Too long is refused with the reason, and nothing is saved.
  await gift.getByRole("textbox", { name: /^Message/ }).fill("");
  await gift.getByRole("button", { name: "Save gift message" }).click();
  await expect(page.getByText("Write the gift message.").first()).toBeVisible();
  await expect(gift.getByRole("button", { name: "Remove gift message" })).toHaveCount(0);

  const message = `Happy Diwali, Meera! (${hasJs ? "js" : "no-js"})`;
  await gift.getByRole("textbox", { name: /^Message/ }).fill(message);
  await gift.getByRole("textbox", { name: "From (optional)" }).fill("Asha");
  await gift.getByRole("checkbox", { name: "Hide prices on the packing slip" }).check();
  await gift.getByRole("button", { name: "Save gift message" }).click();
  await expectToast(page, "Gift message saved.", hasJs);
  await expect(gift.getByRole("button", { name: "Remove gift message" })).toBeVisible();
  await expect(gift.getByRole("textbox", { name: /^Message/ })).toHaveValue(message);

  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/ordersuccess\?order=\d+$/);
  const orderId = /order=(\d+)/.exec(page.url())![1]!;
  await open(page, `/orders/${orderId}`, hasJs);
  const note = page.getByRole("region", { name: "Gift message" });
  await expect(note.getByText(message)).toBeVisible();
  await expect(note.getByText("From: Asha")).toBeVisible();

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, `/staff/orders/${orderId}`, hasJs);
  await expect(staff.getByRole("region", { name: "Gift message" }).getByText(message)).toBeVisible();
  const href = await staff.getByRole("link", { name: "Packing slip (PDF)" }).getAttribute("href");
  const slip = pdfLayoutText(await (await staff.request.get(href!)).body());
  expect(slip).toContain("GIFT: put the gift card (the last page) in the box; no prices on this slip.");
  expect(slip).toContain(message);
  expect(slip).toContain("From: Asha");
  await staff.context().close();
});
