import { describe, expect, it } from "vitest";
import { paymentOffer, readEnv } from "./env.server.ts";

const keys = { RAZORPAY_KEY_ID: "rzp_live_Abc123", RAZORPAY_KEY_SECRET: "key-secret-123", RAZORPAY_WEBHOOK_SECRET: "hook-secret-123" };

describe("payment configuration", () => {
  it("offers cash on delivery only, with no prepaid discount, without the Razorpay keys", () => {
    const env = readEnv({});
    expect(env.razorpay).toBeNull();
    expect(paymentOffer(env.razorpay !== null, env)).toEqual({ online: false, prepaidPercent: 0 });
  });

  it("offers card and UPI with the keys, Razorpay's own addresses by default and the 5% prepaid discount", () => {
    const env = readEnv(keys);
    expect(env.razorpay).toMatchObject({ keyId: "rzp_live_Abc123", apiBase: "https://api.razorpay.com", checkoutJs: "https://checkout.razorpay.com/v1/checkout.js", holdMinutes: 20 });
    expect(paymentOffer(true, env)).toEqual({ online: true, prepaidPercent: 5 });
    // A back end that takes no online payment (the ERP) is offered none, keys or not.
    expect(paymentOffer(false, env)).toEqual({ online: false, prepaidPercent: 0 });
    expect(readEnv({ ...keys, PREPAID_DISCOUNT_PERCENT: "0" }).prepaidPercent).toBe(0);
  });

  it("refuses half a configuration, with a message that says what is missing", () => {
    expect(() => readEnv({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toThrow(/RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together/);
    expect(() => readEnv({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: keys.RAZORPAY_KEY_SECRET })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
    expect(() => readEnv({ ...keys, RAZORPAY_KEY_ID: "key_123" })).toThrow(/rzp_test_/);
    expect(() => readEnv({ ...keys, PAYMENT_HOLD_MINUTES: "5" })).toThrow(/PAYMENT_HOLD_MINUTES/);
    expect(() => readEnv({ ...keys, RAZORPAY_API_BASE: "https://api.razorpay.com/v1" })).toThrow(/RAZORPAY_API_BASE/);
  });
});
