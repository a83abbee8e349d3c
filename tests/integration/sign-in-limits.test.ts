// Rate limits that spare the owner (issue 10 point 8; decision 020), on PGlite and PostgreSQL:
// a known device passes the e-mail's pause, the owner hears of the pause once, a shared
// address never refuses a right password, the e-mail's limit holds under parallel guesses,
// and reset codes are spent after their tries.
import { appEnv } from "../../app/server/env.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "../../app/domain/account.ts";
import { resetPasswordWithCode, sendResetCode, signInWithPassword, type SignInAttempt } from "../../app/server/use-cases/password-sign-in.server.ts";
import type { Database } from "../../app/server/db/client.server.ts";
import { accountForms } from "../../app/server/forms/account.server.ts";
import type { Mailer } from "../../app/server/mail/mailer.server.ts";
import { hitLimit } from "../../app/server/security/rate-limits.server.ts";
import { createLimits } from "../../app/server/shop/limits.server.ts";
import { createShop } from "../../app/server/shop/open.server.ts";
import type { Customer, Shop } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { recordingMailer, routeContext } from "./fixtures.ts";

const PASSWORD = "the-owners-password";
let dataDir: string;

beforeAll(() => {
  // The sign-in form signs its cookies and keeps mail in DATA_DIR/outbox (no SMTP_URL).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-limits-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let unique = 0;
/** An e-mail and a client address of a test's own. */
function fresh() {
  unique++;
  return { email: `owner-${unique}-${Date.now()}@example.in`, address: `198.51.${unique}.${(Date.now() % 250) + 1}` };
}

/** The Shop, with the password checks it is asked for counted. */
function countingChecks(shop: Shop) {
  const counted = { checks: 0 };
  const accounts = {
    ...shop.accounts,
    async authenticate(email: string, password: string) {
      counted.checks++;
      return shop.accounts.authenticate(email, password);
    },
  };
  return { shop: { ...shop, accounts } as Shop, counted };
}

describe.each(targets)("sign-in limits on $name", (target) => {
  let database: Database;
  let shop: Shop;

  beforeAll(async () => {
    database = await target.open();
    shop = createShop(database, 0);
  });
  beforeEach(async () => {
    // Each test starts with no counts, so the addresses tests share do not add up.
    await database.db.execute(sql`delete from rate_limits`);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function owner(): Promise<{ customer: Customer; email: string; address: string }> {
    const { email, address } = fresh();
    const customer = await shop.accounts.register({ name: "Meera", email, phone: "9876500000", password: PASSWORD });
    return { customer, email, address };
  }

  const attempt = (a: Partial<SignInAttempt> & { email: string }): SignInAttempt => ({ password: PASSWORD, clientAddress: "192.0.2.1", device: null, ...a });

  it("five wrong passwords do not lock the owner out of a device that signed in before", async () => {
    const mail = recordingMailer();
    const { customer, email, address } = await owner();
    await shop.accounts.rememberDevice(customer.id, "owners-phone-token");

    for (let i = 0; i < 5; i++) {
      expect(await signInWithPassword(shop, mail, attempt({ email, password: `guess-${i}`, clientAddress: "203.0.113.50" }))).toMatchObject({
        ok: false,
        message: ACCOUNT_MESSAGES.badCredentials,
      });
    }
    // Anywhere else, even with the right password: paused.
    expect(await signInWithPassword(shop, mail, attempt({ email, clientAddress: address }))).toEqual({ ok: false, message: ACCOUNT_MESSAGES.tooManySignIns, tooMany: true });
    // A token this account has not signed in from is no better than none.
    expect(await signInWithPassword(shop, mail, attempt({ email, clientAddress: address, device: "someone-elses-token" }))).toMatchObject({ ok: false, tooMany: true });
    // The owner's phone: the right password signs in, a wrong one is still checked.
    expect(await signInWithPassword(shop, mail, attempt({ email, clientAddress: address, device: "owners-phone-token" }))).toMatchObject({ ok: true, customer: { id: customer.id } });
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "typo", clientAddress: address, device: "owners-phone-token" }))).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.badCredentials,
    });
    // The owner signing in did not lift the pause for the guesser.
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "guess-5", clientAddress: "203.0.113.50" }))).toMatchObject({ ok: false, tooMany: true });
  });

  it("a known device is one account's: it does not pass another account's pause", async () => {
    const mail = recordingMailer();
    const a = await owner();
    const b = await owner();
    await shop.accounts.rememberDevice(a.customer.id, "shared-token");
    for (let i = 0; i < 5; i++) await signInWithPassword(shop, mail, attempt({ email: b.email, password: `guess-${i}` }));
    expect(await signInWithPassword(shop, mail, attempt({ email: b.email, device: "shared-token" }))).toMatchObject({ ok: false, tooMany: true });
    await shop.accounts.rememberDevice(b.customer.id, "shared-token");
    expect(await signInWithPassword(shop, mail, attempt({ email: b.email, device: "shared-token" }))).toMatchObject({ ok: true });
  });

  it("wrong passwords from the owner's device still count toward the e-mail's pause, and have a brake of their own", async () => {
    const mail = recordingMailer();
    const { customer, email } = await owner();
    await shop.accounts.rememberDevice(customer.id, "token-1");
    for (let i = 0; i < 5; i++) await signInWithPassword(shop, mail, attempt({ email, password: `typo-${i}`, device: "token-1" }));
    expect(await signInWithPassword(shop, mail, attempt({ email }))).toMatchObject({ ok: false, tooMany: true });
    // Ten failures from one device: that device is paused too (nobody else can cause this).
    for (let i = 5; i < 10; i++) expect(await signInWithPassword(shop, mail, attempt({ email, password: `typo-${i}`, device: "token-1" }))).toMatchObject({ tooMany: false });
    expect(await signInWithPassword(shop, mail, attempt({ email, device: "token-1" }))).toMatchObject({ ok: false, tooMany: true });
  });

  it("tells the owner once per pause, saying what still works and what to do", async () => {
    const mail = recordingMailer();
    let now = Date.now();
    const clocked = { ...shop, limits: createLimits(database.db, () => now) };
    const { email } = await owner();
    for (let i = 0; i < 4; i++) await signInWithPassword(clocked, mail, attempt({ email, password: `guess-${i}` }));
    expect(mail.sent).toEqual([]);
    await signInWithPassword(clocked, mail, attempt({ email, password: "guess-4" }));
    for (let i = 0; i < 10; i++) await signInWithPassword(clocked, mail, attempt({ email, password: `guess-more-${i}` }));
    // The notice goes after the answer (the answer never waits on mail): wait for it as its reader would.
    await vi.waitFor(() => expect(mail.sent).toHaveLength(1));
    expect(mail.sent[0]).toMatchObject({ to: email, subject: "Sign-ins to your Haat account are paused for 15 minutes" });
    expect(mail.sent[0]!.text).toContain("paused sign-ins to it for 15 minutes");
    expect(mail.sent[0]!.text).toContain("you can still sign in now from a phone or computer you have signed in on before");
    expect(mail.sent[0]!.text).toContain(`If it was not you: someone may be trying to guess your password. Reset it now: ${appEnv().publicOrigin}/forgot-password`);

    // The next window, the next pause: one more mail.
    now += 15 * 60 * 1000 + 1;
    for (let i = 0; i < 7; i++) await signInWithPassword(clocked, mail, attempt({ email, password: `later-${i}` }));
    await vi.waitFor(() => expect(mail.sent).toHaveLength(2));

    // An e-mail with no account gets paused alike, and nobody is mailed.
    const nobody = recordingMailer();
    const stranger = `stranger-${Date.now()}@example.in`;
    for (let i = 0; i < 6; i++) await signInWithPassword(clocked, nobody, attempt({ email: stranger, password: "x" }));
    expect(nobody.sent).toEqual([]);
  });

  it("failures from a shared address never refuse a right password; past the limit, wrong ones are answered 'too many'", async () => {
    const mail = recordingMailer();
    const { email } = await owner();
    const { email: other } = await owner();
    const natAddress = "100.64.12.34";
    // Others behind the same carrier NAT address have failed 100 times.
    for (let i = 0; i < 100; i++) await hitLimit(shop, "signInPerAddress", natAddress);

    expect(await signInWithPassword(shop, mail, attempt({ email, clientAddress: natAddress }))).toMatchObject({ ok: true });
    expect(await signInWithPassword(shop, mail, attempt({ email: other, password: "wrong", clientAddress: natAddress }))).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.tooManySignIns,
      tooMany: true,
    });
    // A success does not reset the address's count (else a guesser would sign in to an account of their own to reset it)...
    expect(await signInWithPassword(shop, mail, attempt({ email: other, password: "wrong-again", clientAddress: natAddress }))).toMatchObject({ tooMany: true });
    // ...and does not need to: the right password keeps working.
    expect(await signInWithPassword(shop, mail, attempt({ email: other, clientAddress: natAddress }))).toMatchObject({ ok: true });
    // Another address is not affected.
    expect(await signInWithPassword(shop, mail, attempt({ email: other, password: "wrong", clientAddress: "100.64.12.35" }))).toMatchObject({
      message: ACCOUNT_MESSAGES.badCredentials,
    });
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped one as its IPv4 address", async () => {
    const mail = recordingMailer();
    const { email } = await owner();
    for (let i = 0; i < 100; i++) await hitLimit(shop, "signInPerAddress", `2401:4900:50:9a1f::${(i + 1).toString(16)}`);
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "wrong", clientAddress: "2401:4900:50:9a1f:aaaa:bbbb:cccc:dddd" }))).toMatchObject({ tooMany: true });
    expect(await signInWithPassword(shop, mail, attempt({ email, clientAddress: "2401:4900:50:9a1f:aaaa:bbbb:cccc:dddd" }))).toMatchObject({ ok: true });
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "wrong", clientAddress: "2401:4900:50:9a20::1" }))).toMatchObject({ tooMany: false });

    for (let i = 0; i < 100; i++) await hitLimit(shop, "signInPerAddress", "100.64.99.1");
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "wrong", clientAddress: "::ffff:100.64.99.1" }))).toMatchObject({ tooMany: true });
  });

  it("60 parallel wrong sign-ins for one e-mail: at most 5 are checked against the password", async () => {
    const mail = recordingMailer();
    const { email } = await owner();
    const { shop: counting, counted } = countingChecks(shop);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signInWithPassword(counting, mail, attempt({ email, password: `parallel-${i}`, clientAddress: `203.0.113.${i + 1}` }))),
    );
    expect(counted.checks).toBeLessThanOrEqual(5);
    expect(results.filter((r) => !r.ok && r.message === ACCOUNT_MESSAGES.badCredentials)).toHaveLength(counted.checks);
    expect(results.filter((r) => !r.ok && r.tooMany)).toHaveLength(60 - counted.checks);
    // One mail, however the guesses raced; it goes in the background, after the answers.
    await vi.waitFor(() => expect(mail.sent).toHaveLength(1));
  });

  it("60 parallel wrong sign-ins from a known device: at most its own 10 are checked", async () => {
    const { customer, email } = await owner();
    await shop.accounts.rememberDevice(customer.id, "stolen-cookie-token");
    const { shop: counting, counted } = countingChecks(shop);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => signInWithPassword(counting, recordingMailer(), attempt({ email, password: `parallel-${i}`, device: "stolen-cookie-token" }))),
    );
    expect(counted.checks).toBeLessThanOrEqual(10);
  });

  it("answers a reset the same, at once, whether the e-mail has an account and whatever the mail server does", async () => {
    const { email } = await owner();
    const hanging: Mailer = { send: () => new Promise(() => {}) };
    const refusing: Mailer = {
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
      },
    };
    for (const mailer of [hanging, refusing]) {
      const answers = [];
      for (const who of [email, `nobody-${Date.now()}@example.in`]) {
        const started = performance.now();
        const answer = await sendResetCode(shop, mailer, who, fresh().address);
        answers.push({ ok: answer.ok, message: answer.message, fast: performance.now() - started < 2000 });
      }
      expect(answers[0]).toEqual({ ok: true, message: ACCOUNT_MESSAGES.codeSent, fast: true });
      expect(answers[1]).toEqual(answers[0]);
    }
    // The refused mail is kept for the retry, not lost.
    const kept = await sendResetCode(shop, refusing, email, fresh().address);
    expect(await kept.mailed).toBe("kept");
    // A sign-in pause's notice never fails the sign-in either.
    const paused = await owner();
    for (let i = 0; i < 6; i++) expect((await signInWithPassword(shop, refusing, attempt({ email: paused.email, password: `guess-${i}` }))).ok).toBe(false);
  });

  it("a reset code is spent after 5 wrong tries: the sixth, even the right one, asks for a new code", async () => {
    const { customer, email, address } = await owner();
    const reset = (await shop.accounts.requestPasswordReset(email))!;
    const wrong = reset.code === "000000" ? "111111" : "000000";
    const tryCode = (code: string) => resetPasswordWithCode(shop, { email, code, password: "a-new-password", clientAddress: address });
    for (let i = 0; i < 4; i++) expect(await tryCode(wrong)).toEqual({ ok: false, message: ACCOUNT_MESSAGES.invalidCode, tooMany: false });
    // The fifth wrong try spends it, and says so.
    expect(await tryCode(wrong)).toEqual({ ok: false, message: ACCOUNT_MESSAGES.codeSpent, tooMany: false });
    expect(await tryCode(reset.code)).toEqual({ ok: false, message: ACCOUNT_MESSAGES.codeSpent, tooMany: false });
    expect(await shop.accounts.authenticate(email, PASSWORD)).not.toBeNull();
    const rows = await database.db.execute(sql`select attempts from password_resets where customer_id = ${customer.id}`);
    expect(JSON.stringify(rows)).toContain('"attempts":5');

    // A new code works.
    const again = (await shop.accounts.requestPasswordReset(email))!;
    expect(await tryCode(again.code)).toEqual({ ok: true });
    expect(await shop.accounts.authenticate(email, "a-new-password")).not.toBeNull();
  });

  it("parallel guesses of one code are compared at most 5 times", async () => {
    const { customer, email } = await owner();
    const reset = (await shop.accounts.requestPasswordReset(email))!;
    const guesses = Array.from({ length: 30 }, (_, i) => String(i).padStart(6, "9")).filter((g) => g !== reset.code);
    const answers = await Promise.all(guesses.map((code) => shop.accounts.resetPassword(email, code, "parallel-password")));
    expect(answers.every((a) => a !== "changed")).toBe(true);
    const rows = await database.db.execute(sql`select attempts from password_resets where customer_id = ${customer.id}`);
    expect(JSON.stringify(rows)).toContain('"attempts":5');
    expect(await shop.accounts.resetPassword(email, reset.code, "parallel-password")).toBe("spent");
  });

  it("limits the codes one address tries, counted before each is compared", async () => {
    const { email } = await owner();
    const address = "2401:4900:77:1::5";
    for (let i = 0; i < 50; i++) await hitLimit(shop, "resetCodePerAddress", `2401:4900:77:1::${i + 100}`);
    const reset = (await shop.accounts.requestPasswordReset(email))!;
    expect(await resetPasswordWithCode(shop, { email, code: reset.code, password: "a-new-password", clientAddress: address })).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.tooManyCodes,
      tooMany: true,
    });
    // Refused before it was compared: the code keeps its tries.
    expect(await resetPasswordWithCode(shop, { email, code: reset.code, password: "a-new-password", clientAddress: "192.0.2.200" })).toEqual({ ok: true });
  });

  it("a password reset ends the e-mail's pause, and forgets the devices that knew the old password", async () => {
    const mail = recordingMailer();
    const { customer, email } = await owner();
    await shop.accounts.rememberDevice(customer.id, "old-laptop");
    for (let i = 0; i < 5; i++) await signInWithPassword(shop, mail, attempt({ email, password: `guess-${i}` }));
    const reset = (await shop.accounts.requestPasswordReset(email))!;
    expect(await resetPasswordWithCode(shop, { email, code: reset.code, password: "brand-new-password", clientAddress: "192.0.2.9" })).toEqual({ ok: true });
    expect(await shop.accounts.knownDevice(email, "old-laptop")).toBeNull();
    // The pause is over for the owner, with the new password, anywhere.
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "brand-new-password" }))).toMatchObject({ ok: true });
    for (let i = 0; i < 5; i++) await signInWithPassword(shop, mail, attempt({ email, password: `guess-again-${i}` }));
    expect(await signInWithPassword(shop, mail, attempt({ email, password: "brand-new-password", device: "old-laptop" }))).toMatchObject({ ok: false, tooMany: true });
  });

  describe("through the sign-in form", () => {
    // The form's mailer keeps mail in the outbox and logs it: quiet here.
    beforeAll(() => void vi.spyOn(console, "log").mockImplementation(() => {}));
    afterAll(() => void vi.restoreAllMocks());

    async function post(form: typeof accountForms.signIn | typeof accountForms.signUp, pathname: string, fields: Record<string, string>, cookie?: string) {
      const url = new URL(`http://haat.test${pathname}`);
      const request = new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} });
      const context = routeContext(shop, null);
      const answer = await form.run({ request, context, url });
      if (answer instanceof Response) return { status: answer.status, cookies: answer.headers.getSetCookie() };
      const d = answer as { init: ResponseInit | null };
      return { status: d.init?.status ?? 200, cookies: new Headers(d.init?.headers).getSetCookie() };
    }
    const deviceCookieOf = (cookies: string[]) => cookies.find((c) => c.startsWith("haat_device="));

    it("a sign-in leaves a signed, HttpOnly, year-long device cookie that passes the e-mail's pause", async () => {
      const { email } = await owner();
      const first = await post(accountForms.signIn, "/signin", { email, password: PASSWORD });
      expect(first.status).toBe(303);
      const device = deviceCookieOf(first.cookies)!;
      expect(device).toMatch(/HttpOnly/i);
      expect(device).toMatch(/SameSite=Lax/i);
      expect(device).toMatch(/Max-Age=31536000/);
      expect(first.cookies.some((c) => c.startsWith("haat_session="))).toBe(true);
      const cookie = device.split(";")[0]!;

      for (let i = 0; i < 5; i++) expect((await post(accountForms.signIn, "/signin", { email, password: `guess-${i}` })).status).toBe(401);
      expect((await post(accountForms.signIn, "/signin", { email, password: PASSWORD })).status).toBe(429);
      const owners = await post(accountForms.signIn, "/signin", { email, password: PASSWORD }, cookie);
      expect(owners.status).toBe(303);
      // The same browser keeps its token.
      expect(deviceCookieOf(owners.cookies)!.split(";")[0]).toBe(cookie);
      // A cookie with a forged signature is no cookie.
      // (The token's first character changed; the signature then does not match.)
      const forged = cookie.replace(/^haat_device=(.)/, (_, c: string) => `haat_device=${c === "e" ? "f" : "e"}`);
      expect(forged).not.toBe(cookie);
      expect((await post(accountForms.signIn, "/signin", { email, password: PASSWORD }, forged)).status).toBe(429);
    });

    it("a sign-up leaves the device cookie too", async () => {
      const { email } = fresh();
      const answer = await post(accountForms.signUp, "/signup", { name: "New", email, phone: "9876500000", password: PASSWORD });
      expect(answer.status).toBe(303);
      const cookie = deviceCookieOf(answer.cookies)!.split(";")[0]!;
      for (let i = 0; i < 5; i++) await post(accountForms.signIn, "/signin", { email, password: `guess-${i}` });
      expect((await post(accountForms.signIn, "/signin", { email, password: PASSWORD }, cookie)).status).toBe(303);
    });
  });
});
