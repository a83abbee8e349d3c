// Signing in (and up) with a mobile number and a one-time code by SMS (issue 28, decision 053),
// and adding a verified number to an account: the one place for these rules, whichever way in
// (the sign-in page, My Account, the JSON API). The code's numbers and verdicts are
// domain/mobile-sign-in.ts's; shop.codes keeps digests only.
import crypto from "node:crypto";
import { displayMobile, MOBILE_MESSAGES, REAUTH_WINDOW_MS, verdictMessage, type CodePurpose } from "../../domain/mobile-sign-in.ts";
import { sendInBackground } from "../mail/queue.server.ts";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { cookieSecret } from "../auth/secret.server.ts";
import { allowSignUp } from "../auth/local.server.ts";
import { appEnv, type Env } from "../env.server.ts";
import { log } from "../log.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";
import { sendSmsOrKeep, type SmsSender } from "../sms/sms.server.ts";
import { mailConfirmationLink } from "./email-confirmation.server.ts";
import { signUpOpen } from "./sign-up.server.ts";

/** Whether this shop signs shoppers in by mobile: an SMS can go out, accounts are the shop's own, and its back end has them. */
export function mobileSignInOffered(shop: Pick<Shop, "capabilities">, env: Env = appEnv()): boolean {
  return Boolean(env.sms) && env.AUTH_PROVIDER === "local" && shop.capabilities.mobileSignIn;
}

function ensureOffered(shop: Shop, sms: SmsSender | null): asserts sms is SmsSender {
  if (!sms || !mobileSignInOffered(shop)) throw new ShopError("not_found", MOBILE_MESSAGES.notOffered);
}

/** 6 digits from the operating system's secure source. */
function newCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** Keyed with the shop's secret: a copy of the table alone cannot be tried against the million codes. */
function codeDigest(mobile: string, code: string): string {
  return crypto.createHmac("sha256", cookieSecret(appEnv())).update(`one-time-code:${mobile}:${code}`).digest("hex");
}

/** The host the WebOTP API reads from the SMS's last line: the shop's own. */
function otpHost(): string {
  return new URL(appEnv().publicOrigin).hostname;
}

/**
 * Sends a code to the number: the same answer whether or not it has an account. A send that
 * fails or does not answer in seconds is kept in the shop's queue, which sends a fresh code a
 * minute later, and the shopper is told at once to try again.
 */
