import { describe, expect, it } from "vitest";
import { ConfigError, readEnv } from "../env.server.ts";
import type { RateLimitPort } from "../shop/port.server.ts";
import { RATE_LIMITS, clearLimit, hitLimit, isBlocked, limitKey, rateLimit, type RateLimitName } from "./rate-limits.server.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe("rate limits", () => {
  it("default to the table: tight per e-mail, generous per address (carrier NAT)", () => {
    const env = readEnv({});
    expect(rateLimit("signInPerEmail", env)).toEqual({ limit: 5, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("signInPerAddress", env)).toEqual({ limit: 100, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("signInPerDevice", env)).toEqual({ limit: 10, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("signUpPerAddress", env)).toEqual({ limit: 30, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("resetPerEmail", env)).toEqual({ limit: 3, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("resetPerAddress", env)).toEqual({ limit: 30, windowMs: FIFTEEN_MINUTES });
    expect(rateLimit("resetCodePerAddress", env)).toEqual({ limit: 50, windowMs: FIFTEEN_MINUTES });
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
  });

  it("every limit is a setting: each row reads its own variable, as a deployer sets it", () => {
    const names = Object.keys(RATE_LIMITS) as RateLimitName[];
    expect(new Set(names.map((n) => RATE_LIMITS[n].variable)).size).toBe(names.length);
    for (const name of names) {
      const env = readEnv({ [RATE_LIMITS[name].variable]: "42" });
      expect(rateLimit(name, env).limit).toBe(42);
      for (const other of names) if (other !== name) expect(rateLimit(other, env).limit).toBe(RATE_LIMITS[other].count);
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
        return { allowed: true, retryAfterMs: 0, count: 1 };
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
    expect(await hitLimit(shop, "contactPerAddress", "203.0.113.7")).toEqual({ allowed: true, retryAfterMs: 0, count: 1, limit: contact.limit });
    expect(await isBlocked(shop, "signInPerEmail", "meera@example.in")).toBe(false);
    await clearLimit(shop, "signInPerEmail", "meera@example.in");
    expect(calls).toEqual([
      ["hit", "contactPerAddress:203.0.113.7", contact.limit, contact.windowMs],
      ["blocked", "signInPerEmail:meera@example.in", signIn.limit, signIn.windowMs],
      ["clear", "signInPerEmail:meera@example.in"],
    ]);
  });

  it("count a client address under its addressKey: an IPv6 /64 is one subscriber, IPv4 stays per address", async () => {
    const keys: string[] = [];
    const limits: RateLimitPort = {
      async hit(key) {
        keys.push(key);
        return { allowed: true, retryAfterMs: 0, count: 1 };
      },
      async blocked(key) {
        keys.push(key);
        return false;
      },
      async clear(key) {
        keys.push(key);
      },
    };
    const shop = { limits };
    // contact.server.ts passes the raw client address; the limit keys it.
    await hitLimit(shop, "contactPerAddress", "2401:4900:1c2a:8e51:b4f2:3c11:9a0e:12d4");
    await hitLimit(shop, "newsletterPerAddress", "2401:4900:1c2a:8e51::77");
    await isBlocked(shop, "signInPerAddress", "::ffff:203.0.113.7");
    await clearLimit(shop, "signUpPerAddress", "203.0.113.7");
    await hitLimit(shop, "signInPerEmail", "2001:db8::1@example.in");
    expect(keys).toEqual([
      "contactPerAddress:2401:4900:1c2a:8e51::/64",
      "newsletterPerAddress:2401:4900:1c2a:8e51::/64",
      "signInPerAddress:203.0.113.7",
      "signUpPerAddress:203.0.113.7",
      // Only addresses are rewritten.
      "signInPerEmail:2001:db8::1@example.in",
    ]);
    for (const [name, row] of Object.entries(RATE_LIMITS)) {
      if (row.per === "address") expect(limitKey(name as RateLimitName, "2001:db8:0:1::9")).toBe(`${name}:2001:db8:0:1::/64`);
    }
  });
});
