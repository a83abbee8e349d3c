// Signing in with a mobile number and a one-time code by SMS (issue 28, decision 053): the
// number's rule, the code's rules (OWASP ASVS 5, §6.5 and §6.6), the forms' schemas and what the
// shopper is told. No I/O: the codes are kept by shop.codes, sent by server/sms.
import { ERASURE_MESSAGES } from "./privacy/rights.ts";
import { z } from "zod";
import { optInBox } from "./privacy/consent.ts";
import { formatMessage, say } from "./i18n/messages.ts";
import { emailField, newPasswordField } from "./account.ts";

/** The code: 6 random digits. */
export const OTP_LENGTH = 6;
/** A code works for 10 minutes after it is sent. */
export const OTP_LIFETIME_MS = 10 * 60 * 1000;
/** At most 5 wrong tries per code; the fifth ends it. */
export const OTP_TRIES = 5;
/** A new code at most once every 30 seconds per number. */
export const OTP_RESEND_AFTER_MS = 30 * 1000;
/** At most 5 codes an hour per number (the codes table counts them: shop/codes.server.ts). */
export const OTP_PER_HOUR = 5;

/**
 * Changing a verified number (ASVS 5 §6.x / 7.5.1: re-authenticate first): allowed within 10 minutes
 * of a sign-in, which took the password or a fresh code. Later, the shopper signs in again first.
 */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

/** What a code is asked for: signing in (or up), or proving a number an account adds. */
export type CodePurpose = "sign-in" | "add-mobile";

export const MOBILE_MESSAGES = {
  continueWithMobile: /*i18n*/ "Continue with mobile number",
  continueWithEmail: /*i18n*/ "Sign in with e-mail instead",
  mobileLabel: /*i18n*/ "Mobile number",
  codeLabel: /*i18n*/ "6-digit code",
  sendCode: /*i18n*/ "Send code",
  sendAgain: /*i18n*/ "Send a new code",
  verify: /*i18n*/ "Verify and continue",
  sent: (mobile: string) => say(/*i18n*/ "We have sent a 6-digit code to {mobile}. It is valid for 10 minutes.", { mobile: displayMobile(mobile) }),
  wait: (seconds: number) => say(/*i18n*/ "Please wait {seconds} seconds before asking for a new code.", { seconds }),
  tooManyForNumber: /*i18n*/ "Too many codes were sent to this number. Please try again in an hour.",
  tooManyFromHere: /*i18n*/ "Too many codes asked for from this connection. Please wait 15 minutes and try again.",
  notSent: /*i18n*/ "We could not send the code just now. Please try again in a minute.",
  budget: /*i18n*/ "We cannot send codes to this number just now. Please try again later, or sign in with your e-mail.",
  /** A wrong code, with the tries it has left (issue 41): the same words for every number. */
  wrongCode: (triesLeft: number) =>
    formatMessage("en", /*i18n*/ "{count, plural, one {That code is not right. # try left.} other {That code is not right. # tries left.}}", { count: triesLeft }),
  spent: /*i18n*/ "This code was tried too many times and no longer works. Ask for a new code.",
  expired: /*i18n*/ "This code has expired or was already used. Ask for a new code.",
  newAccount: /*i18n*/ "Welcome! Tell us your name to create your account.",
  mobileTaken: /*i18n*/ "This mobile number belongs to another account.",
  mobileAdded: /*i18n*/ "Your mobile number is verified. You can sign in with it now.",
  notOffered: /*i18n*/ "Sign-in with a mobile number is not offered by this shop.",
  signInAgain: /*i18n*/ "For your security, sign in again to change your mobile number.",
  signInAgainEmail: /*i18n*/ "For your security, sign in again to add an e-mail and password.",
  /** Review Order's 'Also use this e-mail for my account' after the sign-in's 10 minutes (decision 066). */
  signInAgainKeepEmail: /*i18n*/ "For your security, sign in again to add an e-mail to your account.",
  staffByEmail: /*i18n*/ "Staff accounts sign in with their e-mail and password.",
  signInAgainButton: /*i18n*/ "Sign in again",
  signInAgainToast: /*i18n*/ "Sign in again, then change your mobile number.",
  mobileChanged: /*i18n*/ "Your mobile number is changed. Your old number was told.",
  emailAdded: (email: string) => say(/*i18n*/ "Your e-mail and password are saved. We sent a link to {email} to confirm it.", { email }),
  emailAlready: /*i18n*/ "This account has an e-mail address already.",
  /** An e-mail kept from Review Order's address form (decision 066): one sentence, said after 'Address saved!'. */
  emailKept: (email: string) => say(/*i18n*/ "Your account now has the e-mail {email}: we sent a link there to confirm it.", { email }),
  updatesLabel: /*i18n*/ "Order updates by SMS",
  updatesOn: /*i18n*/ "You will get order updates by SMS.",
  updatesOff: /*i18n*/ "You will no longer get order updates by SMS.",
} as const;

/**
 * Where a fresh sign-in is asked before a change (decision 053; deleting the account, issue 48):
 * what the page says, and what the toast says after the sign-out, by the page it comes back to.
 */
