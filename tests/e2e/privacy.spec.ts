// The privacy notice (issue 48 item 1): generated from what the shop holds, in English and Hindi,
// reached from where the shop asks for personal data: sign-up, mobile sign-in and the cart's
// checkout, with and without JavaScript; My Account's consents (item 2), 'Download my data' (item 3)
// and 'Delete my account' (item 4).
import { readFile } from "node:fs/promises";
import { noticeOf } from "../../app/domain/privacy/notice.ts";
import type { Page } from "@playwright/test";
import { clientAddress, expect, expectToast, fitsScreen, hi, lastMailTo, open, product, productPath, staffPage, test } from "./support.ts";

const dal = product("Haat Select Masoor Dal (Malka)");

for (const locale of ["en", "hi"] as const) {
  test(`the privacy notice lists each item of personal data, why, for how long and who else gets it (${locale})`, async ({ page, hasJs }) => {
    const notice = noticeOf(locale);
    await open(page, locale === "hi" ? "/hi/PrivacyPolicy" : "/PrivacyPolicy", hasJs);
    for (const row of notice.rows) {
      const heading = page.getByRole("heading", { level: 3, name: row.what });
      await expect(heading).toBeVisible();
      const item = heading.locator("..");
      await expect(item.getByText(row.why)).toBeVisible();
      await expect(item.getByText(row.kept)).toBeVisible();
      for (const who of row.sharedWith) await expect(item.getByText(who, { exact: false })).toBeVisible();
    }
    const tax = page.getByRole("heading", { level: 3, name: notice.rows.find((r) => r.key === "orders")!.what }).locator("..");
    await expect(tax.getByText(locale === "hi" ? /CGST अधिनियम, धारा 36/ : /CGST Act, section 36/)).toBeVisible();
    await expect(page.getByText(locale === "hi" ? hi("Notice version {version}", { version: notice.version }) : `Notice version ${notice.version}`)).toBeVisible();
  });
}

const noticeLink = (page: Page, name = "How we use your data (Privacy Policy)") => page.getByRole("link", { name });

test("sign-up and mobile sign-in lead to the notice before the data is given, in the page's language", async ({ page, hasJs }) => {
  await open(page, "/signup", hasJs);
  await noticeLink(page).click();
  await expect(page).toHaveURL(/\/PrivacyPolicy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();

  await open(page, "/signin/mobile", hasJs);
  await expect(noticeLink(page)).toHaveAttribute("href", "/PrivacyPolicy");

  await open(page, "/hi/signup", hasJs);
  await noticeLink(page, hi("How we use your data (Privacy Policy)")).click();
  await expect(page).toHaveURL(/\/hi\/PrivacyPolicy$/);
  await expect(page.getByRole("heading", { level: 1, name: "गोपनीयता नीति" })).toBeVisible();
});

test("the cart's checkout leads to the notice", async ({ page, hasJs, request, shopper }) => {
  expect(shopper.email).toBeTruthy();
  await open(page, await productPath(request, dal.title), hasJs);
  await page.getByRole("region", { name: dal.title }).getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("region", { name: dal.title }).getByRole("link", { name: "Go to Cart" })).toBeVisible();
  // The shop's answer, before the next page: going there would cut off the add on its way.
  await expectToast(page, `${dal.title} added to cart!`, hasJs);
  await open(page, "/addtocart", hasJs);
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await noticeLink(page).click();
  await expect(page).toHaveURL(/\/PrivacyPolicy$/);
});

