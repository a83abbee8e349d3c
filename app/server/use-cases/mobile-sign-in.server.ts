// Signing in (and up) with a mobile number and a one-time code by SMS (issue 28, decision 053),
// and adding a verified number to an account: the one place for these rules, whichever way in
// (the sign-in page, My Account, the JSON API). The code's numbers and verdicts are
// domain/mobile-sign-in.ts's; shop.codes keeps digests only.
import crypto from "node:crypto";
import { MOBILE_MESSAGES, verdictMessage, type CodePurpose } from "../../domain/mobile-sign-in.ts";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { cookieSecret } from "../auth/secret.server.ts";
import { allowSignUp } from "../auth/local.server.ts";
import { appEnv, type Env } from "../env.server.ts";
import { log } from "../log.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";
import type { SmsSender } from "../sms/sms.server.ts";
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

/** A kept one-time code's retry: a new code for the same request, unless it was used, lapsed or replaced (then nothing is sent). */
export async function resendKeptCode(shop: Shop, sms: SmsSender, codeId: number): Promise<void> {
  const code = newCode();
  // The digest is keyed by the number, which the row knows: issue it for the row's number.
  const mobile = await shop.codes.reissue(codeId, (m) => codeDigest(m, code));
  if (mobile) await sms.send({ to: mobile, template: "otp", values: { code, host: otpHost() } });
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
  if (!existing) {
    if (!input.name) {
      const verdict = await check(false);
      if (verdict !== "ok") throw new ShopError("invalid", verdictMessage(verdict));
      return { needsName: true };
    }
    if (!signUpOpen()) throw new ShopError("not_found", ACCOUNT_MESSAGES.signupDisabled);
    // Said before the code is spent, so the shopper can change the e-mail and keep the code.
    if (input.email && (await shop.accounts.findLocal(input.email))) throw new ShopError("conflict", ACCOUNT_MESSAGES.emailTaken);
    if (!(await allowSignUp(shop, input.clientAddress))) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManySignUps);
  }
  const verdict = await check(true);
  if (verdict !== "ok") throw new ShopError("invalid", verdictMessage(verdict));
  if (existing) return { customer: existing, created: false };
  const customer = await shop.accounts.registerMobile({ name: input.name!, mobile: input.mobile, email: input.email });
  if (customer.email) await mailConfirmationLink(shop, mail, customer, i18n);
  return { customer, created: true };
}

/** My Account: verifies a number for the signed-in account with the code sent to it. */
export async function addMobile(shop: Shop, sms: SmsSender | null, customer: Customer, input: { mobile: string; code: string; clientAddress: string }): Promise<void> {
  ensureOffered(shop, sms);
  if (!(await hitLimit(shop, "codeCheckPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManyCodes);
  const verdict = await shop.codes.check({ mobile: input.mobile, purpose: "add-mobile", customerId: customer.id, digest: codeDigest(input.mobile, input.code), use: true });
  if (verdict !== "ok") throw new ShopError("invalid", verdictMessage(verdict));
  if ((await shop.accounts.setMobile(customer.id, input.mobile)) === "taken") throw new ShopError("conflict", MOBILE_MESSAGES.mobileTaken);
}
