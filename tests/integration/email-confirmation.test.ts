// Confirming a new account's e-mail (issue 25 item 3, decision 047), on PGlite and PostgreSQL:
// sign-up mails the link; only the account's own session with its own live link confirms it;
// a reset code and Clerk prove the mailbox too; and until it is proved, a listed address is not
// staff and `npm run staff` refuses it.
import { TOAST_COOKIE } from "../../app/server/auth/cookies.server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CONFIRMATION_LIFETIME_MS, EMAIL_CONFIRMATION_MESSAGES } from "../../app/domain/account.ts";
import type { FormReply } from "../../app/domain/form-reply.ts";
import { customersOnly, staffOnly } from "../../app/server/access.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { accountForms } from "../../app/server/forms/account.server.ts";
import { rateLimit } from "../../app/server/security/rate-limits.server.ts";
import { createAccounts } from "../../app/server/shop/accounts.server.ts";
import { createShop } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { confirmEmail, mailConfirmationAgain } from "../../app/server/use-cases/email-confirmation.server.ts";
import { signUp } from "../../app/server/use-cases/sign-up.server.ts";
import { targets } from "./databases.ts";
import { confirmationToken, recordingMailer, refusal, routeContext, throughGuard } from "./fixtures.ts";

const ORIGIN = "http://haat.test";

