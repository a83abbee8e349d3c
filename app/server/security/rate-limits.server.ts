// Every rate limit of the shop in one table (DESIGN.md security rules; decision 018).
// Counts are fixed windows kept in the database (shop.limits), so every instance counts
// together. Each count can be changed by a deployer through its variable in env.server.ts.
//
// Per-address limits are generous on purpose: mobile carriers in India put many shoppers
// behind one public address (carrier-grade NAT), and a limit that one busy address can reach
// at peak locks out strangers. Per-e-mail limits stay tight: they guard one account.
import { appEnv, type Env } from "../env.server.ts";
import type { Shop } from "../shop/port.server.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const RATE_LIMITS = {
  /** Failed sign-ins per e-mail address (a success clears it): slows guessing one account's password. */
  signInPerEmail: { count: 5, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_SIGNIN_PER_EMAIL" },
  /** Failed sign-ins per client address: slows trying many accounts from one place. */
  signInPerAddress: { count: 100, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_SIGNIN_PER_ADDRESS" },
  /** Sign-up attempts per client address. */
  signUpPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_SIGNUP_PER_ADDRESS" },
  /** Password-reset requests per e-mail address: each one sends a mail to that address. */
  resetPerEmail: { count: 3, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_RESET_PER_EMAIL" },
  /** Password-reset requests per client address. */
  resetPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_RESET_PER_ADDRESS" },
  /** Contact messages (tickets) per client address. */
  contactPerAddress: { count: 20, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_CONTACT_PER_ADDRESS" },
  /** Newsletter subscriptions per client address: each new one sends a welcome mail. */
  newsletterPerAddress: { count: 30, windowMs: FIFTEEN_MINUTES, variable: "RATE_LIMIT_NEWSLETTER_PER_ADDRESS" },
} as const satisfies Record<string, { count: number; windowMs: number; variable: keyof Env }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limit in force: the deployer's count when its variable is set, else the table's. */
export function rateLimit(name: RateLimitName, env: Env = appEnv()): { limit: number; windowMs: number } {
  const row = RATE_LIMITS[name];
  return { limit: env[row.variable] ?? row.count, windowMs: row.windowMs };
}

/** Each limit counts under its own name, so two limits never share a counter. */
function keyOf(name: RateLimitName, key: string): string {
  return `${name}:${key}`;
}

type Limits = Pick<Shop, "limits">;

/** Counts one attempt; `allowed` is false once the limit is passed in the window. */
export function hitLimit(shop: Limits, name: RateLimitName, key: string): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const { limit, windowMs } = rateLimit(name);
  return shop.limits.hit(keyOf(name, key), limit, windowMs);
}

/** Whether `key` has already used up the limit, without counting an attempt. */
export function isBlocked(shop: Limits, name: RateLimitName, key: string): Promise<boolean> {
  const { limit, windowMs } = rateLimit(name);
  return shop.limits.blocked(keyOf(name, key), limit, windowMs);
}

/** Forgets the attempts counted for `key` (a successful sign-in clears its e-mail's count). */
export function clearLimit(shop: Limits, name: RateLimitName, key: string): Promise<void> {
  return shop.limits.clear(keyOf(name, key));
}
