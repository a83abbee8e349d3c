// The staff side (issue 14), with and without JavaScript: a shopper orders for a slot, staff
// move the order through its life from /staff, and the shopper sees each stage; a shopper is
// answered 404 on every staff page.
import { SLOTS, slotDates, slotDayLabel, slotLabel } from "../../app/domain/delivery.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { clientAddress, expect, expectToast, firstSlot, lastMailTo, open, orderNumber, product, productPath, staffPage, test } from "./support.ts";

const item = product("Haat Select Jowar Flour");

test("a shopper is answered 404 on every staff page", async ({ page, shopper: _signedIn, baseURL }) => {
  const paths = [
    "/staff",
    "/staff/orders",
    "/staff/orders/1",
    "/staff/orders/1/slip",
    "/staff/orders/1/invoice",
    "/staff/orders/1/credit-notes/1",
    "/staff/delivery",
    "/staff/catalogue",
    "/staff/tickets",
    "/staff/coupons",
    "/staff/newsletter",
    "/staff/newsletter.csv",
    "/staff/reviews",
    "/staff/subscriptions",
    "/staff/dashboard",
    "/staff/dashboard.csv?widget=sales",
    "/staff/orders/pick?slot=2026-12-01/morning",
    "/staff/orders/slips?slot=2026-12-01/morning",
  ];
  for (const path of paths) expect((await page.request.get(path)).status(), path).toBe(404);
  const post = await page.request.post("/staff/orders", { form: { intent: "advance", order: "1", from: "placed" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(post.status()).toBe(404);
  const anonymous = await page.context().browser()!.newContext({ baseURL });
  expect((await anonymous.request.get("/staff/orders")).status()).toBe(404);
  await anonymous.close();
});

test("staff move an order through its life, and the shopper sees each stage", async ({ page, hasJs, shopper, baseURL, browser }) => {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: item.variants[0]!.internal_reference })).status()).toBe(303);
  expect(
    (
      await post("/revieworder", { intent: "add-address", firstName: "Neha", lastName: "Gupta", email: "neha@example.in", phone: "9876501234", street: "9 MG Road", zip: "122002" })
    ).status(),
  ).toBe(303);
  const review = await (await page.request.get("/revieworder")).text();
  const cartId = /name="cart_id" value="(\d+)"/.exec(review)![1]!;
  const addressId = /name="address_id" value="(\d+)"/.exec(review)![1]!;
  expect((await post("/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot: firstSlot(review) })).status()).toBe(303);
  const orderId = Number(cartId);
  // Staff and the shopper read the order's number; its URLs carry its id (decision 065).
  const number = await orderNumber(page.request, orderId);

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/orders?day=tomorrow", hasJs);
  await expect(staff.getByRole("heading", { name: /^Orders for / })).toBeVisible();
  const row = staff.getByRole("listitem").filter({ has: staff.getByRole("link", { name: `Order #${number}`, exact: true }) });
  await expect(row.getByText("Neha Gupta, 9876501234, 122002")).toBeVisible();
  await row.getByRole("button", { name: `Mark order #${number} Confirmed` }).click();
  await expectToast(staff, `Order #${number} is now Confirmed.`, hasJs);

  await staff.getByRole("link", { name: `Order #${number}`, exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/orders/${orderId}$`));
  await expect(staff.getByRole("list", { name: "Items to pack" })).toContainText(item.title);
  const slip = await staff.request.get(
    await staff
      .getByRole("link", { name: "Packing slip (PDF)" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(slip.status()).toBe(200);
  expect(slip.headers()["content-type"]).toBe("application/pdf");
  // Before it leaves the shop, its order summary; at Out for delivery, its tax invoice is issued (decision 065).
  await expect(staff.getByRole("link", { name: /^Order summary \(PDF/ })).toBeVisible();
  for (const next of ["Packed", "Out for delivery", "Delivered"]) {
    await staff.getByRole("button", { name: `Mark order #${number} ${next}` }).click();
    await expectToast(staff, `Order #${number} is now ${next}.`, hasJs);
  }
  const invoiceLink = staff.getByRole("link", { name: /^Tax invoice HT\/\d\d-\d\d\/\d{7} \(PDF\)$/ });
  await expect(invoiceLink).toBeVisible();
  const staffInvoice = await staff.request.get((await invoiceLink.getAttribute("href"))!);
  expect(staffInvoice.headers()["content-type"]).toBe("application/pdf");
  const invoiceText = pdfLayoutText(await staffInvoice.body());
  expect(invoiceText).toContain("TAX INVOICE");
  expect(invoiceText).toContain(`Order number: #${number}`);
  await expect(staff.getByRole("button", { name: /^Mark order/ })).toHaveCount(0);
  await staff.context().close();
  // Each move was mailed to the shopper; the last one says it is delivered.
  await expect.poll(async () => (await lastMailTo(shopper.email)).includes(`Subject: Your Haat order #${number} is delivered`)).toBe(true);

  await open(page, `/orders/${orderId}`, hasJs);
  await expect(page.getByRole("status").filter({ hasText: /^Delivered$/ })).toBeVisible();
  // The shopper's invoice is the one issued, the same number.
  const shopperInvoice = pdfLayoutText(await (await page.request.get((await page.getByRole("link", { name: "Invoice (PDF)" }).getAttribute("href"))!)).body());
  expect(shopperInvoice).toContain(/Invoice number: (HT\/\d\d-\d\d\/\d{7})/.exec(invoiceText)![0]);
  const progress = page.getByRole("list", { name: "Order progress" });
  await expect(progress.getByRole("listitem").last()).toHaveAttribute("aria-current", "step");
  await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0);

  // Buy again: the delivered order's lines go back into the cart.
  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL(/\/addtocart$/);
  await expectToast(page, "The items are in your cart.", hasJs);

  // The shopper reviews what was delivered, from the order's page, once.
  await open(page, `/orders/${orderId}`, hasJs);
  await page.getByRole("link", { name: `Write a review of ${item.title}` }).click();
  const productAt = await productPath(page.request, item.title);
  await expect(page).toHaveURL(new RegExp(`${productAt}\\?tab=reviews`));
  const body = `Fine and fresh, ground well (${hasJs ? "js" : "no-js"} ${orderId}).`;
  const form = page.getByRole("region", { name: "Write a review" });
  await form.getByRole("radio", { name: "4 stars" }).check();
  await form.getByRole("textbox", { name: "Your review (optional)" }).fill(body);
  await form.getByRole("button", { name: "Submit review" }).click();
  await expectToast(page, "Thank you for your review.", hasJs);
  const mine = page.getByRole("article").filter({ hasText: body });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Reviews \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText("You have reviewed this product. Thank you!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Write a review" })).toHaveCount(0);

  // Staff hide it: it leaves the product's page.
  const staffAgain = await staffPage(browser, hasJs, baseURL!);
  await open(staffAgain, "/staff/reviews", hasJs);
  const listed = staffAgain.getByRole("listitem").filter({ hasText: body });
  await listed.getByRole("button", { name: /^Hide the review by / }).click();
  await expectToast(staffAgain, "Review hidden.", hasJs);
  await expect(listed.getByText("Hidden", { exact: true })).toBeVisible();
  await staffAgain.context().close();
  await open(page, `${productAt}?tab=reviews`, hasJs);
  await expect(page.getByRole("navigation", { name: "Product information tabs" })).toBeVisible();
  await expect(page.getByText(body)).toHaveCount(0);
});

