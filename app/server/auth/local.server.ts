// The local provider's rules around the Shop's accounts: rate limits on sign-in,
// sign-up and password reset (DESIGN.md security rules), and the reset e-mail.
import { ACCOUNT_MESSAGES, RESET_CODE_LIFETIME_MS } from "../../domain/account.ts";
import type { Env } from "../env.server.ts";
import { mailer } from "../mail/mailer.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

const WINDOW_MS = 15 * 60 * 1000;
export const LIMITS = {
  /** Failed sign-ins per e-mail address: slows guessing one account's password. */
  signInPerEmail: 5,
  /** Failed sign-ins per client address: slows trying many accounts from one place. */
  signInPerAddress: 30,
  signUpPerAddress: 10,
  resetPerEmail: 3,
  resetPerAddress: 10,
} as const;

export type SignInResult = { ok: true; customer: Customer } | { ok: false; message: string };

export async function signInWithPassword(shop: Shop, email: string, password: string, clientAddress: string): Promise<SignInResult> {
  const byEmail = `signin:email:${email}`;
  const byAddress = `signin:addr:${clientAddress}`;
  if (
    (await shop.limits.blocked(byEmail, LIMITS.signInPerEmail, WINDOW_MS)) ||
    (await shop.limits.blocked(byAddress, LIMITS.signInPerAddress, WINDOW_MS))
  ) {
    return { ok: false, message: ACCOUNT_MESSAGES.tooManySignIns };
  }
  const customer = await shop.accounts.authenticate(email, password);
  if (customer) {
    await shop.limits.clear(byEmail);
    return { ok: true, customer };
  }
  await Promise.all([shop.limits.hit(byEmail, LIMITS.signInPerEmail, WINDOW_MS), shop.limits.hit(byAddress, LIMITS.signInPerAddress, WINDOW_MS)]);
  return { ok: false, message: ACCOUNT_MESSAGES.badCredentials };
}

export async function allowSignUp(shop: Shop, clientAddress: string): Promise<boolean> {
  return (await shop.limits.hit(`signup:addr:${clientAddress}`, LIMITS.signUpPerAddress, WINDOW_MS)).allowed;
}

/**
 * Sends a reset code when the e-mail has a local account. The answer is the same either
 * way, so it does not tell whether an account exists; only the rate limit can refuse.
 */
export async function sendResetCode(shop: Shop, env: Env, email: string, clientAddress: string): Promise<{ ok: boolean; message: string }> {
  const [a, b] = await Promise.all([
    shop.limits.hit(`reset:email:${email}`, LIMITS.resetPerEmail, WINDOW_MS),
    shop.limits.hit(`reset:addr:${clientAddress}`, LIMITS.resetPerAddress, WINDOW_MS),
  ]);
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
