// Every rate limit of the shop in one table (docs/ARCHITECTURE.md, Security rules; decisions 018, 020).
// Counts are fixed windows kept in the database (shop.limits), so every instance counts
// together. Each count can be changed by a deployer through its variable in env.server.ts.
//
// Per-address limits are generous on purpose: mobile carriers in India put many shoppers
// behind one public address (carrier-grade NAT), and a limit that one busy address can reach
// at peak locks out strangers. They count under the address's key (addressKey: IPv6 by its
// /64), and sign-in's never refuses a right password (decision 020). Per-e-mail limits stay
// tight: they guard one account.
import { addressKey } from "../../domain/client-address.ts";
import { appEnv, type Env } from "../env.server.ts";
import type { Shop } from "../shop/port.server.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface Row {
  count: number;
  windowMs: number;
  /** What the key names: a client address is turned into its addressKey first. */
  per: "email" | "address" | "device" | "account" | "number series" | "shop";
  variable: keyof Env & `RATE_LIMIT_${string}`;
}

export const RATE_LIMITS = {
  /** Failed sign-ins per e-mail address (a success clears it): slows guessing one account's password. A device that signed in to the account before is not held back by it. */
  signInPerEmail: { count: 5, windowMs: FIFTEEN_MINUTES, per: "email", variable: "RATE_LIMIT_SIGNIN_PER_EMAIL" },
  /** Failed sign-ins per client address: past it, wrong passwords are answered "too many"; a right one still signs in. */
  signInPerAddress: { count: 100, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_SIGNIN_PER_ADDRESS" },
  /** Failed sign-ins from one known device (one that signed in to the account before): the owner's own brake, which strangers cannot reach. */
  signInPerDevice: { count: 10, windowMs: FIFTEEN_MINUTES, per: "device", variable: "RATE_LIMIT_SIGNIN_PER_DEVICE" },
  /** Sign-up attempts per client address. */
  signUpPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_SIGNUP_PER_ADDRESS" },
  /** E-mail confirmation links asked for again, per account: each one sends a mail (decision 047). */
  confirmationPerAccount: { count: 3, windowMs: FIFTEEN_MINUTES, per: "account", variable: "RATE_LIMIT_CONFIRMATION_PER_ACCOUNT" },
  /** Password-reset requests per e-mail address: each one sends a mail to that address. */
  resetPerEmail: { count: 3, windowMs: FIFTEEN_MINUTES, per: "email", variable: "RATE_LIMIT_RESET_PER_EMAIL" },
  /** Password-reset requests per client address. */
  resetPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_RESET_PER_ADDRESS" },
  /** Reset codes tried per client address: slows guessing the 6-digit codes of many accounts from one place. */
  resetCodePerAddress: { count: 50, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_RESET_CODE_PER_ADDRESS" },
  /** Contact messages (tickets) per client address. */
  contactPerAddress: { count: 20, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_CONTACT_PER_ADDRESS" },
  /** Newsletter subscriptions per client address: each new one sends a welcome mail. */
  newsletterPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_NEWSLETTER_PER_ADDRESS" },
  /** Recordings transcribed per client address: each one runs the speech engine for seconds. */
  voicePerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_VOICE_PER_ADDRESS" },
  /** 'Use my location' lookups per client address: each one asks the geocoding service. */
  locationPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_LOCATION_PER_ADDRESS" },
  /** One-time codes sent by SMS per client address (issue 28): each one costs an SMS. Per number: at most 5 an hour (domain/mobile-sign-in.ts). */
  codeSendPerAddress: { count: 60, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_CODE_SEND_PER_ADDRESS" },
  /** One-time codes tried per client address: slows guessing the codes of many numbers from one place (each code has 5 tries of its own). */
  codeCheckPerAddress: { count: 100, windowMs: FIFTEEN_MINUTES, per: "address", variable: "RATE_LIMIT_CODE_CHECK_PER_ADDRESS" },
  /**
   * Codes sent per hour to one number series (the first 4 digits: an operator and circle's block):
   * SMS pumping sends codes to many numbers of ranges the fraudster is paid for (decision 053).
   */
  codeSendPerSeries: { count: 100, windowMs: HOUR, per: "number series", variable: "RATE_LIMIT_CODE_SEND_PER_SERIES" },
  /** Codes sent per hour by the whole shop: the SMS bill's ceiling, whatever the spread of numbers. */
  codeSendPerShop: { count: 2000, windowMs: HOUR, per: "shop", variable: "RATE_LIMIT_CODE_SEND_PER_SHOP" },
} as const satisfies Record<string, Row>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limit in force: the deployer's count when its variable is set, else the table's. */
export function rateLimit(name: RateLimitName, env: Env = appEnv()): { limit: number; windowMs: number } {
  const row = RATE_LIMITS[name];
  return { limit: env[row.variable] ?? row.count, windowMs: row.windowMs };
}

/** Each limit counts under its own name, so two limits never share a counter; an address counts under its addressKey. */
export function limitKey(name: RateLimitName, key: string): string {
  return `${name}:${RATE_LIMITS[name].per === "address" ? addressKey(key) : key}`;
}

type Limits = Pick<Shop, "limits">;
export type LimitHit = { allowed: boolean; retryAfterMs: number; count: number; limit: number };

/**
 * Counts one attempt and says, in the same statement, whether it is within the limit: two
 * attempts at once can never both take the last place. `count` is this attempt's number
 * in the window, so exactly one caller sees `count === limit`.
 */
export async function hitLimit(shop: Limits, name: RateLimitName, key: string): Promise<LimitHit> {
  const { limit, windowMs } = rateLimit(name);
  return { ...(await shop.limits.hit(limitKey(name, key), limit, windowMs)), limit };
}

/** Whether `key` has already used up the limit, without counting an attempt. */
export function isBlocked(shop: Limits, name: RateLimitName, key: string): Promise<boolean> {
  const { limit, windowMs } = rateLimit(name);
  return shop.limits.blocked(limitKey(name, key), limit, windowMs);
}

/** Forgets the attempts counted for `key` (a successful sign-in clears its e-mail's count). */
export function clearLimit(shop: Limits, name: RateLimitName, key: string): Promise<void> {
  return shop.limits.clear(limitKey(name, key));
}
