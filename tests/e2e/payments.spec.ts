// Paying by UPI or card through Razorpay (issue 12), against the Razorpay stand-in the e2e
// server starts (tests/standins/razorpay.ts): without JavaScript through the payment link's
// hosted page, with it through Standard Checkout's modal. Paid, given up, failed and tried
// again, paid with the tab closed, refunded on cancel, and a tampered return refused.
import { expect, expectToast, open, orderNumber, product, productPath, rupees, test } from "./support.ts";
import type { Page } from "@playwright/test";
import { ORDER_MESSAGES } from "../../app/domain/order.ts";

const STANDIN = `http://127.0.0.1:${process.env.E2E_RAZORPAY_PORT}`;
// Each project its own product, so stock taken in one never shows in the other.
const goods = { js: product("Haat Select Chana Dal"), noJs: product("Haat Select Chakki Atta") };

/** A cart with one item, a saved address, `method` chosen and Place order pressed: Review Order. */
async function toReviewOrder(page: Page, hasJs: boolean, baseURL: string, method: "UPI" | "Card") {
  const item = hasJs ? goods.js : goods.noJs;
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect((await post("/cart", { intent: "add", internal_reference: item.variants[0]!.internal_reference })).status()).toBe(303);
  expect((await post("/myaccount/addresses", { intent: "add", name: "Asha Verma", phone: "9876543210", street: "12 Golf Course Road", city: "Gurgaon", zip: "122002" })).status()).toBe(
    303,
  );
  await open(page, "/addtocart", hasJs);
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("checkbox", { name: /I agree to the terms and conditions/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/revieworder$/);
  const summary = page.getByRole("region", { name: "Your order summary" });
  // 5% off for paying online, on the summary and in what is charged.
  const price = item.variants[0]!.price;
  const prepaidPaise = Math.floor((price * 100 * 5) / 100);
  await expect(summary.getByText("Prepaid discount")).toBeVisible();
  await expect(summary.getByText(`Payment: ${method}`)).toBeVisible();
  await expect(summary.getByText(`−${rupees(Math.round(prepaidPaise / 100))}`)).toBeVisible();
  return { item };
}

/** What Razorpay's page or modal shows, and its pay buttons. */
function razorpay(page: Page, hasJs: boolean) {
  return hasJs ? page.frameLocator('iframe[title="Razorpay Checkout"]') : page;
}

test("pays online and lands on Payment Successful; the order is paid, and cancelling it refunds it", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const method = hasJs ? "Card" : "UPI";
  const { item } = await toReviewOrder(page, hasJs, baseURL!, method);
  await page.getByRole("button", { name: "Confirm Order" }).click();
  if (!hasJs) await expect(page).toHaveURL((url) => url.origin === STANDIN && url.pathname.startsWith("/i/"));
  await razorpay(page, hasJs)
    .getByRole("button", { name: `Pay with ${method}` })
    .click();

  await expect(page).toHaveURL(/\/paymentsuccess\?order=\d+$/);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText(`${method} · Paid · Payment ID pay_`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  const orderId = /order=(\d+)/.exec(page.url())![1]!;
  // Paid: placed, with its number (decision 065).
  const number = await orderNumber(page.request, orderId);

  await open(page, "/orders", hasJs);
  const order = page.getByRole("article", { name: `Order #${number}` });
  await expect(order.getByText(`${method} · Paid`)).toBeVisible();
  await expect(order.getByText(item.title)).toBeVisible();
  await order.getByRole("link", { name: "Cancel order" }).click();
  await page.getByRole("button", { name: `Yes, cancel order #${number}` }).click();
  await expectToast(page, `${ORDER_MESSAGES.cancelled} ${ORDER_MESSAGES.refundInitiated}`, hasJs);
  // Razorpay says the refund is processed (its webhook): the order says Refunded.
  await expect(async () => {
    await page.goto("/orders");
    await expect(page.getByRole("article", { name: `Order #${number}` }).getByText(`${method} · Refunded`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("giving up the payment: 'Payment cancelled. Order not placed.', and the cart is as it was", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  const { item } = await toReviewOrder(page, hasJs, baseURL!, "UPI");
  await page.getByRole("button", { name: "Confirm Order" }).click();
  if (hasJs) {
    await razorpay(page, hasJs).getByRole("button", { name: "Close" }).click();
  } else {
    // Razorpay's page does not send the shopper back on leaving: they come back to Review Order.
    await expect(page).toHaveURL((url) => url.origin === STANDIN);
    // The cart page points to the order waiting for its payment.
    await open(page, "/addtocart", hasJs);
    // No number yet: an order takes its number when it is paid for (decision 065).
    await expect(page.getByRole("status").filter({ hasText: "Your order is waiting for your payment." })).toBeVisible();
    await page.getByRole("link", { name: "Complete your payment" }).click();
    await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel payment" }).click();
  }
  await expect(page).toHaveURL(/\/addtocart$/);
  await expectToast(page, "Payment cancelled. Order not placed.", hasJs);
  await expect(page.getByRole("link", { name: item.title }).first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "UPI" })).toBeChecked();
});

test("a failed payment says so, and paying again places the order", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  await toReviewOrder(page, hasJs, baseURL!, "UPI");
  await page.getByRole("button", { name: "Confirm Order" }).click();
  const provider = razorpay(page, hasJs);
  await provider.getByRole("button", { name: "Fail payment" }).click();
  await expect(provider.getByText(/Payment failed/).first()).toBeVisible();
  // Razorpay's own words for the failure, on the shop's page too.
  if (hasJs) await expect(page.getByRole("alert").filter({ hasText: /unsuccessful|failed/i })).toBeVisible();
  await provider.getByRole("button", { name: "Pay with UPI" }).click();
  await expect(page).toHaveURL(/\/paymentsuccess\?order=\d+$/);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
});

test("paid with the tab closed: the webhook places the order, and coming back shows it", async ({ page, hasJs, shopper: _signedIn, baseURL }) => {
  await toReviewOrder(page, hasJs, baseURL!, "UPI");
  await page.getByRole("button", { name: "Confirm Order" }).click();
  // The shopper pays in their UPI app and closes the tab: Razorpay is told, the shop is not.
  if (hasJs) {
    const frame = page.locator('iframe[title="Razorpay Checkout"]');
    await expect(frame).toBeVisible();
    const orderId = new URL((await frame.getAttribute("src"))!).searchParams.get("order_id")!;
    expect((await page.request.post(`${STANDIN}/__standin/pay-order`, { data: { id: orderId, method: "upi", outcome: "success" } })).ok()).toBe(true);
  } else {
    await expect(page).toHaveURL((url) => url.origin === STANDIN);
    const state = (await (await page.request.get(`${STANDIN}/__standin/state`)).json()) as { paymentLinks: { id: string; short_url: string }[] };
    const linkId = state.paymentLinks.find((l) => l.short_url === page.url())!.id;
    expect((await page.request.post(`${STANDIN}/__standin/pay-link`, { data: { id: linkId, method: "upi", outcome: "success" } })).ok()).toBe(true);
  }
  const later = await page.context().newPage();
  await page.close();
  await expect(async () => {
    await later.goto("/orders");
    await expect(later.getByText("UPI · Paid")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("a tampered return is refused and places nothing", async ({ page, hasJs, shopper: _signedIn }) => {
  const forged = new URLSearchParams({
    razorpay_payment_id: "pay_Forged00000001",
    razorpay_payment_link_id: "plink_Forged000001",
    razorpay_payment_link_reference_id: "haat-1-1",
    razorpay_payment_link_status: "paid",
    razorpay_signature: "0".repeat(64),
  });
  await open(page, `/payments/razorpay/callback?${forged}`, hasJs);
  await expect(page).toHaveURL(/\/revieworder$/);
  await expectToast(page, "Payment verification failed.", hasJs);
  await open(page, "/orders", hasJs);
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("the product page offers card and UPI with the prepaid discount the shop gives", async ({ page, hasJs, request }) => {
  await open(page, await productPath(request, goods.js.title), hasJs);
  await expect(page.getByText("pay on delivery, card or UPI with a 5% discount on prepaid orders.")).toBeVisible();
});