// Issue 48 item 2: each consent listed in My Account, given and withdrawn in one press each, and its history.
for (const locale of ["en", "hi"] as const) {
  const say = (text: string, values?: Record<string, string>) => (locale === "hi" ? hi(text, values) : text.replace(/\{(\w+)\}/g, (_, k: string) => values![k]!));
  const at = (path: string) => (locale === "hi" ? `/hi${path}` : path);

  test(`My Account lists each consent, gives the newsletter by its mailed link and withdraws it in one press (${locale})`, async ({ page, hasJs, shopper }) => {
    await open(page, at("/myaccount"), hasJs);
    await page
      .getByRole("navigation", { name: say("My account") })
      .getByRole("link", { name: say("Data and consents") })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: say("Your data and consents") })).toBeVisible();
    const consents = page.getByRole("list", { name: say("Consents"), exact: true });
    const newsletter = say("The newsletter by e-mail");
    const newsletterState = consents.getByRole("listitem").filter({ hasText: newsletter });
    // Nothing is given until the shopper gives it; the SMS purposes wait for a verified number.
    await expect(consents.getByRole("listitem").filter({ hasText: say("Offers by SMS") })).toContainText(say("Verify a mobile number first"));
    await expect(page.getByText(say("Nothing recorded yet."))).toBeVisible();
    // The newsletter's consent is its address's: not shown, nor given, until the mailbox is proved the account's.
    await expect(consents.getByRole("listitem").filter({ hasText: newsletter })).toContainText(say("Confirm your e-mail address first, with the link we sent to it"));
    await expect(consents.getByRole("button", { name: say("Give consent: {purpose}", { purpose: newsletter }) })).toHaveCount(0);
    const proof = new URL(/(http\S+\/verify-email\?token=\S+)/.exec(await lastMailTo(shopper.email, "/verify-email?token="))![1]!);
    await open(page, at(proof.pathname) + proof.search, hasJs);
    await page.getByRole("button", { name: say("Confirm e-mail address") }).click();
    await expectToast(page, say("Thank you: your e-mail address is confirmed."), hasJs);
    await open(page, at("/myaccount/privacy"), hasJs);
    await expect(newsletterState.getByText(say("Not given"), { exact: true })).toBeVisible();
    await consents.getByRole("button", { name: say("Give consent: {purpose}", { purpose: newsletter }) }).click();
    await expectToast(page, say("We sent you an e-mail: follow its link to start the newsletter."), hasJs);
    await expect(consents.getByRole("listitem").filter({ hasText: newsletter })).toContainText(say("Waiting for you to follow the link we e-mailed"));
    const ask = await lastMailTo(shopper.email, "/newsletter/confirm");
    const confirm = new URL(/(http\S+\/newsletter\/confirm\?token=\S+)/.exec(ask)![1]!);
    expect(confirm.pathname).toBe(at("/newsletter/confirm"));
    await open(page, confirm.pathname + confirm.search, hasJs);
    await page.getByRole("button", { name: say("Confirm subscription") }).click();
    await expect(page.getByText(say("Your subscription is confirmed. Thank you for reading the newsletter!"))).toBeVisible();

    await open(page, at("/myaccount/privacy"), hasJs);
    await expect(newsletterState.getByText(say("Given"), { exact: true })).toBeVisible();
    await consents.getByRole("button", { name: say("Withdraw: {purpose}", { purpose: newsletter }) }).click();
    await expectToast(page, say("Consent withdrawn."), hasJs);
    await expect(newsletterState.getByText(say("Not given"), { exact: true })).toBeVisible();
    // The history, newest first: withdrawn here, given by the mailed link, each under this notice.
    const history = page.getByRole("list", { name: say("History of your consents") }).getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText(`${newsletter} · ${say("Withdrawn")} · ${say("My Account")}`);
    await expect(history.nth(1)).toContainText(`${newsletter} · ${say("Given")} · ${say("The link in our e-mail")}`);
    await expect(history.nth(0)).toContainText(say("Notice of {version}", { version: noticeOf(locale).version }));
  });
}

