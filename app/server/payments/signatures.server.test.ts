import { describe, expect, it } from "vitest";
import { checkoutSignature, linkSignature, sameSignature, webhookSignature } from "./signatures.server.ts";

describe("Razorpay signatures", () => {
  it("match the vectors published in Razorpay's own SDK tests", () => {
    // razorpay-python tests/test_client_utility.py: client auth ("key_id", "key_secret").
    expect(checkoutSignature("key_secret", "fake_order_id", "fake_payment_id")).toBe("b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89");
    // razorpay-node test/utils/razorpay-utils.spec.js: validateWebhookSignature.
    expect(webhookSignature("123456", '{"a":1,"b":2,"c":{"d":3}}')).toBe("2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc");
  });

  it("sign a payment link's four fields in Razorpay's order, joined by |", () => {
    const fields = { linkId: "plink_ExjpAUN3gVHrPJ", referenceId: "haat-42-1", status: "paid", paymentId: "pay_ExjpiXJJ1sVbDv" };
    const signature = linkSignature("key_secret", fields);
    // The same HMAC as the SDK's payment_link_id branch of validatePaymentVerification.
    expect(signature).toBe(checkoutSignature("key_secret", `${fields.linkId}|${fields.referenceId}|${fields.status}`, fields.paymentId));
    expect(linkSignature("key_secret", { ...fields, status: "created" })).not.toBe(signature);
  });

  it("compare in constant time and refuse anything that is not 64 hex digits", () => {
    const good = checkoutSignature("key_secret", "fake_order_id", "fake_payment_id");
    expect(sameSignature(good, good)).toBe(true);
    expect(sameSignature(good, good.toUpperCase())).toBe(true);
    expect(sameSignature(good, `${good.slice(0, 63)}0`)).toBe(good.endsWith("0"));
    expect(sameSignature(good, good.slice(0, 62))).toBe(false);
    expect(sameSignature(good, "")).toBe(false);
    expect(sameSignature(good, undefined)).toBe(false);
    expect(sameSignature(good, `${good.slice(0, 63)}z`)).toBe(false);
    // Signed with another secret: refused.
    expect(sameSignature(good, checkoutSignature("other", "fake_order_id", "fake_payment_id"))).toBe(false);
  });
});
