// Sign up, sign in, sign out and a password reset, with and without JavaScript.
import { clientAddress, expect, expectToast, headerToggle, lastMailTo, newShopper, open, test } from "./support.ts";

test.describe("accounts", () => {
  test("sign up, then log out from the account menu", async ({ page, hasJs, context }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    const shopper = newShopper();
    // Signing up from a page comes back to it (issue 41), not to an empty cart.
    await open(page, "/products?category=grocers-pick", hasJs);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await page.getByLabel("Name").fill(shopper.name);
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Phone").fill(shopper.phone);
    // A refused post keeps where to come back to.
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/products" && url.searchParams.get("category") === "grocers-pick");
    await expect(page.getByText(`Welcome, ${shopper.name}!`)).toBeVisible();

    await headerToggle(page, "Account menu").click();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "You have been signed out.", hasJs);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("sign-up opened on its own ends on the home page, not an empty cart (issue 41)", async ({ page, hasJs, context }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    const shopper = newShopper();
    await open(page, "/signup", hasJs);
    await page.getByLabel("Name").fill(shopper.name);
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Phone").fill(shopper.phone);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    // A toast on home lives 1.5 s: without JavaScript it may have faded by a slow check.
    await expectToast(page, `Welcome, ${shopper.name}!`, hasJs);
  });

  test("sign-up refuses bad input with the spec's messages and a taken e-mail", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    await open(page, "/signup", hasJs);
    await page.getByLabel("Name").fill("Someone");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Phone").fill("12345");
    await page.getByLabel("Password").fill("longenough");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Enter a valid 10-digit phone number")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(shopper.email.toUpperCase());
    await page.getByLabel("Phone").fill("9876543210");
    await page.getByLabel("Password").fill("longenough");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this e-mail already exists. Sign in instead.")).toBeVisible();
  });

  test("sign in returns to a same-origin return_to, and never to another site", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await open(page, "/signin?return_to=/wishlist", hasJs);
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That e-mail and password do not match an account." })).toBeVisible();
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole("heading", { name: "Your Wishlist" })).toBeVisible();

    // Signed in, /signin goes straight on; another origin is not a place to go.
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example", "/.//evil.example", "/%2e//evil.example"]) {
      await page.goto(`/signin?return_to=${encodeURIComponent(evil)}`);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/addtocart$/);
    }
  });

  test("forgot password: the code from the outbox sets a new password", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    await open(page, "/forgot-password", hasJs);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Enter your email")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("If an account exists for that e-mail, we have sent it a 6-digit code.")).toBeVisible();
    const mail = await lastMailTo(shopper.email, "Your Haat password reset code");
    const code = /code to reset your Haat password is (\d{6})/.exec(mail)![1]!;

    await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
    await page.getByLabel("New password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Invalid OTP")).toBeVisible();
    await page.getByLabel("6-digit code").fill(code);
    await page.getByLabel("New password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText("Your password has been changed. Please sign in.")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/addtocart$/);
  });

  test("a new account confirms its e-mail by the mailed link, signed in", async ({ page, hasJs, shopper, browser, baseURL }) => {
    await open(page, "/myaccount", hasJs);
    await expect(page.getByText(`Please confirm your e-mail address. We sent a link to ${shopper.email}.`)).toBeVisible();
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expectToast(page, `We have sent a new confirmation link to ${shopper.email}. It works for 3 days.`, hasJs);
    const link = new URL(/(http\S+\/verify-email\?token=\S+)/.exec(await lastMailTo(shopper.email, "/verify-email?token="))![1]!);

    // Someone else's browser (or a mail scanner) opening the link is asked to sign in, and confirms nothing.
    const stranger = await browser.newContext({ baseURL });
    const seen = await stranger.request.get(link.pathname + link.search, { maxRedirects: 0 });
    expect(seen.status()).toBe(303);
    expect(seen.headers()["location"]).toMatch(/^\/signin\?return_to=/);
    await stranger.close();

    const linkPage = await open(page, link.pathname + link.search, hasJs);
    // The token is a secret: never kept by a cache, never sent on as a referrer.
    expect(linkPage?.headers()["cache-control"]).toBe("private, no-store");
    expect(linkPage?.headers()["referrer-policy"]).toBe("same-origin");
    await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
    await expect(page.getByText(`Confirm that ${shopper.email} is your e-mail address?`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm e-mail address" }).click();
    await expect(page).toHaveURL(/\/myaccount$/);
    await expectToast(page, "Thank you: your e-mail address is confirmed.", hasJs);
    await expect(page.getByText("Please confirm your e-mail address.")).toHaveCount(0);
  });

  test("an unknown e-mail gets the same answer and no mail", async ({ page, hasJs, context }) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    await open(page, "/forgot-password", hasJs);
    await page.getByLabel("Email", { exact: true }).fill("nobody-here@example.test");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("If an account exists for that e-mail, we have sent it a 6-digit code.")).toBeVisible();
  });

  test("repeated wrong passwords are rate limited with a clear message", async ({ page, hasJs, shopper, context }) => {
    await context.clearCookies();
    await open(page, "/signin", hasJs);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Email", { exact: true }).fill(shopper.email);
      await page.getByLabel("Password").fill(`wrong-${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("That e-mail and password do not match an account.")).toBeVisible();
    }
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Too many sign-in attempts. Please wait 15 minutes and try again.")).toBeVisible();
  });

  test("with the local provider no Clerk code is loaded", async ({ page, hasJs }) => {
    test.skip(!hasJs, "without JavaScript no script loads at all");
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.url());
    });
    await open(page, "/signin", hasJs);
    await page.getByLabel("Email", { exact: true }).focus();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /clerk/i.test(u))).toEqual([]);
  });
});
