import { describe, expect, it } from "vitest";
import { readEnv } from "../env.server.ts";
import { commonSecurityHeaders, newNonce, pagePolicy } from "./headers.server.ts";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? null;

describe("the page policy", () => {
  it("lets scripts run only from the shop and with this page's nonce, and nobody frame it", () => {
    const nonce = newNonce();
    const policy = pagePolicy(nonce, readEnv({}));
    expect(directive(policy, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "frame-src")).toBe("frame-src 'none'");
  });

  it("makes a new nonce for every page", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("adds the origins configuration names (a payment provider's script and frame), and only those", () => {
    const env = readEnv({ CSP_SCRIPT_SRC: "https://checkout.razorpay.com", CSP_FRAME_SRC: "https://api.razorpay.com", CSP_CONNECT_SRC: "https://lumberjack.razorpay.com" });
    const policy = pagePolicy("n", env);
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://checkout.razorpay.com");
    expect(directive(policy, "frame-src")).toBe("frame-src https://api.razorpay.com");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://lumberjack.razorpay.com");
    expect(() => readEnv({ CSP_SCRIPT_SRC: "'unsafe-inline'" })).toThrow(/CSP_SCRIPT_SRC/);
    expect(() => readEnv({ CSP_SCRIPT_SRC: "http://plain.example" })).toThrow(/https origin/);
  });

  it("with Razorpay's keys, allows Standard Checkout's script and frame, and the payment link's redirect; never more", () => {
    const keys = { RAZORPAY_KEY_ID: "rzp_test_abc123", RAZORPAY_KEY_SECRET: "secret-123456", RAZORPAY_WEBHOOK_SECRET: "hook-123456" };
    const real = pagePolicy("n", readEnv(keys));
    expect(directive(real, "script-src")).toBe("script-src 'self' 'nonce-n' https://checkout.razorpay.com https://*.razorpay.com");
    expect(directive(real, "frame-src")).toBe("frame-src https://api.razorpay.com https://checkout.razorpay.com https://*.razorpay.com");
    expect(directive(real, "form-action")).toBe("form-action 'self' https://api.razorpay.com https://checkout.razorpay.com https://*.razorpay.com https://rzp.io");
    expect(real).not.toMatch(/'unsafe-eval'/);
    // A local stand-in names its own origin, and only that.
    const standin = pagePolicy("n", readEnv({ ...keys, RAZORPAY_API_BASE: "http://127.0.0.1:4190", RAZORPAY_CHECKOUT_JS: "http://127.0.0.1:4190/v1/checkout.js" }));
    expect(directive(standin, "script-src")).toBe("script-src 'self' 'nonce-n' http://127.0.0.1:4190");
    expect(directive(standin, "form-action")).toBe("form-action 'self' http://127.0.0.1:4190");
    // Without the keys, nothing of Razorpay's.
    expect(pagePolicy("n", readEnv({}))).not.toMatch(/razorpay/);
  });

  it("with Clerk, allows its Frontend API (from the publishable key) and its bot check", () => {
    const key = `pk_test_${Buffer.from("haat-shop.clerk.accounts.dev$").toString("base64")}`;
    const policy = pagePolicy("n", readEnv({ AUTH_PROVIDER: "clerk", CLERK_PUBLISHABLE_KEY: key, CLERK_SECRET_KEY: "sk_test_x" }));
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://haat-shop.clerk.accounts.dev https://challenges.cloudflare.com");
    expect(directive(policy, "frame-src")).toBe("frame-src https://challenges.cloudflare.com");
  });
});

describe("the address map's tiles", () => {
  it("are allowed from the tile server's origin only when the map is set up", () => {
    const withMap = pagePolicy("n", readEnv({ MAP_TILES_URL: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", GEOCODER_URL: "https://nominatim.openstreetmap.org" }));
    expect(directive(withMap, "img-src")).toBe("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
    const tilesOnly = pagePolicy("n", readEnv({ MAP_TILES_URL: "https://tiles.example.in/{z}/{x}/{y}.png" }));
    expect(directive(tilesOnly, "img-src")).toBe("img-src 'self' data: blob:");
  });
});

describe("the headers on every response", () => {
  it("are nosniff, a referrer policy and a permissions policy; HSTS only with Secure cookies, over HTTPS", () => {
    const plain = Object.fromEntries(commonSecurityHeaders(readEnv({ COOKIE_SECURE: "false" }), true));
    expect(plain["X-Content-Type-Options"]).toBe("nosniff");
    expect(plain["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(plain["Permissions-Policy"]).toContain("geolocation=(self)");
    expect(plain["Permissions-Policy"]).toContain("microphone=(self)");
    expect(plain["Permissions-Policy"]).toContain("camera=()");
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = readEnv({ COOKIE_SECURE: "true" });
    expect(Object.fromEntries(commonSecurityHeaders(secure, true))["Strict-Transport-Security"]).toBe("max-age=31536000");
    // Plain HTTP (a health check on the node, a proxy that does not say HTTPS): none.
    expect(Object.fromEntries(commonSecurityHeaders(secure, false))["Strict-Transport-Security"]).toBeUndefined();
  });
});
