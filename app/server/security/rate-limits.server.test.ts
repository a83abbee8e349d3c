import { describe, expect, it } from "vitest";
import { ConfigError, readEnv } from "../env.server.ts";
import type { RateLimitPort } from "../shop/port.server.ts";
import { RATE_LIMITS, clearLimit, hitLimit, isBlocked, rateLimit, type RateLimitName } from "./rate-limits.server.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe("rate limits", () => {
  it("default to the table: tight per e-mail, generous per address (carrier NAT)", () => {
    const env = readEnv({});
    expect(rateLimit("signInPerEmail", env)).toEqual({ limit: 5, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("signInPerAddress", env)).toEqual({ limit: 100, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("signUpPerAddress", env)).toEqual({ limit: 30, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("resetPerEmail", env)).toEqual({ limit: 3, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("resetPerAddress", env)).toEqual({ limit: 30, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("contactPerAddress", env)).toEqual({ limit: 20, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("newsletterPerAddress", env)).toEqual({ limit: 30, windowMs: FIFTEEN_MINUTES });
  });

  it("take each count from its own variable when a deployer sets it", () => {
    const env = readEnv({ RATE_LIMIT_SIGNIN_PER_ADDRESS: "500", RATE_LIMIT_CONTACT_PER_ADDRESS: "8", RATE_LIMIT_SIGNIN_PER_EMAIL: "" });
    expect(rateLimit("signInPerAddress", env)).toEqual({ limit: 500, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("contactPerAddress", env)).toEqual({ limit: 8, windowMs: FIFTEEN_MINUTES });
    // An empty variable is unset; the others keep their defaults.
    expect(rateLimit("signInPerEmail", env).limit).toBe(5);
    expect(rateLimit("newsletterPerAddress", env).limit).toBe(30);
    for (const [name, row] of Object.entries(RATE_LIMITS)) {
      expect(rateLimit(name as RateLimitName, readEnv({ [row.variable]: "42" })).limit).toBe(42);
    }
  });

  it("refuse a count that is not a positive whole number", () => {
    for (const bad of ["0", "-3", "2.5", "many"]) {
      expect(() => readEnv({ RATE_LIMIT_NEWSLETTER_PER_ADDRESS: bad })).toThrow(ConfigError);
    }
  });

  it("count each limit under its own name, with the limit in force", async () => {
    const calls: unknown[][] = [];
    const limits: RateLimitPort = {
      async hit(...args) {
        calls.push(["hit", ...args]);
        return { allowed: true, retryAfterMs: 0 };
      },
      async blocked(...args) {
        calls.push(["blocked", ...args]);
        return false;
      },
      async clear(...args) {
        calls.push(["clear", ...args]);
      },
    };
    const shop = { limits };
    const contact = rateLimit("contactPerAddress");
    const signIn = rateLimit("signInPerEmail");
    expect(await hitLimit(shop, "contactPerAddress", "203.0.113.7")).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await isBlocked(shop, "signInPerEmail", "meera@example.in")).toBe(false);
    await clearLimit(shop, "signInPerEmail", "meera@example.in");
    expect(calls).toEqual([
      ["hit", "contactPerAddress:203.0.113.7", contact.limit, contact.windowMs],
      ["blocked", "signInPerEmail:meera@example.in", signIn.limit, signIn.windowMs],
      ["clear", "signInPerEmail:meera@example.in"],
    ]);
  });
});