describe.each(targets)("e-mail confirmation on $name", (target) => {
  let database: Database;
  let shop: Shop;
  const mail = recordingMailer();
  let n = 0;

  beforeAll(async () => {
    process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
    database = await target.open();
    shop = createShop(database, 0, { razorpay: null, publicOrigin: ORIGIN, prepaidPercent: 0, staffEmails: ["boss@haat.example"] });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newAccount(email = `shopper-${++n}@example.in`): Promise<{ customer: Customer; token: string }> {
    const customer = await signUp(shop, mail, { name: "Asha", email, phone: "9876543210", password: "password-asha" }, `198.51.100.${++n}`);
    await expect.poll(() => mail.sent.some((m) => m.to === customer.email)).toBe(true);
    const sent = mail.sent.filter((m) => m.to === customer.email).at(-1)!;
    expect(sent.subject).toBe("Please confirm your e-mail address for Haat");
    return { customer, token: confirmationToken(sent.text) };
  }

  /** The link page's button, posted by whoever is signed in (null: nobody), through the customer pages' guard. */
  async function press(who: Customer | null, token: string) {
    const url = new URL(`${ORIGIN}/verify-email`);
    const request = new Request(url, { method: "POST", body: new URLSearchParams({ intent: "confirm-email", token }) });
    const answer = await throughGuard(customersOnly, { request, context: routeContext(shop, who), url }, () =>
      accountForms.confirmEmail.run({ request, context: routeContext(shop, who), url }),
    );
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
    const d = answer as unknown as { data: FormReply; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, location: null, reply: d.data };
  }

  it("mails a new account a link, and confirms it only for that account, signed in, once", async () => {
    const { customer: asha, token } = await newAccount();
    const { customer: ravi } = await newAccount();
    expect(await shop.accounts.emailConfirmed(asha.id)).toBe(false);
    // Signed out: to sign in, and back to the link.
    const signedOut = await press(null, token).catch((e: unknown) => e as Response);
    expect(signedOut.status).toBe(303);
    // Another account cannot use Asha's link, nor Asha a made-up one.
    const other = await press(ravi, token);
    expect([other.status, other.reply?.ok === false && other.reply.error]).toEqual([404, EMAIL_CONFIRMATION_MESSAGES.unknownLink]);
    expect((await press(asha, "x".repeat(43))).status).toBe(404);
    expect(await shop.accounts.emailConfirmed(asha.id)).toBe(false);
    expect(await shop.accounts.emailConfirmed(ravi.id)).toBe(false);

    expect(await press(asha, token)).toEqual({ status: 303, location: "/myaccount" });
    expect(await shop.accounts.emailConfirmed(asha.id)).toBe(true);
    // The link is used: pressing again changes nothing and still says it is confirmed.
    expect(await shop.accounts.confirmEmail(asha.id, token)).toBe(false);
    await confirmEmail(shop, asha, token);
    expect((await mailConfirmationAgain(shop, mail, asha)).message).toBe(EMAIL_CONFIRMATION_MESSAGES.already);
  });

  it("works with the newest link only, and not after its days", async () => {
    let now = Date.now();
    const accounts = createAccounts(database.db, () => now);
    const { customer, token: first } = await newAccount();
    const again = await mailConfirmationAgain(shop, mail, customer);
    expect(again.message).toBe(EMAIL_CONFIRMATION_MESSAGES.sent(customer.email!));
    await again.mailed;
    const newest = confirmationToken(mail.sent.filter((m) => m.to === customer.email).at(-1)!.text);
    expect(newest).not.toBe(first);
    expect(await accounts.confirmEmail(customer.id, first)).toBe(false);
    now += EMAIL_CONFIRMATION_LIFETIME_MS + 1000;
    expect(await accounts.confirmEmail(customer.id, newest)).toBe(false);
    now -= 2000;
    expect(await accounts.confirmEmail(customer.id, newest)).toBe(true);
  });

  it("sends the link again only a few times in a window, each a mail", async () => {
    const { customer } = await newAccount();
    const { limit } = rateLimit("confirmationPerAccount");
    const before = mail.sent.length;
    for (let i = 0; i < limit; i++) await (await mailConfirmationAgain(shop, mail, customer)).mailed;
    expect(mail.sent.length - before).toBe(limit);
    const refused = await refusal(mailConfirmationAgain(shop, mail, customer));
    expect([refused.code, refused.message]).toEqual(["too_many", EMAIL_CONFIRMATION_MESSAGES.tooMany]);
    // The button is on My Account: the form says it there, in a toast (the intent's toastOn).
    const url = new URL(`${ORIGIN}/verify-email`);
    const request = new Request(url, { method: "POST", body: new URLSearchParams({ intent: "send-confirmation" }) });
    const answer = await throughGuard(customersOnly, { request, context: routeContext(shop, customer), url }, () =>
      accountForms.confirmEmail.run({ request, context: routeContext(shop, customer), url }),
    );
    expect(answer).toBeInstanceOf(Response);
    expect([(answer as Response).status, (answer as Response).headers.get("Location")]).toEqual([303, "/myaccount"]);
    expect((answer as Response).headers.getSetCookie().some((c) => c.startsWith(`${TOAST_COOKIE}=`))).toBe(true);
  });

  it("takes a reset code, or Clerk, as proof of the mailbox", async () => {
    const { customer } = await newAccount();
    const reset = (await shop.accounts.requestPasswordReset(customer.email!))!;
    expect(await shop.accounts.resetPassword(customer.email!, reset.code, "a-new-password")).toBe("changed");
    expect(await shop.accounts.emailConfirmed(customer.id)).toBe(true);

    const { customer: linked } = await newAccount();
    await shop.accounts.linkClerkUser({ clerkUserId: `user_${target.name}_1`, email: linked.email!, name: linked.name });
    expect(await shop.accounts.emailConfirmed(linked.id)).toBe(true);
    const created = await shop.accounts.linkClerkUser({ clerkUserId: `user_${target.name}_2`, email: `clerk-${target.name}@example.in`, name: "Clerk" });
    expect(await shop.accounts.emailConfirmed(created.id)).toBe(true);
  });

  it("makes nobody staff by a listed address or the command until the address is confirmed", async () => {
    // Someone signs up first with the address STAFF_EMAILS lists, and cannot read its mail.
    const { customer: squatter, token } = await newAccount("boss@haat.example");
    const url = new URL(`${ORIGIN}/staff`);
    const staffPage = (who: Customer) => throughGuard(staffOnly, { request: new Request(url), context: routeContext(shop, who), url }, async () => "in").catch((e: unknown) => e);
    expect(await shop.staff.isStaff(squatter)).toBe(false);
    expect(((await staffPage(squatter)) as { init: ResponseInit }).init.status).toBe(404);
    expect(await shop.staff.makeStaff(squatter.email!)).toBe("unconfirmed");
    expect(await shop.staff.isStaff(squatter)).toBe(false);
    // The mailbox's owner opens the link (signed in, which only the account's holder can be).
    expect((await press(squatter, token)).status).toBe(303);
    expect(await staffPage(squatter)).toBe("in");
  });
});
