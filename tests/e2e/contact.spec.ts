// Contact tickets and the newsletter (issue 5), with and without JavaScript.
import type { Page } from "@playwright/test";
import { clientAddress, expect, lastMailTo, newShopper, open, test } from "./support.ts";

function form(page: Page) {
  return page.getByRole("region", { name: "Send us a message" });
}

async function fill(page: Page, values: Partial<Record<"Name" | "Email" | "Subject" | "Message", string>>) {
  for (const [label, value] of Object.entries(values)) await form(page).getByLabel(label, { exact: true }).fill(value);
}

test.describe("contact", () => {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  });

  test("the checks come in the spec's order, one at a time", async ({ page, hasJs }) => {
    await open(page, "/contact", hasJs);
    const send = form(page).getByRole("button", { name: "Send message" });
    if (hasJs) {
      // With JavaScript Send waits for every required field.
      await expect(send).toBeDisabled();
      await fill(page, { Name: "Asha", Email: "not-an-email", Subject: "Hamper", Message: "Hello" });
      await expect(send).toBeEnabled();
      await send.click();
      await expect(form(page).getByRole("alert")).toHaveText("Valid email is required");
      return;
    }
    const steps: [Partial<Record<"Name" | "Email" | "Subject" | "Message", string>>, string][] = [
      [{}, "Name is required"],
      [{ Name: "Asha", Email: "not-an-email" }, "Valid email is required"],
      [{ Name: "Asha", Email: "asha@example.in" }, "Subject is required"],
      [{ Name: "Asha", Email: "asha@example.in", Subject: "Hamper" }, "Message is required"],
    ];
    for (const [values, message] of steps) {
      await page.goto("/contact");
      await fill(page, values);
      await form(page).getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("alert").first()).toHaveText(message);
    }
  });

  test("a ticket is created and only its sender can open it", async ({ page, hasJs, browser, baseURL }) => {
    await open(page, "/contact", hasJs);
    await fill(page, { Name: "Asha", Email: "asha@example.in", Subject: "Diwali hamper", Message: "Can you deliver 20 hampers on the 2nd?" });
    await form(page).getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(/^Thanks! Ticket created: HAAT-T-\d{6}\./).first()).toBeVisible();
    if (hasJs) await page.getByRole("link", { name: "View ticket" }).click();
    await expect(page.getByRole("heading", { name: /^Ticket HAAT-T-\d{6}$/ })).toBeVisible();
    await expect(page.getByText("Can you deliver 20 hampers on the 2nd?")).toBeVisible();
    const link = new URL(page.url());
    expect(link.searchParams.get("key")).toBeTruthy();

    const stranger = await browser.newContext({ baseURL });
    expect((await stranger.request.get(link.pathname)).status()).toBe(404);
    expect((await stranger.request.get(`${link.pathname}?key=wrong`)).status()).toBe(404);
    expect((await stranger.request.get(link.pathname + link.search)).status()).toBe(200);
    await stranger.close();
  });

  test("a signed-in customer's ticket is theirs, without a key", async ({ page, hasJs, shopper: _signedIn, browser, baseURL }) => {
    await open(page, "/contact", hasJs);
    await fill(page, { Name: "Asha", Email: "asha@example.in", Subject: "Order question", Message: "Where is my order?" });
    await form(page).getByRole("button", { name: "Send message" }).click();
    if (hasJs) await page.getByRole("link", { name: "View ticket" }).click();
    await expect(page.getByRole("heading", { name: /^Ticket HAAT-T-\d{6}$/ })).toBeVisible();
    const path = new URL(page.url()).pathname;
    expect(new URL(page.url()).search).toBe("");
    const other = await browser.newContext({ baseURL });
    const s = newShopper();
    await other.request.post("/signup", { form: { ...s }, headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress() }, maxRedirects: 0 });
    expect((await other.request.get(path)).status()).toBe(404);
    await other.close();
  });
});

test.describe("newsletter", () => {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
  });

  test("empty, subscribed, twice, confirmed from the first mail, then unsubscribed from the welcome's link", async ({ page, hasJs }) => {
    const email = newShopper().email;
    const footer = page.getByRole("contentinfo");
    const box = footer.getByRole("textbox", { name: "Email address for the newsletter" });
    await open(page, "/contact", hasJs);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Please enter an email address.")).toBeVisible();
    for (let i = 0; i < 2; i++) {
      await box.fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByText("You’ve been subscribed!")).toBeVisible();
      await expect(box).toHaveValue("");
      if (!hasJs) await expect(page).toHaveURL(/\/contact$/);
    }
    // Double opt-in: the first mail only asks; nothing is subscribed until its page is confirmed.
    const ask = await lastMailTo(email);
    expect(ask).toContain("Subject: Please confirm your Haat newsletter subscription");
    const confirm = /(http\S+\/newsletter\/confirm\?token=\S+)/.exec(ask)![1]!;
    await open(page, new URL(confirm).pathname + new URL(confirm).search, hasJs);
    await expect(page.getByText(`Send the Haat newsletter to ${email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByText("Your subscription is confirmed.")).toBeVisible();

    await expect.poll(async () => (await lastMailTo(email)).includes("/newsletter/unsubscribe?token=")).toBe(true);
    const mail = await lastMailTo(email);
    const link = /(http\S+\/newsletter\/unsubscribe\?token=\S+)/.exec(mail)![1]!;
    await open(page, new URL(link).pathname + new URL(link).search, hasJs);
    await expect(page.getByText(`Stop sending the Haat newsletter to ${email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
  });
});
