// The staff's coupons and newsletter export (issue 14), with and without JavaScript: staff
// create a coupon and a shopper applies it; switched off, it is refused; staff edit its limits;
// staff download the subscriber list; a shopper is answered 404 on all of it.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { clientAddress, expect, expectToast, lastMailTo, newShopper, open, product, staffPage, test } from "./support.ts";

const item = product("Haat Select Jowar Flour");

/** A code no other journey, project or run uses (js and no-js run side by side on one server). */
function uniqueCode(prefix: string, hasJs: boolean): string {
  return `${prefix}-${hasJs ? "JS" : "NOJS"}-${Date.now().toString(36).toUpperCase()}`;
}

/** The coupons table's row of a code. */
function couponRow(staff: Page, code: string) {
  return staff.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: code, exact: true }) });
}

/** Creates a coupon from the New coupon form and waits for its row. */
async function createCoupon(staff: Page, hasJs: boolean, coupon: { code: string; kind: "percent" | "flat"; value: string }) {
  const form = staff.getByRole("region", { name: "New coupon" });
  await form.getByRole("textbox", { name: "Code", exact: true }).fill(coupon.code);
  await form.getByRole("combobox", { name: "Kind" }).selectOption(coupon.kind);
  await form.getByRole("textbox", { name: "Discount", exact: true }).fill(coupon.value);
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expectToast(staff, `Coupon ${coupon.code.toUpperCase()} created.`, hasJs);
  await expect(couponRow(staff, coupon.code.toUpperCase())).toBeVisible();
}

/** The cart's answer to a refused coupon: a toast with JavaScript, the page's own message without. */
async function expectRefused(page: Page, message: string) {
  const toast = page.getByRole("alert").filter({ hasText: message });
  await expect(toast.or(page.getByText(message, { exact: true })).first()).toBeVisible();
}

async function addToCart(page: Page, baseURL: string) {
  const added = await page.request.post("/cart", { form: { intent: "add", internal_reference: item.variants[0]!.internal_reference }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(added.status()).toBe(303);
}

test("staff create a coupon and a shopper applies it; switched off, the shopper is refused", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const code = uniqueCode("CART", hasJs);
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/coupons", hasJs);
  await expect(staff.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await expect(staff.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Coupons" })).toBeVisible();

  // Each field says what is wrong with it; the code may be typed in any case.
  const form = staff.getByRole("region", { name: "New coupon" });
  await form.getByRole("textbox", { name: "Code", exact: true }).fill(code.toLowerCase());
  await form.getByRole("textbox", { name: "Description", exact: true }).fill("E2E: 20% off everything");
  await form.getByRole("combobox", { name: "Kind" }).selectOption("percent");
  await form.getByRole("textbox", { name: "Discount", exact: true }).fill("150");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(form.getByText("A percent discount is at most 100.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Code", exact: true })).toHaveValue(code.toLowerCase());
  await form.getByRole("textbox", { name: "Discount", exact: true }).fill("20");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expectToast(staff, `Coupon ${code} created.`, hasJs);
  const row = couponRow(staff, code);
  await expect(row).toContainText("20% off");
  await expect(row.getByRole("cell", { name: "On", exact: true })).toBeVisible();

  // A taken code is said on its field, and nothing is made.
  await form.getByRole("textbox", { name: "Code", exact: true }).fill("welcome10");
  await form.getByRole("textbox", { name: "Discount", exact: true }).fill("5");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(form.getByText("A coupon with the code WELCOME10 already exists.")).toBeVisible();
  await expect(couponRow(staff, "WELCOME10")).toContainText("10% off, up to ₹200");

  // The shopper applies it on the cart page.
  await addToCart(page, baseURL!);
  await open(page, "/addtocart", hasJs);
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("button", { name: `Remove coupon ${code}` })).toBeVisible();

  // Switched off: the cart that held it loses it, and applying it again is refused.
  await row.getByRole("button", { name: `Switch off coupon ${code}` }).click();
  await expectToast(staff, `Coupon ${code} switched off.`, hasJs);
  await expect(couponRow(staff, code).getByRole("cell", { name: "Off", exact: true })).toBeVisible();
  await expect(couponRow(staff, code).getByRole("button", { name: `Switch on coupon ${code}` })).toBeVisible();
  await staff.context().close();

  await open(page, "/addtocart", hasJs);
  await expect(page.getByText("Your coupon was removed: Invalid coupon code")).toBeVisible();
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expectRefused(page, "Invalid coupon code");
  await expect(page.getByRole("button", { name: `Remove coupon ${code}` })).toHaveCount(0);
});

test("staff edit a coupon's limits and dates, and the shopper's cart is held to them", async ({ page, hasJs, shopper: _signedIn, baseURL, browser }) => {
  const code = uniqueCode("EDIT", hasJs);
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/coupons", hasJs);
  await createCoupon(staff, hasJs, { code, kind: "flat", value: "50" });
  await expect(couponRow(staff, code)).toContainText("₹50 off");

  await couponRow(staff, code)
    .getByRole("link", { name: `Edit coupon ${code}` })
    .click();
  const edit = staff.getByRole("region", { name: `Edit coupon ${code}` });
  await expect(edit).toBeVisible();
  // A flat coupon has no maximum discount to set.
  await expect(edit.getByRole("textbox", { name: "Maximum discount (₹)" })).toHaveCount(0);
  await edit.getByRole("textbox", { name: "Minimum cart (₹)" }).fill("99999");
  await edit.getByRole("textbox", { name: "Usage limit" }).fill("5");
  await edit.getByLabel("First day").fill("2030-01-10");
  await edit.getByLabel("Last day").fill("2030-01-01");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("The last day cannot be before the first day.")).toBeVisible();
  await expect(edit.getByRole("textbox", { name: "Minimum cart (₹)" })).toHaveValue("99999");
  await edit.getByLabel("First day").fill("");
  await edit.getByLabel("Last day").fill("");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expectToast(staff, `Coupon ${code} saved.`, hasJs);
  await expect(staff.getByRole("region", { name: `Edit coupon ${code}` })).toHaveCount(0);
  const row = couponRow(staff, code);
  await expect(row.getByRole("cell", { name: "₹99,999", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "5", exact: true })).toBeVisible();
  await staff.context().close();

  await addToCart(page, baseURL!);
  await open(page, "/addtocart", hasJs);
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expectRefused(page, "This coupon needs a cart of at least ₹99,999.");
  await expect(page.getByRole("button", { name: `Remove coupon ${code}` })).toHaveCount(0);
});