// Issue 48 item 3: 'Download my data', made in the background, mailed, downloaded once.
for (const locale of ["en", "hi"] as const) {
  const say = (text: string, values?: Record<string, string>) => (locale === "hi" ? hi(text, values) : text.replace(/\{(\w+)\}/g, (_, k: string) => values![k]!));
  const at = (path: string) => (locale === "hi" ? `/hi${path}` : path);

  /** A message with its values unknown (a time, a size), as a pattern of the whole text. */
  const shaped = (text: string) =>
    new RegExp(
      `^${say(text, { time: "\u0000", size: "\u0000" })
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replaceAll("\u0000", ".+")}$`,
    );

  test(`'Download my data' makes a ZIP in the background, mails its link, and hands it over once (${locale})`, async ({ page, hasJs, shopper }) => {
    await open(page, at("/myaccount/privacy"), hasJs);
    const section = page.getByRole("region", { name: say("Download my data") });
    await section.getByRole("button", { name: say("Make my file") }).click();
    await expectToast(page, say("We are making your file. We will e-mail you a link when it is ready, usually within a minute."), hasJs);
    // The mail a person waits for: its link is the file's.
    const mail = await lastMailTo(shopper.email, "/myaccount/privacy/export/");
    const link = new URL(/(http\S+\/myaccount\/privacy\/export\/\d+\?key=\S+)/.exec(mail)![1]!);
    expect(link.pathname).toBe(at(link.pathname.replace(/^\/hi/, "")));
    // With JavaScript the page finds the file ready by itself; without, the shopper reloads.
    if (!hasJs) await open(page, at("/myaccount/privacy"), hasJs);
    const download = section.getByRole("link", { name: shaped("Download my data (ZIP, {size})") });
    await expect(download).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^haat-my-data-\d+\.zip$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    // With JavaScript the button gives way at once; it worked once, so it is gone.
    if (hasJs) await expect(section.getByText(say("Your file is downloading. Its link no longer works: ask for a new file if you need one again."))).toBeVisible();

    // Once: the mailed link now says so.
    await open(page, link.pathname + link.search, hasJs);
    await expect(page).toHaveURL((url) => url.pathname === at("/myaccount/privacy"));
    await expectToast(page, say("This link has been used already: it works once. Ask for a new file in My Account."), hasJs);
    await expect(section.getByRole("status").getByText(shaped("Your last file was downloaded on {time}. Its link no longer works."))).toBeVisible();
  });
}

