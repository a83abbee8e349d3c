// The local provider's rules around the Shop's accounts: rate limits on sign-in, sign-up
// and password reset (docs/ARCHITECTURE.md, Security rules; the numbers are in
// security/rate-limits.server.ts; decisions 018 and 020), and the mail they send.
import type { I18n } from "../../domain/i18n/messages.ts";
import { i18nFor } from "../../domain/i18n/registry.ts";
import { ACCOUNT_MESSAGES, RESET_CODE_LIFETIME_MS } from "../../domain/account.ts";
import { signInPausedMail } from "../../domain/account-mail.ts";
import type { Locale } from "../../domain/i18n/locale.ts";
import { store } from "../../domain/store-config.ts";
import { appEnv, type Env } from "../env.server.ts";
import type { Mail, Mailer } from "../mail/mailer.server.ts";
import { sendInBackground } from "../mail/queue.server.ts";
import { clearLimit, hitLimit, rateLimit, type LimitHit } from "../security/rate-limits.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

/**
 * Whether Haat signs its shoppers in itself (AUTH_PROVIDER=local): passwords, reset codes, codes
 * by SMS, sign-up and its own API tokens. With Clerk, Clerk's pages do all of that, and Haat only
 * links the user it names (clerk-sign-in.server.ts). The one rule every way in asks.
 */
export function ownSignIn(env: Env = appEnv()): boolean {
  return env.AUTH_PROVIDER === "local";
}

export const SIGN_IN_WITH_CLERK = "This shop signs in with Clerk: send Clerk's session token as the bearer.";

/** A use case of Haat's own sign-in, asked of a shop that signs in with Clerk: "not_found". */
export function ensureOwnSignIn(env: Env = appEnv()): void {
  if (!ownSignIn(env)) throw new ShopError("not_found", SIGN_IN_WITH_CLERK);
}

export type SignInResult = { ok: true; customer: Customer } | { ok: false; message: string; tooMany: boolean };

export interface SignInAttempt {
  email: string;
  password: string;
  clientAddress: string;
  /** The browser's device token (its signed cookie), when it has one. */
  device: string | null;
  /** The language of the page the attempt came from: the pause's mail is in it when the account chose none. */
  language?: Locale;
}

const tooManySignIns: SignInResult = { ok: false, message: ACCOUNT_MESSAGES.tooManySignIns, tooMany: true };
const badCredentials: SignInResult = { ok: false, message: ACCOUNT_MESSAGES.badCredentials, tooMany: false };

/**
 * Checks a password under the sign-in limits (decision 020):
 * - per e-mail: counted before the password is checked, in one statement, so parallel
 *   guesses cannot pass it; past it, only a browser that signed in to the account before
 *   (a known device) is still heard, and a wrong password from it still counts;
 * - per known device: the owner's own brake, which strangers cannot reach;
 * - per address: failures only, and a right password always signs in; past it, a wrong
 *   one is answered "too many" instead of "do not match".
 */
export async function signInWithPassword(shop: Shop, mail: Mailer, attempt: SignInAttempt): Promise<SignInResult> {
  ensureOwnSignIn();
  const { email, password, clientAddress } = attempt;
  const device = attempt.device ? await shop.accounts.knownDevice(email, attempt.device) : null;
  let perEmail: LimitHit | null = null;
  if (device) {
    if (!(await hitLimit(shop, "signInPerDevice", device)).allowed) return tooManySignIns;
  } else {
    perEmail = await hitLimit(shop, "signInPerEmail", email);
    if (!perEmail.allowed) return tooManySignIns;
  }

  const customer = await shop.accounts.authenticate(email, password);
  if (customer) {
    // A known device's success leaves the e-mail's count alone: whoever is guessing stays held back.
    await (device ? clearLimit(shop, "signInPerDevice", device) : clearLimit(shop, "signInPerEmail", email));
    return { ok: true, customer };
  }

  perEmail ??= await hitLimit(shop, "signInPerEmail", email);
  // The failure that uses up the limit is counted once per window, so this mail goes once.
  if (perEmail.count === perEmail.limit) void tellOwnerOfPause(shop, mail, email, attempt.language);
  const perAddress = await hitLimit(shop, "signInPerAddress", clientAddress);
  return perAddress.allowed ? badCredentials : tooManySignIns;
}

