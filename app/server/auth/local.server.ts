// The local provider's rules around the Shop's accounts: rate limits on sign-in,
// sign-up and password reset (DESIGN.md security rules; the numbers are in
// security/rate-limits.server.ts), and the reset e-mail.
import { ACCOUNT_MESSAGES, RESET_CODE_LIFETIME_MS } from "../../domain/account.ts";
import type { Env } from "../env.server.ts";
import { mailer } from "../mail/mailer.server.ts";
import { clearLimit, hitLimit, isBlocked } from "../security/rate-limits.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

export type SignInResult = { ok: true; customer: Customer } | { ok: false; message: string };

export async function signInWithPassword(shop: Shop, email: string, password: string, clientAddress: string): Promise<SignInResult> {
  if ((await isBlocked(shop, "signInPerEmail", email)) || (await isBlocked(shop, "signInPerAddress", clientAddress))) {
    return { ok: false, message: ACCOUNT_MESSAGES.tooManySignIns };
  }
  const customer = await shop.accounts.authenticate(email, password);
  if (customer) {
    await clearLimit(shop, "signInPerEmail", email);
    return { ok: true, customer };
  }
  await Promise.all([hitLimit(shop, "signInPerEmail", email), hitLimit(shop, "signInPerAddress", clientAddress)]);
  return { ok: false, message: ACCOUNT_MESSAGES.badCredentials };
}

export async function allowSignUp(shop: Shop, clientAddress: string): Promise<boolean> {
  return (await hitLimit(shop, "signUpPerAddress", clientAddress)).allowed;
}

/**
 * Sends a reset code when the e-mail has a local account. The answer is the same either
 * way, so it does not tell whether an account exists; only the rate limit can refuse.
 */
export async function sendResetCode(shop: Shop, env: Env, email: string, clientAddress: string): Promise<{ ok: boolean; message: string }> {
  const [a, b] = await Promise.all([hitLimit(shop, "resetPerEmail", email), hitLimit(shop, "resetPerAddress", clientAddress)]);
  if (!a.allowed || !b.allowed) return { ok: false, message: ACCOUNT_MESSAGES.tooManyResets };
  const reset = await shop.accounts.requestPasswordReset(email);
  if (reset) {
    await mailer(env).send({
      to: reset.customer.email,
      subject: "Your Haat password reset code",
      text:
        `Hello ${reset.customer.name},\n\nYour code to reset your Haat password is ${reset.code}.\n` +
        `It is valid for ${RESET_CODE_LIFETIME_MS / 60000} minutes. If you did not ask for it, ignore this e-mail.\n`,
    });
  }
  return { ok: true, message: ACCOUNT_MESSAGES.codeSent };
}