// Issue 48 item 4: 'Delete my account', with the password, then the e-mail free for a new account.
for (const locale of ["en", "hi"] as const) {
  const say = (text: string) => (locale === "hi" ? hi(text) : text);
  const at = (path: string) => (locale === "hi" ? `/hi${path}` : path);

  test(`'Delete my account' asks the password and a tick, erases the account and signs out (${locale})`, async ({ page, hasJs, shopper, baseURL }) => {
    await open(page, at("/myaccount/privacy"), hasJs);
    const section = page.getByRole("region", { name: say("Delete my account") });
    await section.getByLabel(say("Your password, to confirm")).fill("not-the-password");
    await section.getByRole("checkbox", { name: say("I understand this cannot be undone") }).check();
    await section.getByRole("button", { name: say("Delete my account") }).click();
    await expect(section.getByText(say("That password is not right."))).toBeVisible();

    await section.getByLabel(say("Your password, to confirm")).fill(shopper.password);
    await section.getByRole("checkbox", { name: say("I understand this cannot be undone") }).check();
    await section.getByRole("button", { name: say("Delete my account") }).click();
    await expect(page).toHaveURL((url) => url.pathname === (locale === "hi" ? "/hi" : "/"));
    await expectToast(page, say("Your account is deleted. We keep only the invoiced orders the law requires."), hasJs);

    // Signed out, and the old password opens nothing; the e-mail opens a new account.
    await open(page, at("/myaccount/privacy"), hasJs);
    await expect(page).toHaveURL(/\/signin/);
    const again = await page.request.post("/signup", {
      form: { name: "Back Again", email: shopper.email, phone: "9876543210", password: "a-new-password-1", return_to: "/" },
      headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress() },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
  });
}

// Issue 48 item 6: staff record a breach (a refusal keeps what was typed), send its notices, and
// record the Board's; the shopper gets the mail and finds the notice in My Account, in both
// languages. Item 7: the staff's reads are in the shopper's processing log.
test("staff record a breach and tell the shopper, who reads it in My Account; the reads are in the shopper's log", async ({ page, hasJs, shopper, browser, baseURL }) => {
  const staff = await staffPage(browser, hasJs, baseURL!);
  await open(staff, "/staff/breaches", hasJs);
  await expect(staff.getByRole("heading", { level: 1, name: "Breaches of personal data" })).toBeVisible();
  const form = staff.getByRole("region", { name: "Record a breach" });
  const what = `A copy of the delivery list (${hasJs ? "js" : "no-js"}) was open to anyone with its link.`;
  await form.getByRole("textbox", { name: "What happened" }).fill(what);
  await form.getByRole("textbox", { name: "Where it happened" }).fill("The shop's shared drive");
  await form.getByLabel("When the shop found it").fill("2026-11-29T09:30");
  await form.getByRole("checkbox", { name: "Your name, e-mail address and mobile number" }).check();
  await form.getByRole("radio", { name: "These shoppers" }).check();
  const people = form.getByRole("textbox", { name: "Their e-mails or mobile numbers" });
  await people.fill(`nobody-${Date.now()}@example.test`);
  await form.getByRole("textbox", { name: "What it may mean for them" }).fill("Someone may call claiming to be the shop.");
  await form.getByRole("textbox", { name: "What the shop has done" }).fill("The link was closed within the hour.");
  await form.getByRole("textbox", { name: "What they can do" }).fill("Never share a code with a caller.");
  await form.getByRole("button", { name: "Record the breach" }).click();

  // Nobody has that address: said on its field, and everything typed is still there.
  await expect(form.getByText(/^No account has these e-mails or numbers: nobody-/)).toBeVisible();
  await expect(people).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("textbox", { name: "What happened" })).toHaveValue(what);
  await expect(form.getByRole("checkbox", { name: "Your name, e-mail address and mobile number" })).toBeChecked();
  await expect(form.getByRole("radio", { name: "These shoppers" })).toBeChecked();

  await people.fill(shopper.email);
  await form.getByRole("button", { name: "Record the breach" }).click();
  await expect(staff).toHaveURL(/\/staff\/breaches\/\d+$/);
  await expectToast(staff, /^Breach recorded\./, hasJs);
  await expect(staff.getByRole("heading", { level: 2, name: "The Board's notice" })).toBeVisible();
  await expect(staff.getByRole("textbox", { name: "Draft (English)" })).toHaveValue(/\(b\) Detailed information, due by 2 December 2026 at 9:30 am IST/);

  await staff.getByRole("button", { name: "Send the notices to 1 shopper" }).click();
  await expectToast(staff, "Notices queued for 1 shopper: each is sent by mail and by SMS where the account has them.", hasJs);
  const mail = await lastMailTo(shopper.email, what);
  expect(mail).toContain("Subject: Important: a breach of security at Haat touched your data");
  expect(mail).toContain("What you can do\nNever share a code with a caller.");
  await expect
    .poll(async () => {
      await open(staff, staff.url(), hasJs);
      return staff.getByRole("region", { name: "Sending log" }).getByRole("cell", { name: "Sent", exact: true }).count();
    })
    .toBe(1);

  // The breach's page on a staff member's phone: its drafts and log fit, the log scrolling in its own box.
  await staff.setViewportSize({ width: 360, height: 740 });
  expect((await fitsScreen(staff)).overflow).toBe(0);
  await staff.getByRole("textbox", { name: "The Board's reference, or how it was sent" }).fill("Board's portal, ref 42");
  await staff.getByRole("button", { name: "Record as sent to the Board" }).click();
  await expectToast(staff, "The Board's notice is recorded as sent.", hasJs);
  await expect(staff.getByText(/^Sent .*: Board's portal, ref 42\.$/)).toBeVisible();

  // The shopper's account keeps the notice, in each language.
  await open(page, "/myaccount/privacy", hasJs);
  const notices = page.getByRole("region", { name: "Security notices" });
  await expect(notices.getByRole("heading", { level: 3, name: "Important: a breach of security at Haat touched your data" })).toBeVisible();
  await expect(notices.getByText(what)).toBeVisible();
  // In Hindi, on a 360 px phone: the notice fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, "/hi/myaccount/privacy", hasJs);
  expect((await fitsScreen(page)).overflow).toBe(0);
  await expect(
    page
      .getByRole("region", { name: hi("Security notices") })
      .getByRole("heading", { level: 3, name: hi("Important: a breach of security at {shop} touched your data", { shop: "Haat" }) }),
  ).toBeVisible();

  // The staff member finds the shopper; the search and the opening of the log are in it.
  await open(staff, "/staff/shoppers", hasJs);
  await staff.getByRole("searchbox", { name: "E-mail, mobile number, order number or name" }).fill(shopper.email);
  await staff.getByRole("button", { name: "Find" }).click();
  await staff.getByRole("list", { name: "Shoppers found" }).getByRole("link", { name: shopper.name }).click();
  await expect(staff.getByRole("heading", { level: 1, name: shopper.name })).toBeVisible();
  const log = staff.getByRole("table");
  await expect(log.getByRole("row").filter({ hasText: "processing-log" }).filter({ hasText: "Store Staff" })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ hasText: "search" })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ hasText: "The shop: breach notice" })).toHaveCount(1);
});
