// Signing in (and up) with a mobile number and a one-time code by SMS (issue 28, decision 053),
// and adding a verified number to an account: the one place for these rules, whichever way in
// (the sign-in page, My Account, the JSON API). The code's numbers and verdicts are
// domain/mobile-sign-in.ts's; shop.codes keeps digests only.
import { metrics } from "../metrics/metrics.server.ts";
import crypto from "node:crypto";
import { displayMobile, MOBILE_MESSAGES, REAUTH_WINDOW_MS, verdictMessage, type CodePurpose } from "../../domain/mobile-sign-in.ts";
import { sendInBackground } from "../mail/queue.server.ts";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import type { I18n } from "../../domain/i18n/messages.ts";
import { cookieSecret } from "../security/secret.server.ts";
import { allowSignUp, ownSignIn } from "./password-sign-in.server.ts";
import { appEnv, type Env } from "../env.server.ts";
import { log } from "../log.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type AccountsPort, type Customer, type Shop } from "../shop/port.server.ts";
import { keptSmsValues, smsLanguage } from "../../domain/sms.ts";
import { sendSmsOrKeep, type SmsSender } from "../sms/sms.server.ts";
import { mobileChangedMail } from "../../domain/account-mail.ts";
import { pathIn, type Locale } from "../../domain/i18n/locale.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { store } from "../../domain/store-config.ts";
import { mailConfirmationLink } from "./email-confirmation.server.ts";
import { signUpOpen } from "./sign-up.server.ts";

