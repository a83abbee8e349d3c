// The staff's morning (issue 46), with and without JavaScript (this file runs in both projects):
// an order two days ahead found by the shopper's phone, on a 360 px phone and a desk; an order
// with tomatoes refused Out for delivery until they are weighed; a slot's slips and pick list; and staff pages that are staff
// pages, their own header and no shopper footer, fitting a 360 px screen.
import { slotDayLabel, slotLabel, type SlotKind } from "../../app/domain/delivery.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { expect, expectToast, fitsScreen, open, orderNumber, product, STAFF_PAGES, staffPage, test } from "./support.ts";

const tomatoes = product("Aravalli Farms Desi Tomatoes");

test("staff find an order two days ahead by phone, and it leaves only once weighed", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  // A phone no other journey uses, written as a shopper types it.
  const digits = `98${String(Date.now()).slice(-8)}`;
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: tomatoes.variants[0]!.internal_reference })).status()).toBe(303);
  await post("/revieworder", { intent: "add-address", firstName: "Meena", lastName: "Sharma", email: "meena@example.in", phone: digits, street: "12 Sohna Road", zip: "122018" });
  const review = await (await page.request.get("/revieworder")).text();
  const cartId = /name="cart_id" value="(\d+)"/.exec(review)![1]!;
  const addressId = /name="address_id" value="(\d+)"/.exec(review)![1]!;
  // The day after tomorrow: the second day Review Order offers.
  const offered = [...review.matchAll(/<input type="radio"[^>]*name="slot"[^>]*>/g)].map((m) => m[0]).filter((input) => !input.includes("disabled"));
  const values = offered.map((input) => /value="([^"]+)"/.exec(input)![1]!);
  const days = [...new Set(values.map((v) => v.split("/")[0]!))];
  // Each project its own slot of that day: their pick lists' ticks never meet.
  const thatDay = values.filter((v) => v.startsWith(`${days[1]}/`));
  const slot = (hasJs ? thatDay[0] : thatDay.at(-1))!;
  expect((await post("/revieworder", { intent: "place", cart_id: cartId, address_id: addressId, slot })).status()).toBe(303);
  const number = await orderNumber(page.request, cartId);

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const staff = await staffPage(browser, hasJs, baseURL!, { viewport });
    await open(staff, "/staff/orders", hasJs);
    await staff.getByRole("searchbox", { name: "Find an order" }).fill(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    await staff.getByRole("button", { name: "Find" }).click();
    await expect(staff.getByRole("heading", { name: /^Orders matching / })).toBeVisible();
    const row = staff.getByRole("listitem").filter({ has: staff.getByRole("link", { name: `Order #${number}`, exact: true }) });
    await expect(row.getByText(`Meena Sharma, ${digits}, 122018`)).toBeVisible();
    // Under its day's slot, two days ahead.
    await expect(staff.getByRole("region", { name: new RegExp(`^${slotDayLabel({ date: days[1]!, kind: "morning" })}`) })).toBeVisible();
    expect((await fitsScreen(staff)).overflow).toBeLessThanOrEqual(0);
    await staff.context().close();
  }

  const staff = await staffPage(browser, hasJs, baseURL!);
  // That day's slot prints its slips in one go: one PDF, read back as a person would.
  await open(staff, `/staff/orders?day=${days[1]}`, hasJs);
  const slotName = slotLabel({ date: days[1]!, kind: slot.split("/")[1] as SlotKind });
  const slips = await staff.getByRole("link", { name: `Packing slips of ${slotName} (PDF)` }).getAttribute("href");
  const pdf = await staff.request.get(slips!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfLayoutText(await pdf.body());
  expect(text).toContain(`Order #${number}`);
  expect(text).toContain("Meena Sharma");
  expect(text).toContain(`Delivery slot: ${slotName}`);
  // Its pick list: the tomatoes with their estimate, ticked as picked with a plain form.
  await staff.getByRole("link", { name: `Pick list of ${slotName}` }).click();
  await expect(staff.getByRole("heading", { name: `Pick list: ${slotName}` })).toBeVisible();
  const item = `${tomatoes.title} (${tomatoes.variants[0]!.attribute})`;
  const pickRow = staff.getByRole("row", { name: new RegExp(item.replace(/[()]/g, "\\$&")) });
  // Other journeys may have ordered tomatoes for this slot too: the sum is theirs and this one's.
  await expect(pickRow).toContainText(/about \d+(\.\d+)? k?g, weigh each/);
  const tick = pickRow.getByRole("button", { name: `Picked: ${item}` });
  // A retried run finds its own tick: taken back first.
  if ((await tick.getAttribute("aria-pressed")) === "true") {
    await tick.click();
    await expectToast(staff, `${item} is to pick again.`, hasJs);
  }
  await tick.click();
  await expectToast(staff, `${item} ticked as picked.`, hasJs);
  await expect(staff.getByRole("button", { name: `Picked: ${item}`, pressed: true })).toBeVisible();
  await open(staff, `/staff/orders/${cartId}`, hasJs);
  for (const next of ["Confirmed", "Packed"]) {
    await staff.getByRole("button", { name: `Mark order #${number} ${next}` }).click();
    await expectToast(staff, `Order #${number} is now ${next}.`, hasJs);
  }
  await staff.getByRole("button", { name: `Mark order #${number} Out for delivery` }).click();
  await expectToast(staff, `Order #${number} cannot leave unweighed: enter what ${tomatoes.title} weighed under “Weigh before it leaves”, then mark it Out for delivery.`, hasJs);
  await open(staff, `/staff/orders/${cartId}`, hasJs);
  await expect(staff.getByRole("button", { name: `Mark order #${number} Out for delivery` })).toBeVisible();
  await staff.getByRole("spinbutton", { name: `Weight packed of ${tomatoes.title} (g)` }).fill("500");
  await staff.getByRole("button", { name: "Save weights" }).click();
  await expect(staff.getByText("Weighed 500 g")).toBeVisible();
  await staff.getByRole("button", { name: `Mark order #${number} Out for delivery` }).click();
  await expectToast(staff, `Order #${number} is now Out for delivery.`, hasJs);
  await staff.context().close();
});

