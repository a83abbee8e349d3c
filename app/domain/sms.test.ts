import { describe, expect, it } from "vitest";
import { matchesTemplate, SMS_TEMPLATES, smsText, smsVariables } from "./sms.ts";

describe("the shop's SMS", () => {
  it("end the code's SMS with the line the WebOTP API reads", () => {
    const text = smsText({ template: "otp", values: { code: "123456", host: "shop.example.in" } });
    expect(text.split("\n").at(-1)).toBe("@shop.example.in #123456");
    expect(text.startsWith("123456 is your Haat code.")).toBe(true);
    expect(matchesTemplate(text, SMS_TEMPLATES.otp)).toBe(true);
  });
  it("go out whole or not at all", () => {
    expect(() => smsText({ template: "orderPlaced", values: { order: "#12" } })).toThrow(/needs \{total\}/);
    expect(smsVariables("orderPlaced")).toEqual(["order", "total", "link"]);
  });
  it("match their registered text only with each variable filled (DLT)", () => {
    expect(matchesTemplate("Haat: your order #12 is cancelled. See it at haat.test/orders/12", SMS_TEMPLATES.cancelled)).toBe(true);
    expect(matchesTemplate("Haat: your order #12 is cancelled. Call us!", SMS_TEMPLATES.cancelled)).toBe(false);
    expect(matchesTemplate("Haat: your order  is cancelled. See it at ", SMS_TEMPLATES.cancelled)).toBe(false);
  });
  it("are plain GSM text (no ₹ or Devanagari, which would make them Unicode)", () => {
    for (const text of Object.values(SMS_TEMPLATES)) expect(text).toMatch(/^[\x20-\x7e\n]+$/);
  });
});
