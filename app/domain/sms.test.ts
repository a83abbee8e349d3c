import { describe, expect, it } from "vitest";
import hindi from "../locales/hi.json" with { type: "json" };
import { registerCatalogue } from "./i18n/registry.ts";
import { matchesTemplate, SMS_TEMPLATES, smsParts, smsTemplate, smsText, smsVariables } from "./sms.ts";

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

describe("the shop's SMS in Hindi (issue 41 item 12)", () => {
  registerCatalogue("hi", hindi as Record<string, string>);
  it("are the catalogue's Hindi of each template, with the same variables, and the code's WebOTP line last", () => {
    const text = smsText({ template: "otp", values: { code: "123456", host: "shop.example.in" }, language: "hi" });
    expect(text).toBe("123456 आपका Haat कोड है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।\n\n@shop.example.in #123456");
    expect(matchesTemplate(text, smsTemplate("otp", "hi"))).toBe(true);
    expect(smsText({ template: "cancelled", values: { order: "#12", link: "haat.test/hi/orders/12" }, language: "hi" })).toBe(
      "Haat: आपका ऑर्डर #12 रद्द हो गया है। देखें: haat.test/hi/orders/12",
    );
    for (const template of Object.keys(SMS_TEMPLATES) as (keyof typeof SMS_TEMPLATES)[]) {
      const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(smsTemplate(template, "hi")), template).toEqual(names(SMS_TEMPLATES[template]));
    }
  });
  it("count their parts as the networks do: 160 plain characters or 70 Unicode alone, 153 or 67 a part", () => {
    expect(smsParts("a".repeat(160))).toBe(1);
    expect(smsParts("a".repeat(161))).toBe(2);
    expect(smsParts("क".repeat(70))).toBe(1);
    expect(smsParts("क".repeat(71))).toBe(2);
    expect(smsParts("क".repeat(135))).toBe(3);
    expect(smsParts("₹1,299")).toBe(1);
  });
});