export const SIGN_IN_AGAIN = {
  "/myaccount/mobile": { why: MOBILE_MESSAGES.signInAgain, toast: MOBILE_MESSAGES.signInAgainToast },
  "/myaccount/email": { why: MOBILE_MESSAGES.signInAgainEmail, toast: MOBILE_MESSAGES.signInAgainEmail },
  "/myaccount/privacy": { why: ERASURE_MESSAGES.signInAgain, toast: ERASURE_MESSAGES.signInAgain },
} as const;
export type SignInAgainBack = keyof typeof SIGN_IN_AGAIN;
export const signInAgainSchema = z.object({
  back: z.enum(Object.keys(SIGN_IN_AGAIN) as [SignInAgainBack, ...SignInAgainBack[]]).default("/myaccount/mobile"),
});

/**
 * A 10-digit Indian mobile number as it is kept (no +91): typed with spaces, dashes, a leading 0
 * or +91 it is still the same number. Null when it is not one (mobile numbers start with 6 to 9).
 */
export function normalizeMobile(input: string): string | null {
  let digits = input.replace(/[\s()-]/g, "");
  if (!/^\+?\d+$/.test(digits)) return null;
  digits = digits.replace(/^\+/, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** How the shop writes a number: "+91 98765 43210". */
export function displayMobile(mobile: string): string {
  return `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}

/** The number with its country code, as SMS providers take it: "919876543210". */
export function internationalMobile(mobile: string): string {
  return `91${mobile}`;
}

/** The specifications' phone rule's words (Specification: Addresses), for a number that is not a mobile number. */
export const mobileField = z
  .string({ error: /*i18n*/ "Enter a valid 10-digit phone number" })
  .trim()
  .transform((v, ctx) => {
    const mobile = normalizeMobile(v);
    if (!mobile) {
      ctx.addIssue({ code: "custom", message: /*i18n*/ "Enter a valid 10-digit phone number" });
      return z.NEVER;
    }
    return mobile;
  });

export const codeField = z
  .string({ error: /*i18n*/ "Enter the 6-digit code" })
  .trim()
  .regex(/^\d{6}$/, /*i18n*/ "Enter the 6-digit code");

const returnTo = z.string().max(2000).optional();

/** `from`: the step that asked ('code': Send a new code), so a refusal is shown where it was asked. */
export const mobileSendSchema = z.object({ mobile: mobileField, return_to: returnTo, from: z.enum(["number", "code"]).optional() });

/**
 * The code, and for a number the shop does not know, the new account's name (and optionally an
 * e-mail); `sms_updates`: the unticked box for order updates by SMS, a consent when ticked (issue 48).
 */
export const mobileVerifySchema = z.object({
  mobile: mobileField,
  sms_updates: optInBox,
  code: codeField,
  return_to: returnTo,
  name: z.string().trim().max(100, /*i18n*/ "Use at most 100 characters.").optional(),
  // Optional: left empty, the account has none (yet).
  email: z
    .literal("")
    .transform(() => undefined)
    .or(emailField)
    .optional(),
});

/** My Account: an e-mail and a password for an account opened with a mobile number. */
export const addEmailSchema = z.object({ email: emailField, password: newPasswordField });

/** A code as shop.codes keeps it: its digest only. */
export interface KeptCode {
  digest: string;
  expiresAt: Date;
  /** Tries taken, this one included (a try is counted before the code is compared). */
  attempts: number;
  usedAt: Date | null;
}

export type CodeVerdict = "ok" | "invalid" | "spent" | "expired";

/** A try's verdict, and how many more tries the code takes after it (0 when it is spent, used or gone). */
export interface CodeCheck {
  verdict: CodeVerdict;
  triesLeft: number;
}

/**
 * What a try of a code says, given the kept code with this try counted and the digest of what
 * was typed. A spent code (its tries used up) says so even to the right code; one that
 * expired or was used says so too.
 */
export function judgeCode(kept: KeptCode | null, typedDigest: string, now: number): CodeVerdict {
  if (!kept || kept.usedAt || kept.expiresAt.getTime() <= now) return "expired";
  if (kept.attempts > OTP_TRIES) return "spent";
  if (kept.digest !== typedDigest) return kept.attempts >= OTP_TRIES ? "spent" : "invalid";
  return "ok";
}

/** judgeCode's verdict with the tries the kept code has left after this one. */
export function checkCode(kept: KeptCode | null, typedDigest: string, now: number): CodeCheck {
  const verdict = judgeCode(kept, typedDigest, now);
  return { verdict, triesLeft: verdict === "invalid" ? OTP_TRIES - kept!.attempts : 0 };
}

/** Whether a new code may go to a number whose last code was sent at `lastSentAt`: the seconds to wait, or 0. */
export function secondsBeforeResend(lastSentAt: Date | null, now: number): number {
  if (!lastSentAt) return 0;
  const left = lastSentAt.getTime() + OTP_RESEND_AFTER_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** The message a try other than a right one gives the shopper: a wrong code says how many tries are left. */
export function verdictMessage({ verdict, triesLeft }: CodeCheck): string {
  return verdict === "invalid" ? MOBILE_MESSAGES.wrongCode(triesLeft) : verdict === "spent" ? MOBILE_MESSAGES.spent : MOBILE_MESSAGES.expired;
}
