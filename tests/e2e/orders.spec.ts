// After the order: the orders list, the PDF invoice, cancelling with its confirmation,
// and the account area's profile and addresses, with and without JavaScript.
import type { Page } from "@playwright/test";
import { pdfLayoutText } from "../pdf-text.ts";
import { slotDates, slotDayLabel, slotLabel } from "../../app/domain/delivery.ts";
import { expect, expectToast, firstSlot, lastMailTo, open, orderNumber, product, rupees, test } from "./support.ts";

const dal = product("Haat Select Masoor Dal (Malka)");

/** A placed cash-on-delivery order for the signed-in shopper, made through the forms' own posts: its id (its URLs') and the number its pages show. */
async function placeOrder(page: Page, baseURL: string): Promise<{ orderId: number; number: number; addressId: number }> {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: dal.variants[0]!.internal_reference, quantity: "2" })).status()).toBe(303);
  const address = { intent: "add-address", firstName: "Ravi", lastName: "Kumar", email: "ravi@example.in", phone: "9876543210", street: "4 Sohna Road", zip: "122018" };
  expect((await post("/revieworder", address)).status()).toBe(303);
  const review = await (await page.request.get("/revieworder")).text();
  const cartId = /name="cart_id" value="(\d+)"/.exec(review)![1]!;
  const addressId = /name="address_id" value="(\d+)"/.exec(review)![1]!;
  const placed = await post("/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot: firstSlot(review) });
  expect(placed.headers().location).toBe(`/ordersuccess?order=${cartId}`);
  return { orderId: Number(cartId), number: await orderNumber(page.request, cartId), addressId: Number(addressId) };
}

