// Sign-in, sign-up and password-reset forms (browsing §5, transactions §5): the zod
// schemas the actions parse and Conform validates with in the browser. No I/O.
import { z } from "zod";

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
  badCredentials: "That e-mail and password do not match an account.",
  tooManySignIns: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  tooManySignUps: "Too many accounts created from this connection. Please try again later.",
  tooManyResets: "Too many reset requests. Please wait 15 minutes and try again.",
  emailTaken: "An account with this e-mail already exists. Sign in instead.",
  signedOut: "You have been signed out.",
  welcome: (name: string) => `Welcome, ${name}!`,
  codeSent: "If an account exists for that e-mail, we have sent it a 6-digit code. It is valid for 10 minutes.",
  invalidCode: "Invalid OTP",
  codeSpent: "This code was tried too many times and no longer works. Ask for a new code.",
  tooManyCodes: "Too many codes tried from this connection. Please wait 15 minutes and try again.",
  passwordChanged: "Your password has been changed. Please sign in.",
  signupDisabled: "Sign-up is turned off for this shop.",
  signInFirst: "Please sign in to continue.",
} as const;

/** Confirming the e-mail of a new account (issue 25, decision 047). */
export const EMAIL_CONFIRMATION_MESSAGES = {
  pending: (email: string) => `Please confirm your e-mail address. We sent a link to ${email}.`,
  resend: "Send the link again",
  sent: (email: string) => `We have sent a new confirmation link to ${email}. It works for ${EMAIL_CONFIRMATION_LIFETIME_MS / (24 * 60 * 60 * 1000)} days.`,
  tooMany: "Too many links asked for. Please wait 15 minutes and try again.",
  question: (email: string) => `Confirm that ${email} is your e-mail address?`,
  button: "Confirm e-mail address",
  confirmed: "Thank you: your e-mail address is confirmed.",
  already: "Your e-mail address is confirmed.",
  unknownLink: "This confirmation link does not work any more. Open the newest link we sent, or ask for a new one in My Account.",
} as const;

/** E-mail addresses are compared without case or surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailField = z
  .string({ error: "Enter your email" })
  .trim()
  .min(1, "Enter your email")
  .max(254, "Enter a valid email address")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter a valid email address")
  .transform(normalizeEmail);

const passwordField = z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

const newPasswordField = z
  .string({ error: "Choose a password" })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const phoneField = z
  .string({ error: "Enter a valid 10-digit phone number" })
  .trim()
  .max(20, "Enter a valid 10-digit phone number")
  .refine((v) => /^[+\d\s()-]+$/.test(v) && v.replace(/\D/g, "").length >= 10, "Enter a valid 10-digit phone number");

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
  return_to: z.string().optional(),
});

export const signUpSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(100, "Use at most 100 characters."),
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  return_to: z.string().optional(),
});

/** The profile form (transactions §2, §5): name and mobile; the e-mail is not editable. */
export const profileSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(100, "Use at most 100 characters."),
  phone: phoneField,
});

export const PROFILE_MESSAGES = {
  updated: "Profile updated successfully!",
  loadFailed: "Failed to load profile",
  emailNotEditable: "Not editable — contact support to change",
  updateFailed: (reason: string) => `Update failed: ${reason}`,
} as const;

export const resetRequestSchema = z.object({
  intent: z.literal("request"),
  email: emailField,
});

export const resetConfirmSchema = z.object({
  intent: z.literal("reset"),
  email: emailField,
  code: z
    .string({ error: "Enter the 6-digit code" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code"),
  password: newPasswordField,
});

export const resetSchema = z.discriminatedUnion("intent", [resetRequestSchema, resetConfirmSchema]);