/** Whether this shop signs shoppers in by mobile: an SMS can go out, accounts are the shop's own, and its back end has them. */
export function mobileSignInOffered(shop: Pick<Shop, "capabilities">, env: Env = appEnv()): boolean {
  return Boolean(env.sms) && ownSignIn(env) && shop.capabilities.mobileSignIn;
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

/** The code's SMS, in the language asked for where the shop can send it so (issue 41 item 12); its last line is WebOTP's in every language. */
function codeSms(sms: SmsSender, mobile: string, code: string, language: Locale | undefined) {
  const said = smsLanguage(sms, "otp", language);
  return { to: mobile, template: "otp" as const, values: { code, host: otpHost() }, ...(said !== "en" && { language: said }) };
}

/**
 * Sends a code to the number: the same answer whether or not it has an account. A send that
 * fails or does not answer in seconds is kept in the shop's queue, which sends a fresh code a
 * minute later, and the shopper is told at once to try again. In the language of the page it was
 * asked on (`language`, issue 41 item 12): whoever asked is reading that page now.
 */
export async function sendCode(
  shop: Shop,
  sms: SmsSender | null,
  input: { mobile: string; purpose: CodePurpose; customerId: number | null; clientAddress: string; language?: Locale },
): Promise<{ message: string }> {
  ensureOffered(shop, sms);
  if (!(await hitLimit(shop, "codeSendPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", MOBILE_MESSAGES.tooManyFromHere);
  const code = newCode();
  const issued = await shop.codes.issue({ mobile: input.mobile, purpose: input.purpose, customerId: input.customerId, digest: codeDigest(input.mobile, code) });
  if (!issued.ok) throw new ShopError("too_many", issued.tooMany ? MOBILE_MESSAGES.tooManyForNumber : MOBILE_MESSAGES.wait(issued.waitSeconds));
  // Counted only for a code that would go out: requests the number's own rules refuse spend no budget.
  await withinSmsBudget(shop, input.mobile);
  try {
    await sms.send(codeSms(sms, input.mobile, code, input.language));
  } catch (error) {
    metrics.signInCode(sms.provider, "failed");
    const reason = error instanceof Error ? error.message : String(error);
    // The queue keeps which code to send again (and in which language), never the code: a fresh one goes with the retry.
    await shop.mail.enqueue({ channel: "sms", to: input.mobile, subject: "otp", text: JSON.stringify(keptSmsValues({ codeId: issued.id }, input.language)) }, reason);
    log.warn("a one-time code's SMS failed; kept for a retry", { reason });
    throw new ShopError("unavailable", MOBILE_MESSAGES.notSent);
  }
  metrics.signInCode(sms.provider, "sent");
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
export async function resendKeptCode(shop: Shop, sms: SmsSender, codeId: number, language: Locale = "en"): Promise<void> {
  const code = newCode();
  // The digest is keyed by the number, which the row knows: issue it for the row's number.
  const mobile = await shop.codes.reissue(codeId, (m) => codeDigest(m, code));
  if (!mobile) return;
  await withinSmsBudget(shop, mobile);
  await sms.send(codeSms(sms, mobile, code, language));
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
  input: { mobile: string; code: string; name?: string; email?: string; sms_updates?: boolean; clientAddress: string },
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
  const customer = await shop.accounts.registerMobile({ name: input.name!, mobile: input.mobile, email: input.email, smsUpdates: input.sms_updates === true });
  if (customer.email) await mailConfirmationLink(shop, mail, customer, i18n);
  return { customer, created: true };
}

/**
 * Whether this session may add or change a way to sign in (a number, an e-mail and password):
 * only within REAUTH_WINDOW_MS of the sign-in (a password or a fresh code), so a stolen session
 * cannot add a way in of its own.
 */
export async function signedInRecently(shop: { accounts: Pick<AccountsPort, "sessionStartedAt"> }, sessionToken: string, now = Date.now()): Promise<boolean> {
  const startedAt = await shop.accounts.sessionStartedAt(sessionToken);
  return Boolean(startedAt && now - startedAt.getTime() < REAUTH_WINDOW_MS);
}

/** My Account: sends a code to the number the account is adding, once the session may change it. */
export async function sendAddMobileCode(
  shop: Shop,
  sms: SmsSender | null,
  customer: Customer,
  input: { mobile: string; clientAddress: string; sessionToken: string; language?: Locale },
): Promise<{ message: string }> {
  if (!(await signedInRecently(shop, input.sessionToken))) throw new ShopError("conflict", MOBILE_MESSAGES.signInAgain);
  return sendCode(shop, sms, { mobile: input.mobile, purpose: "add-mobile", customerId: customer.id, clientAddress: input.clientAddress, language: input.language });
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
  input: { mobile: string; code: string; clientAddress: string; sessionToken: string; language?: Locale; smsUpdates?: boolean },
  mail?: Mailer,
): Promise<{ changed: boolean }> {
  ensureOffered(shop, sms);
  if (!(await signedInRecently(shop, input.sessionToken))) throw new ShopError("conflict", MOBILE_MESSAGES.signInAgain);
  if (!(await hitLimit(shop, "codeCheckPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManyCodes);
  const checked = await shop.codes.check({ mobile: input.mobile, purpose: "add-mobile", customerId: customer.id, digest: codeDigest(input.mobile, input.code), use: true });
  if (checked.verdict !== "ok") throw new ShopError("invalid", verdictMessage(checked));
  const set = await shop.accounts.setMobile(customer.id, input.mobile, input.smsUpdates === true);
  if (!set.set) throw new ShopError("conflict", MOBILE_MESSAGES.mobileTaken);
  const changed = Boolean(set.previous && set.previous !== input.mobile);
  // The contacts the account had are told: the old number, and the e-mail, in the account's language, else the page's.
  const language = customer.language ?? input.language ?? "en";
  if (changed) await tellSignInChanged(shop, sms, set.previous!, language);
  if (customer.email && mail) {
    const numbers = { previous: changed ? displayMobile(set.previous!) : null, mobile: displayMobile(input.mobile) };
    void sendInBackground(shop, mail, { to: customer.email, ...mobileChangedMail(customer, numbers, store.name, appEnv().publicOrigin, i18nFor(language)) });
  }
  return { changed };
}

/**
 * An e-mail for an account opened with a mobile number, its confirmation link mailed (decision
 * 047): My Account's, with a password; Review Order's 'Also use this e-mail for my account',
 * without one, as an e-mail given at mobile sign-up (decision 066). Either is a way in (a password
 * reset reaches the mailbox), so either needs a recent sign-in and tells the number.
 */
export async function addEmailToAccount(
  shop: Shop,
  mail: Mailer,
  sms: SmsSender | null,
  customer: Customer,
  input: { email: string; password?: string; sessionToken: string },
  i18n?: I18n,
): Promise<{ message: string }> {
  if (!(await signedInRecently(shop, input.sessionToken))) throw new ShopError("invalid", input.password ? MOBILE_MESSAGES.signInAgainEmail : MOBILE_MESSAGES.signInAgainKeepEmail);
  const outcome = await shop.accounts.addEmail(customer.id, input.email, input.password ?? null);
  if (outcome === "taken") throw new ShopError("conflict", ACCOUNT_MESSAGES.emailTaken);
  if (outcome === "has-one") throw new ShopError("conflict", MOBILE_MESSAGES.emailAlready);
  // The number the account signs in with is told, in the account's language, else the page's.
  if (customer.mobile && sms) await tellSignInChanged(shop, sms, customer.mobile, customer.language ?? i18n?.locale ?? "en");
  await mailConfirmationLink(shop, mail, { ...customer, email: input.email }, i18n);
  return { message: input.password ? MOBILE_MESSAGES.emailAdded(input.email) : MOBILE_MESSAGES.emailKept(input.email) };
}

/** 'The sign-in details of your account were changed', to a number the account has or had, linking to the contact page in its language. */
async function tellSignInChanged(shop: Shop, sms: SmsSender, mobile: string, language: Locale): Promise<void> {
  const said = smsLanguage(sms, "signInChanged", language);
  const link = `${new URL(appEnv().publicOrigin).host}${pathIn(language, "/contact")}`;
  await sendSmsOrKeep(shop, sms, { to: mobile, template: "signInChanged", values: { link }, ...(said !== "en" && { language: said }) });
}
