// Sign-in, sign-up and password-reset forms (Specification: Sign-in and Account): the zod
// schemas the actions parse and Conform validates with in the browser. No I/O.
import { z } from "zod";
import { say } from "./i18n/messages.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const RESET_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const RESET_CODE_TRIES = 5;
/** How long the link that confirms a new account's e-mail works (decision 047). */
export const EMAIL_CONFIRMATION_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A rolling session is pushed forward at most once in this interval, to spare writes. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** The JSON API's access token (issue 17): short, so a leaked one is worth little; the refresh token renews it. */
export const API_ACCESS_LIFETIME_MS = 15 * 60 * 1000;
/** The API's refresh token lives as long as a page session. */
export const API_REFRESH_LIFETIME_MS = SESSION_LIFETIME_MS;
/** How long a browser stays a known device of the accounts signed in from it (each sign-in renews it). */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export const ACCOUNT_MESSAGES = {
  badCredentials: /*i18n*/ "That e-mail and password do not match an account.",
  tooManySignIns: /*i18n*/ "Too many sign-in attempts. Please wait 15 minutes and try again.",
  tooManySignUps: /*i18n*/ "Too many accounts created from this connection. Please try again later.",
  tooManyResets: /*i18n*/ "Too many reset requests. Please wait 15 minutes and try again.",
  emailTaken: /*i18n*/ "An account with this e-mail already exists. Sign in instead.",
  signedOut: /*i18n*/ "You have been signed out.",
  welcome: (name: string) => say(/*i18n*/ "Welcome, {name}!", { name }),
  codeSent: /*i18n*/ "If an account exists for that e-mail, we have sent it a 6-digit code. It is valid for 10 minutes.",
  invalidCode: /*i18n*/ "Invalid OTP",
  codeSpent: /*i18n*/ "This code was tried too many times and no longer works. Ask for a new code.",
  tooManyCodes: /*i18n*/ "Too many codes tried from this connection. Please wait 15 minutes and try again.",
  passwordChanged: /*i18n*/ "Your password has been changed. Please sign in.",
  signupDisabled: /*i18n*/ "Sign-up is turned off for this shop.",
  signInFirst: /*i18n*/ "Please sign in to continue.",
} as const;

/** Confirming the e-mail of a new account (issue 25, decision 047). */
export const EMAIL_CONFIRMATION_MESSAGES = {
  pending: (email: string) => say(/*i18n*/ "Please confirm your e-mail address. We sent a link to {email}.", { email }),
  resend: /*i18n*/ "Send the link again",
  sent: (email: string) =>
    say(/*i18n*/ "We have sent a new confirmation link to {email}. It works for {days} days.", { email, days: EMAIL_CONFIRMATION_LIFETIME_MS / (24 * 60 * 60 * 1000) }),
  tooMany: /*i18n*/ "Too many links asked for. Please wait 15 minutes and try again.",
  question: (email: string) => say(/*i18n*/ "Confirm that {email} is your e-mail address?", { email }),
  button: /*i18n*/ "Confirm e-mail address",
  confirmed: /*i18n*/ "Thank you: your e-mail address is confirmed.",
  already: /*i18n*/ "Your e-mail address is confirmed.",
  unknownLink: /*i18n*/ "This confirmation link does not work any more. Open the newest link we sent, or ask for a new one in My Account.",
} as const;

/** E-mail addresses are compared without case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailField = z
  .string({ error: /*i18n*/ "Enter your email" })
  .trim()
  .min(1, /*i18n*/ "Enter your email")
  .max(254, /*i18n*/ "Enter a valid email address")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, /*i18n*/ "Enter a valid email address")
  .transform(normalizeEmail);

// The limits' messages, said with their numbers (translated where the field shows them).
const TOO_LONG = say(/*i18n*/ "Use at most {max} characters.", { max: PASSWORD_MAX });
const TOO_SHORT = say(/*i18n*/ "Use at least {min} characters.", { min: PASSWORD_MIN });

const passwordField = z.string({ error: /*i18n*/ "Enter your password" }).min(1, /*i18n*/ "Enter your password").max(PASSWORD_MAX, TOO_LONG);

export const newPasswordField = z.string({ error: /*i18n*/ "Choose a password" }).min(PASSWORD_MIN, TOO_SHORT).max(PASSWORD_MAX, TOO_LONG);

/** A person's name, as every account form asks for it. */
export const nameField = z.string({ error: /*i18n*/ "Enter your name" }).trim().min(1, /*i18n*/ "Enter your name").max(100, /*i18n*/ "Use at most 100 characters.");

export const phoneField = z
  .string({ error: /*i18n*/ "Enter a valid 10-digit phone number" })
  .trim()
  .max(20, /*i18n*/ "Enter a valid 10-digit phone number")
  .refine((v) => /^[+\d\s()-]+$/.test(v) && v.replace(/\D/g, "").length >= 10, /*i18n*/ "Enter a valid 10-digit phone number");

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
  return_to: z.string().optional(),
});

export const signUpSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  return_to: z.string().optional(),
});

/** The profile form (Specification: Account): name and mobile; the e-mail is not editable. */
export const profileSchema = z.object({
  name: nameField,
  phone: phoneField,
});

export const PROFILE_MESSAGES = {
  updated: /*i18n*/ "Profile updated successfully!",
  loadFailed: /*i18n*/ "Failed to load profile",
  emailNotEditable: /*i18n*/ "Not editable — contact support to change",
  updateFailed: (reason: string) => say(/*i18n*/ "Update failed: {reason}", { reason }),
} as const;

export const resetRequestSchema = z.object({
  intent: z.literal("request"),
  email: emailField,
});

export const resetConfirmSchema = z.object({
  intent: z.literal("reset"),
  email: emailField,
  code: z
    .string({ error: /*i18n*/ "Enter the 6-digit code" })
    .trim()
    .regex(/^\d{6}$/, /*i18n*/ "Enter the 6-digit code"),
  password: newPasswordField,
});

export const resetSchema = z.discriminatedUnion("intent", [resetRequestSchema, resetConfirmSchema]);