test("an item refused at the door gets a credit note beside the invoice (decision 065)", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: item.variants[0]!.internal_reference, quantity: "2" })).status()).toBe(303);
  expect(
    (
      await post("/revieworder", { intent: "add-address", firstName: "Neha", lastName: "Gupta", email: "neha@example.in", phone: "9876501234", street: "9 MG Road", zip: "122002" })
    ).status(),
  ).toBe(303);
  const review = await (await page.request.get("/revieworder")).text();
  const cartId = /name="cart_id" value="(\d+)"/.exec(review)![1]!;
  const addressId = /name="address_id" value="(\d+)"/.exec(review)![1]!;
  expect((await post("/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot: firstSlot(review) })).status()).toBe(303);
  const orderId = Number(cartId);
  const number = await orderNumber(page.request, orderId);

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, `/staff/orders/${orderId}`, hasJs);
  for (const next of ["Confirmed", "Packed", "Out for delivery"]) {
    await staff.getByRole("button", { name: `Mark order #${number} ${next}` }).click();
    await expectToast(staff, `Order #${number} is now ${next}.`, hasJs);
  }
  await staff.getByRole("spinbutton", { name: `Taken back of ${item.title}` }).fill("1");
  await staff.getByRole("button", { name: `Take back: ${item.title}` }).click();
  await expectToast(staff, `Order #${number}: items taken back, credit note CN/`, hasJs);
  await expect(staff.getByRole("link", { name: /^Credit note CN\/\d\d-\d\d\/\d{7} \(PDF\)$/ })).toBeVisible();
  await staff.context().close();

  await open(page, `/orders/${orderId}`, hasJs);
  const note = page.getByRole("link", { name: /^Credit note CN\/\d\d-\d\d\/\d{7} \(PDF\)$/ });
  await expect(note).toBeVisible();
  await expect(page.getByRole("link", { name: "Invoice (PDF)" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Changes to this order" })).toContainText("Taken back:");
  const text = pdfLayoutText(await (await page.request.get((await note.getAttribute("href"))!)).body());
  expect(text).toContain("CREDIT NOTE");
  expect(text).toMatch(/Against tax invoice: HT\/\d\d-\d\d\/\d{7}/);
  expect(text).toContain(`Order number: #${number}`);
});

test("staff set a slot's capacity and the PINs served, and shoppers see it", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/delivery", hasJs);
  await expect(staff.getByRole("heading", { name: "Slots and PINs" })).toBeVisible();
  // The third day's morning (js) or afternoon (no-js): no other journey chooses them.
  const slot = { date: slotDates(new Date())[2]!, kind: hasJs ? ("morning" as const) : ("afternoon" as const) };
  const capacity = staff.getByRole("textbox", { name: `Capacity of ${slotLabel(slot)}` });
  await capacity.fill("0");
  await staff.getByRole("button", { name: `Set the capacity of ${slotLabel(slot)}` }).click();
  await expectToast(staff, "Capacity set to 0.", hasJs);

  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: item.variants[0]!.internal_reference })).status()).toBe(303);
  await open(page, "/revieworder", hasJs);
  const day = page.getByRole("group", { name: slotDayLabel(slot) });
  const full = day.getByRole("radio", { name: `${SLOTS[slot.kind].label} (full)` });
  await expect(full).toBeDisabled();

  // PINs outside the demo's list (Gurugram district): Tauru and Nuh, in Nuh district.
  const pin = hasJs ? "122105" : "122107";
  await staff.getByRole("textbox", { name: "PIN code" }).fill(pin);
  await staff.getByRole("textbox", { name: "Area" }).fill("Nuh");
  await staff.getByRole("button", { name: "Add PIN" }).click();
  await expectToast(staff, `PIN ${pin} added.`, hasJs);
  await open(page, `/addtocart?pin=${pin}`, hasJs);
  await expect(page.getByText(`Good news: we deliver to PIN ${pin}.`)).toBeVisible();
  await staff.getByRole("button", { name: `Remove PIN ${pin}` }).click();
  await expectToast(staff, `PIN ${pin} removed.`, hasJs);
  await open(page, `/addtocart?pin=${pin}`, hasJs);
  await expect(page.getByText(`We do not deliver to PIN ${pin} yet.`, { exact: false })).toBeVisible();

  // Back as it was, for the journeys that follow.
  await open(staff, "/staff/delivery", hasJs);
  await staff.getByRole("textbox", { name: `Capacity of ${slotLabel(slot)}` }).fill("40");
  await staff.getByRole("button", { name: `Set the capacity of ${slotLabel(slot)}` }).click();
  await expectToast(staff, "Capacity set to 40.", hasJs);
  await staff.context().close();
});