test("staff pages have the staff's own header and no shopper footer, and fit a 360 px screen", async ({ hasJs, baseURL, browser }) => {
  const staff = await staffPage(browser, hasJs, baseURL!, { viewport: { width: 360, height: 740 } });
  const problems: string[] = [];
  for (const path of STAFF_PAGES) {
    await open(staff, path, hasJs);
    await expect(staff.getByRole("navigation", { name: "Staff" })).toBeVisible();
    await expect(staff.getByText("Signed in as Store Staff")).toBeVisible();
    await expect(staff.getByRole("button", { name: "Log Out" })).toBeVisible();
    // Not the shopper's: no cart, no search of the catalogue, no newsletter or 'Get the app' footer.
    await expect(staff.getByRole("contentinfo")).toHaveCount(0);
    await expect(staff.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
    const { overflow, wider } = await fitsScreen(staff);
    if (overflow > 0) problems.push(`${path}: scrolls ${overflow} px sideways: ${wider.join(", ")}`);
  }
  expect(problems).toEqual([]);
  // A staff page that is not there says so inside the staff's own header, menu and all.
  for (const path of ["/staff/orders/999999999", "/staff/no-such-page"]) {
    await open(staff, path, hasJs);
    await expect(staff.getByRole("heading", { name: "That Page Can't Be Found" })).toBeVisible();
    await expect(staff.getByRole("navigation", { name: "Staff" })).toBeVisible();
  }
  await staff.getByRole("button", { name: "Log Out" }).click();
  await expect(staff).toHaveURL(/\/$/);
  await staff.context().close();
});