export async function sendCode(
  shop: Shop,
  sms: SmsSender | null,
  input: { mobile: string; purpose: CodePurpose; customerId: number | null; clientAddress: string },
): Promise<{ message: string }> {
  ensureOffered(shop, sms);
  if (!(await hitLimit(shop, "codeSendPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", MOBILE_MESSAGES.tooManyFromHere);
  const code = newCode();
  const issued = await shop.codes.issue({ mobile: input.mobile, purpose: input.purpose, customerId: input.customerId, digest: codeDigest(input.mobile, code) });
  if (!issued.ok) throw new ShopError("too_many", issued.tooMany ? MOBILE_MESSAGES.tooManyForNumber : MOBILE_MESSAGES.wait(issued.waitSeconds));
  // Counted only for a code that would go out: requests the number's own rules refuse spend no budget.
  await withinSmsBudget(shop, input.mobile);
  try {
    await sms.send({ to: input.mobile, template: "otp", values: { code, host: otpHost() } });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The queue keeps which code to send again, never the code: a fresh one goes with the retry.
    await shop.mail.enqueue({ channel: "sms", to: input.mobile, subject: "otp", text: JSON.stringify({ codeId: issued.id }) }, reason);
    log.warn("a one-time code's SMS failed; kept for a retry", { reason });
    throw new ShopError("unavailable", MOBILE_MESSAGES.notSent);
  }
  return { message: MOBILE_MESSAGES.sent(input.mobile) };
}

/**
 * SMS pumping's brakes (decision 053): a number series, then the shop's hourly ceiling. Past
 * either, no SMS goes and the operators hear of it: the log's error is their alert.
 */
async function withinSmsBudget(shop: Shop, mobile: string): Promise<void> {
  const series = mobile.slice(0, 4);
  for (const [limit, key] of [
    ["codeSendPerSeries", series],
    ["codeSendPerShop", "all"],
  ] as const) {
    const hit = await hitLimit(shop, limit, key);
    if (hit.allowed) continue;
    if (hit.count === hit.limit + 1) log.error("SMS budget used up: no sign-in codes go out until the hour is over", { limit, series, budget: hit.limit });
    throw new ShopError("too_many", MOBILE_MESSAGES.budget);
  }
}

/**
 * A kept one-time code's retry: a new code for the same request, once (within minutes of the
 * request), unless it was used, lapsed or replaced, and within the SMS budgets: counted as a new
 * code's send is, and past either budget refused as it is (no SMS goes; the queue keeps the
 * refusal as its reason, issue 41 item 7).
 */
export async function resendKeptCode(shop: Shop, sms: SmsSender, codeId: number): Promise<void> {
  const code = newCode();
  // The digest is keyed by the number, which the row knows: issue it for the row's number.
  const mobile = await shop.codes.reissue(codeId, (m) => codeDigest(m, code));
  if (!mobile) return;
  await withinSmsBudget(shop, mobile);
  await sms.send({ to: mobile, template: "otp", values: { code, host: otpHost() } });
}

export type MobileSignIn = { customer: Customer; created: boolean } | { needsName: true };

/**
 * Signs in the number's account with its code. A number the shop does not know needs a name to
 * open an account: without one, a right code is not spent and the answer asks for the name.
 */
export async function signInWithCode(
  shop: Shop,
  mail: Mailer,
  sms: SmsSender | null,
  input: { mobile: string; code: string; name?: string; email?: string; clientAddress: string },
  i18n?: I18n,
): Promise<MobileSignIn> {
  ensureOffered(shop, sms);
  if (!(await hitLimit(shop, "codeCheckPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManyCodes);
  const digest = codeDigest(input.mobile, input.code);
  const check = (use: boolean) => shop.codes.check({ mobile: input.mobile, purpose: "sign-in", customerId: null, digest, use });
  const existing = await shop.accounts.byMobile(input.mobile);
  if (existing) {
    const checked = await check(true);
    if (checked.verdict !== "ok") throw new ShopError("invalid", verdictMessage(checked));
    // Staff sign in with their confirmed e-mail and password only: a number alone (a swapped SIM,
    // a recycled number) never opens /staff (decision 053).
    if (await shop.staff.isStaff(existing)) throw new ShopError("conflict", MOBILE_MESSAGES.staffByEmail);
    return { customer: existing, created: false };
  }
  // A number the shop does not know: nothing about accounts or e-mails is said before its code
  // is proved, so a wrong code answers the same for every number.
  const proved = await check(false);
  if (proved.verdict !== "ok") throw new ShopError("invalid", verdictMessage(proved));
  if (!input.name) return { needsName: true };
  if (!signUpOpen()) throw new ShopError("not_found", ACCOUNT_MESSAGES.signupDisabled);
  // Said before the code is spent, so the shopper can change the e-mail and keep the code.
  if (input.email && (await shop.accounts.emailInUse(input.email))) throw new ShopError("conflict", ACCOUNT_MESSAGES.emailTaken);
  if (!(await allowSignUp(shop, input.clientAddress))) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManySignUps);
  const used = await check(true);
  if (used.verdict !== "ok") throw new ShopError("invalid", verdictMessage(used));
  const customer = await shop.accounts.registerMobile({ name: input.name!, mobile: input.mobile, email: input.email });
  if (customer.email) await mailConfirmationLink(shop, mail, customer, i18n);
  return { customer, created: true };
}

/**
 * Whether this session may add or change a way to sign in (a number, an e-mail and password):
 * only within REAUTH_WINDOW_MS of the sign-in (a password or a fresh code), so a stolen session
 * cannot add a way in of its own.
 */
export async function signedInRecently(shop: Shop, sessionToken: string, now = Date.now()): Promise<boolean> {
  const startedAt = await shop.accounts.sessionStartedAt(sessionToken);
  return Boolean(startedAt && now - startedAt.getTime() < REAUTH_WINDOW_MS);
}

/** My Account: sends a code to the number the account is adding, once the session may change it. */
export async function sendAddMobileCode(
  shop: Shop,
  sms: SmsSender | null,
  customer: Customer,
  input: { mobile: string; clientAddress: string; sessionToken: string },
): Promise<{ message: string }> {
  if (!(await signedInRecently(shop, input.sessionToken))) throw new ShopError("conflict", MOBILE_MESSAGES.signInAgain);
  return sendCode(shop, sms, { mobile: input.mobile, purpose: "add-mobile", customerId: customer.id, clientAddress: input.clientAddress });
}

/**
 * My Account: verifies a number for the signed-in account with the code sent to it. A number
 * that replaces another is changed only by a recent sign-in, and the old number is told by SMS
 * (and the account's e-mail, when it has one).
 */
export async function addMobile(
  shop: Shop,
  sms: SmsSender | null,
  customer: Customer,
  input: { mobile: string; code: string; clientAddress: string; sessionToken: string },
  mail?: Mailer,
): Promise<{ changed: boolean }> {
  ensureOffered(shop, sms);
  if (!(await signedInRecently(shop, input.sessionToken))) throw new ShopError("conflict", MOBILE_MESSAGES.signInAgain);
  if (!(await hitLimit(shop, "codeCheckPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManyCodes);
  const checked = await shop.codes.check({ mobile: input.mobile, purpose: "add-mobile", customerId: customer.id, digest: codeDigest(input.mobile, input.code), use: true });
  if (checked.verdict !== "ok") throw new ShopError("invalid", verdictMessage(checked));
  const set = await shop.accounts.setMobile(customer.id, input.mobile);
  if (!set.set) throw new ShopError("conflict", MOBILE_MESSAGES.mobileTaken);
  const changed = Boolean(set.previous && set.previous !== input.mobile);
  // The contacts the account had are told: the old number, and the e-mail.
  const origin = appEnv().publicOrigin;
  if (changed) await sendSmsOrKeep(shop, sms, { to: set.previous!, template: "signInChanged", values: { link: `${new URL(origin).host}/contact` } });
  if (customer.email && mail)
    void sendInBackground(shop, mail, {
      to: customer.email,
      subject: changed ? "The mobile number of your Haat account was changed" : "A mobile number was added to your Haat account",
      text:
        `Hello ${customer.name},\n\n` +
        (changed
          ? `The mobile number you sign in with was changed from ${displayMobile(set.previous!)} to ${displayMobile(input.mobile)}.\n\n`
          : `${displayMobile(input.mobile)} can now sign in to your account with a code by SMS.\n\n`) +
        `If this was not you, write to us now: ${origin}/contact\n`,
    });
  return { changed };
}

/** My Account: an e-mail and a password for an account opened with a mobile number; the e-mail gets its confirmation link. */
export async function addEmailAndPassword(
  shop: Shop,
  mail: Mailer,
  sms: SmsSender | null,
  customer: Customer,
  input: { email: string; password: string; sessionToken: string },
  i18n?: I18n,
): Promise<{ message: string }> {
  if (!(await signedInRecently(shop, input.sessionToken))) throw new ShopError("invalid", MOBILE_MESSAGES.signInAgainEmail);
  const outcome = await shop.accounts.addEmail(customer.id, input.email, input.password);
  if (outcome === "taken") throw new ShopError("conflict", ACCOUNT_MESSAGES.emailTaken);
  if (outcome === "has-one") throw new ShopError("conflict", MOBILE_MESSAGES.emailAlready);
  // The number the account signs in with is told.
  if (customer.mobile && sms) await sendSmsOrKeep(shop, sms, { to: customer.mobile, template: "signInChanged", values: { link: `${new URL(appEnv().publicOrigin).host}/contact` } });
  await mailConfirmationLink(shop, mail, { ...customer, email: input.email }, i18n);
  return { message: MOBILE_MESSAGES.emailAdded(input.email) };
}