/**
 * Not awaited by the sign-in: its answer and time are the same whether or not the e-mail has an
 * account. In the language the account chose, else the page's (issue 41 item 12).
 */
async function tellOwnerOfPause(shop: Shop, mail: Mailer, email: string, language: Locale = "en"): Promise<void> {
  const customer = await shop.accounts.findLocal(email).catch(() => null);
  if (!customer) return;
  const { limit, windowMs } = rateLimit("signInPerEmail");
  const pause = { limit, minutes: windowMs / 60000 };
  // Kept for a retry when the mail server is down.
  await sendInBackground(shop, mail, { to: email, ...signInPausedMail(customer, pause, store.name, appEnv().publicOrigin, i18nFor(customer.language ?? language)) });
}

export async function allowSignUp(shop: Shop, clientAddress: string): Promise<boolean> {
  return (await hitLimit(shop, "signUpPerAddress", clientAddress)).allowed;
}

/** The mail with a reset code. */
function resetMail(to: string, customer: Customer, code: string, i18n: I18n): Mail {
  return {
    to,
    subject: i18n._("Your Haat password reset code"),
    text:
      `${i18n._("Hello {name},", { name: customer.name })}\n\n${i18n._("Your code to reset your Haat password is {code}.", { code })}\n` +
      `${i18n._("It is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.", { minutes: RESET_CODE_LIFETIME_MS / 60000 })}\n`,
  };
}

/**
 * Sends a reset code when the e-mail has a local account. The answer is the same either
 * way, and so is its time: the mail goes (or is kept for a retry) after the answer, whatever
 * the mail server does. Only the rate limit can refuse. `mailed` is for tests to wait on.
 */
export async function sendResetCode(
  shop: Shop,
  mail: Mailer,
  email: string,
  clientAddress: string,
  i18n: I18n = i18nFor("en"),
): Promise<{ ok: boolean; message: string; mailed?: Promise<unknown> }> {
  ensureOwnSignIn();
  const [a, b] = await Promise.all([hitLimit(shop, "resetPerEmail", email), hitLimit(shop, "resetPerAddress", clientAddress)]);
  if (!a.allowed || !b.allowed) return { ok: false, message: ACCOUNT_MESSAGES.tooManyResets };
  const reset = await shop.accounts.requestPasswordReset(email);
  const mailed = reset ? sendInBackground(shop, mail, resetMail(email, reset.customer, reset.code, i18n)) : undefined;
  return { ok: true, message: ACCOUNT_MESSAGES.codeSent, mailed };
}

export type ResetResult = { ok: true } | { ok: false; message: string; tooMany: boolean };

/**
 * Sets a new password with the mailed code. Each code has RESET_CODE_TRIES tries; the codes
 * one address tries are counted before each is compared (decision 020).
 */
export async function resetPasswordWithCode(shop: Shop, input: { email: string; code: string; password: string; clientAddress: string }): Promise<ResetResult> {
  ensureOwnSignIn();
  if (!(await hitLimit(shop, "resetCodePerAddress", input.clientAddress)).allowed) return { ok: false, message: ACCOUNT_MESSAGES.tooManyCodes, tooMany: true };
  const outcome = await shop.accounts.resetPassword(input.email, input.code, input.password);
  if (outcome === "changed") {
    // The code proved the mailbox is the owner's: a pause of the e-mail's sign-ins ends with it.
    await clearLimit(shop, "signInPerEmail", input.email);
    return { ok: true };
  }
  return { ok: false, message: outcome === "spent" ? ACCOUNT_MESSAGES.codeSpent : ACCOUNT_MESSAGES.invalidCode, tooMany: false };
}