test("staff answer a ticket; the sender reads the answer on the ticket's page and in the mail", async ({ page, hasJs, shopper, baseURL, browser }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  const subject = `Hamper for Diwali ${hasJs ? "js" : "no-js"} ${Date.now()}`;
  await open(page, "/contact", hasJs);
  const form = page.getByRole("region", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill(shopper.name);
  await form.getByLabel("Email", { exact: true }).fill(shopper.email);
  await form.getByLabel("Subject", { exact: true }).fill(subject);
  await form.getByLabel("Message", { exact: true }).fill("Can you pack 20 hampers for our office?");
  await form.getByRole("button", { name: "Send message" }).click();
  if (hasJs) await page.getByRole("link", { name: "View ticket" }).click();
  await expect(page.getByRole("heading", { name: /^Ticket HAAT-T-\d{6}$/ })).toBeVisible();
  const ticketUrl = page.url();

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/tickets", hasJs);
  await staff.getByRole("link", { name: new RegExp(subject) }).click();
  await staff.getByRole("textbox", { name: "Answer" }).fill("Yes: we can pack 20 hampers by Friday.");
  await staff.getByRole("button", { name: "Send answer" }).click();
  await expectToast(staff, `Answer sent to ${shopper.email}.`, hasJs);
  await staff.getByRole("button", { name: "Close ticket" }).click();
  await expectToast(staff, "Ticket closed.", hasJs);
  await expect(staff.getByRole("link", { name: new RegExp(subject) })).toHaveCount(0);
  await staff.context().close();

  await page.goto(ticketUrl);
  await expect(page.getByRole("region", { name: "Our answer" })).toContainText("Yes: we can pack 20 hampers by Friday.");
  await expect(page.getByText(/Status: Closed/)).toBeVisible();
  await expect.poll(async () => (await lastMailTo(shopper.email)).includes("Yes: we can pack 20 hampers by Friday.")).toBe(true);
});