test("an order's page: where it is, its slot moved, bought again, cancelled", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const { orderId, number } = await placeOrder(page, baseURL!);
  // The order-placed page links to the order (issue 41).
  await open(page, `/ordersuccess?order=${orderId}`, hasJs);
  await expect(page.getByRole("link", { name: `View order #${number}` })).toHaveAttribute("href", `/orders/${orderId}`);
  await open(page, "/orders", hasJs);
  // The list shows the order's number; its page's URL carries its id (decision 065).
  await page.getByRole("link", { name: `Order #${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  await expect(page.getByText("The tax invoice is issued when your order is out for delivery; until then the invoice link gives its order summary.")).toBeVisible();
  const progress = page.getByRole("list", { name: "Order progress" });
  await expect(progress.getByRole("listitem")).toHaveText([/^Placed/, /^Confirmed/, /^Packed/, /^Out for delivery/, /^Delivered/]);
  await expect(progress.getByRole("listitem").first()).toHaveAttribute("aria-current", "step");

  // Another slot: the day after tomorrow, evening.
  const slot = { date: slotDates(new Date())[1]!, kind: "evening" as const };
  await page
    .getByRole("group", { name: "Delivery slot" })
    .getByRole("group", { name: slotDayLabel(slot) })
    .getByRole("radio", { name: "Evening 4-8" })
    .check();
  await page.getByRole("button", { name: "Change slot" }).click();
  await expectToast(page, "Delivery slot changed.", hasJs);
  await expect(page.getByRole("region", { name: "Delivery" }).getByText(slotLabel(slot), { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL(/\/addtocart$/);
  await expectToast(page, "The items are in your cart.", hasJs);
  await expect(page.getByRole("link", { name: dal.title }).first()).toBeVisible();

  await open(page, `/orders/${orderId}`, hasJs);
  await page.getByRole("link", { name: "Cancel order" }).click();
  await page.getByRole("button", { name: `Yes, cancel order #${number}` }).click();
  await expectToast(page, "Your order has been cancelled.", hasJs);
  await expect(page.getByRole("status").filter({ hasText: /^Cancelled$/ })).toBeVisible();
  await expect(progress.getByRole("listitem")).toHaveText([/^Placed/, /^Cancelled/]);
  await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
});

test("orders: the list, the invoice and cancelling", async ({ page, hasJs, shopper, baseURL }) => {
  const { orderId, number } = await placeOrder(page, baseURL!);
  const total = rupees(dal.variants[0]!.price * 2);
  await open(page, "/orders", hasJs);
  await expect(page.getByRole("heading", { name: "Your Orders" })).toBeVisible();
  const order = page.getByRole("article", { name: `Order #${number}` });
  await expect(order.getByText("Placed", { exact: true })).toBeVisible();
  await expect(order.getByText(total)).toBeVisible();
  await expect(order.getByText(`${dal.title} × 2`)).toBeVisible();

  const href = await order.getByRole("link", { name: "Invoice (PDF)" }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Before the order leaves the shop the invoice link gives its order summary (decision 065), as a
  // reader gets it (pdftotext): the dal's HSN code, quantity, price and amount on its row, CGST +
  // SGST for a delivery in Haryana, and the total in rupees; no invoice number.
  const text = pdfLayoutText(body);
  const row = (marker: string) => (text.split("\n").find((l) => l.includes(marker)) ?? "").replace(/\s+/g, " ").trim();
  const inr = (amount: number) => `₹${amount.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  expect(text).toContain("ORDER SUMMARY");
  expect(text).not.toContain("Invoice number");
  expect(text).toContain(`Order number: #${number}`);
  expect(text).toContain("Ravi Kumar");
  expect(text).toContain("Place of supply: Haryana (06)");
  const price = dal.variants[0]!.price;
  expect(row(dal.title)).toContain(`0713 2 ${inr(price)} ${inr(0)}`);
  expect(row(dal.title).endsWith(inr(price * 2))).toBe(true);
  expect(row("Grand total")).toContain(`Grand total ${inr(price * 2)}`);
  expect(text).toMatch(/CGST[\s\S]*SGST/);

  await order.getByRole("link", { name: "Cancel order" }).click();
  await expect(order.getByText("Are you sure you want to cancel this order?")).toBeVisible();
  await order.getByRole("link", { name: "Keep the order" }).click();
  await expect(order.getByText("Placed", { exact: true })).toBeVisible();
  await order.getByRole("link", { name: "Cancel order" }).click();
  await order.getByRole("button", { name: `Yes, cancel order #${number}` }).click();
  await expect(page.getByText("Your order has been cancelled.")).toBeVisible();
  // Decision 012: a cancelled order stays in the list, marked Cancelled, without Cancel.
  await expect(order.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(order.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  await expect.poll(async () => (await lastMailTo(shopper.email)).includes(`Subject: Your Haat order #${number} is cancelled`)).toBe(true);
  // Its page, revisited, says what became of it.
  await open(page, `/ordersuccess?order=${orderId}`, hasJs);
  await expect(page.getByRole("heading", { name: "Order Cancelled" })).toBeVisible();
  await expect(page.getByText(`Order #${number} was cancelled.`)).toBeVisible();
  await expect(page.getByText("Total (cancelled, nothing to pay)")).toBeVisible();

  await open(page, "/myaccount/orders", hasJs);
  await expect(page.getByRole("article", { name: `Order #${number}` }).getByText("Cancelled", { exact: true })).toBeVisible();
});

test("another customer's order, invoice and address are not found", async ({ page, shopper: _signedIn, baseURL, browser }) => {
  const { orderId, number, addressId } = await placeOrder(page, baseURL!);
  const other = await browser.newContext({ baseURL });
  const stranger = await other.newPage();
  const { newShopper, clientAddress } = await import("./support.ts");
  const s = newShopper();
  await stranger.request.post("/signup", { form: { ...s }, headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress() }, maxRedirects: 0 });
  expect((await stranger.request.get(`/orders/${orderId}/invoice`)).status()).toBe(404);
  const cancel = await stranger.request.post("/orders", { form: { intent: "cancel", order: String(orderId) }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(cancel.status()).toBe(404);
  const address = { name: "X", phone: "9876543210", street: "Elsewhere", city: "Delhi", zip: "110001" };
  const attempts: [string, Record<string, string>][] = [
    ["/myaccount/addresses", { intent: "delete", id: String(addressId) }],
    ["/myaccount/addresses", { intent: "update", id: String(addressId), ...address }],
    ["/myaccount/addresses", { intent: "default", id: String(addressId) }],
    ["/revieworder", { intent: "delete-address", id: String(addressId) }],
    ["/revieworder", { intent: "select", address: String(addressId) }],
  ];
  for (const [path, form] of attempts) {
    const response = await stranger.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(response.status(), `${path} ${form.intent}`).toBe(404);
  }
  await other.close();
  await page.goto("/orders");
  await expect(page.getByRole("article", { name: `Order #${number}` }).getByText("Placed", { exact: true })).toBeVisible();
});

test("the account area: edit the profile; add, edit, make default and delete addresses", async ({ page, hasJs, shopper }) => {
  await open(page, "/myaccount", hasJs);
  const menu = page.getByRole("navigation", { name: "My account" });
  for (const name of ["Dashboard", "Orders", "Wishlist", "Addresses"]) await expect(menu.getByRole("link", { name })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByText(shopper.email, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Edit profile" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(page.getByText("Not editable — contact support to change")).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Meera Iyer");
  await page.getByRole("textbox", { name: "Mobile" }).fill("123");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a valid 10-digit phone number")).toBeVisible();
  await page.getByRole("textbox", { name: "Mobile" }).fill("91234 56789");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page.getByText("Meera Iyer", { exact: true })).toBeVisible();

  await menu.getByRole("link", { name: "Addresses" }).click();
  await expect(page.getByRole("heading", { name: "Addresses" })).toBeVisible();
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Please fill name, phone, address, city and pincode.")).toBeVisible();
  const field = (name: string) => page.getByRole("textbox", { name, exact: true });
  const fill = async (street: string, zip: string) => {
    await field("Name").fill("Meera Iyer");
    await field("Phone").fill("9123456789");
    await field("Address").fill(street);
    await field("City").fill("Gurgaon");
    await field("Pincode").fill(zip);
  };
  await fill("1 Cyber City", "122002");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address saved!")).toBeVisible();
  await fill("9 MG Road", "122001");
  await page.getByRole("button", { name: "Add address" }).click();
  const list = page.getByRole("list", { name: "Saved addresses" });
  await expect(list.getByRole("article")).toHaveCount(2);
  // The first address is the primary one: it cannot be deleted.
  const primary = list.getByRole("article", { name: /1 Cyber City/ });
  await expect(primary.getByRole("button", { name: /Delete/ })).toHaveCount(0);

  const second = list.getByRole("article", { name: /9 MG Road/ });
  await second.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await field("Address").fill("10 MG Road");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address updated!")).toBeVisible();
  const edited = list.getByRole("article", { name: /10 MG Road/ });
  await edited.getByRole("button", { name: "Make default" }).click();
  await expect(page.getByText("Default address updated")).toBeVisible();
  await expect(list.getByRole("article", { name: /10 MG Road/ }).getByText("Default")).toBeVisible();
  await list
    .getByRole("article", { name: /10 MG Road/ })
    .getByRole("button", { name: /Delete the address/ })
    .click();
  await expect(page.getByText("Address deleted successfully")).toBeVisible();
  await expect(list.getByRole("article")).toHaveCount(1);
});
