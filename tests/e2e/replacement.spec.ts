// Replacements the shopper chose (issue 29): on the cart page the shopper says what should happen
// to an item out of stock at packing, for the order and per line; staff replace an item from the
// similar products offered; the shopper sees what replaced what, with and without JavaScript.
import { expect, expectToast, open, orderNumber, product, rupees, staffPage, test } from "./support.ts";

const masoor = product("Haat Select Masoor Dal (Malka)");
const almonds = product("Haat Select California Almonds");
const toor = product("Haat Select Toor Dal (Unpolished)");

test("a shopper chooses 'replace', staff replace an item, and the shopper sees it", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  for (const p of [masoor, almonds]) expect((await post("/cart", { intent: "add", internal_reference: p.variants[0]!.internal_reference })).status()).toBe(303);

  await open(page, "/addtocart", hasJs);
  const choices = page.getByRole("region", { name: "If an item is out of stock at packing" });
  await expect(choices.getByRole("radio", { name: "Call me" })).toBeChecked();
  await choices.getByRole("radio", { name: "Replace with a similar item" }).check();
  await choices.getByRole("combobox", { name: `If ${almonds.title} is out of stock` }).selectOption({ label: "Don't replace, refund it" });
  await choices.getByRole("button", { name: "Save replacement choices" }).click();
  await expectToast(page, "Your replacement choices are saved.", hasJs);
  await open(page, "/addtocart", hasJs);
  await expect(choices.getByRole("radio", { name: "Replace with a similar item" })).toBeChecked();
  await expect(choices.getByRole("combobox", { name: `If ${almonds.title} is out of stock` })).toHaveValue("refund");

  await post("/revieworder", { intent: "add-address", firstName: "Sunita", lastName: "Yadav", email: "sunita@example.in", phone: "9876501234", street: "21 MG Road", zip: "122002" });
  await open(page, "/revieworder", hasJs);
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page).toHaveURL(/\/ordersuccess\?order=\d+$/);
  const orderId = /order=(\d+)/.exec(page.url())![1]!;

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, `/staff/orders/${orderId}`, hasJs);
  const items = staff.getByRole("list", { name: "Items to pack" });
  await expect(items.getByText("If out of stock: Replace with a similar item")).toBeVisible();
  await expect(items.getByText("If out of stock: Don't replace, refund it")).toBeVisible();
  // The line the shopper said not to replace is offered nothing.
  await expect(staff.getByRole("button", { name: `Replace ${almonds.title}` })).toHaveCount(0);
  // A dearer dal in its place costs the shopper what the masoor did.
  await items.getByRole("radio", { name: new RegExp(`^${toor.title.replace(/[()]/g, "\\$&")} \\(Net Weight 1 kg\\) ${rupees(masoor.variants[0]!.price)}`) }).check();
  await staff.getByRole("button", { name: `Replace ${masoor.title}` }).click();
  const total = rupees(masoor.variants[0]!.price + almonds.variants[0]!.price);
  await expectToast(staff, `Replaced; order #${await orderNumber(page.request, orderId)}'s total is now ${total}.`, hasJs);
  await expect(items.getByText(`Replaces ${masoor.title} (${masoor.variants[0]!.internal_reference})`)).toBeVisible();
  await staff.context().close();

  await open(page, `/orders/${orderId}`, hasJs);
  await expect(page.getByText(`In place of ${masoor.title}, which was out of stock`)).toBeVisible();
  await expect(page.getByRole("link", { name: toor.title })).toBeVisible();
  await expect(page.getByText(`Replaced at packing: ${masoor.title} replaced by ${toor.title}`)).toBeVisible();
  await expect(page.getByLabel("Order total")).toContainText(total);
});