test("staff download the newsletter's confirmed subscribers as CSV", async ({ page, hasJs, baseURL, browser }) => {
  // A confirmed subscriber: the footer's form, then the mailed link.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  const email = newShopper().email;
  await open(page, "/contact", hasJs);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address for the newsletter" }).fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You’ve been subscribed!")).toBeVisible();
  const link = new URL(/(http\S+\/newsletter\/confirm\?token=\S+)/.exec(await lastMailTo(email))![1]!);
  await open(page, link.pathname + link.search, hasJs);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByText("Your subscription is confirmed.")).toBeVisible();

  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/newsletter", hasJs);
  await expect(staff.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expect(staff.getByRole("status").filter({ hasText: /^[\d,]+ confirmed subscribers?$/ })).toBeVisible();
  const [download] = await Promise.all([staff.waitForEvent("download"), staff.getByRole("link", { name: "Download subscribers (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^haat-newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("email,subscribed_at,status");
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${email.replace(/[.+]/g, "\\$&")},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,confirmed$`)));

  const response = await staff.request.get("/staff/newsletter.csv");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="haat-newsletter-subscribers-/);
  expect(response.headers()["cache-control"]).toContain("no-store");
  await staff.context().close();
});

test("a shopper is answered 404 on the coupons, the newsletter page and its CSV", async ({ page, shopper: _signedIn, baseURL, browser }) => {
  for (const path of ["/staff/coupons", "/staff/coupons?edit=1", "/staff/newsletter", "/staff/newsletter.csv"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain("subscribed_at");
  }
  // A post, well formed or not, finds nothing there either.
  const posts: Record<string, string>[] = [{ intent: "create", code: "SNEAKY", kind: "flat", value: "500" }, { intent: "switch-off", coupon: "1" }, { intent: "create" }];
  for (const form of posts) {
    const post = await page.request.post("/staff/coupons", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(post.status(), JSON.stringify(form)).toBe(404);
  }
  const anonymous = await browser.newContext({ baseURL });
  for (const path of ["/staff/coupons", "/staff/newsletter.csv"]) expect((await anonymous.request.get(path)).status(), path).toBe(404);
  await anonymous.close();
});
