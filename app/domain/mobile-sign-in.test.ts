import { describe, expect, it } from "vitest";
import hindi from "../locales/hi.json" with { type: "json" };
import type { Catalogue } from "./i18n/messages.ts";
import { recogniseEnglish } from "./i18n/recognise.ts";
import { i18nFor, registerCatalogue } from "./i18n/registry.ts";
import {
  checkCode,
  displayMobile,
  judgeCode,
  mobileSendSchema,
  mobileVerifySchema,
  normalizeMobile,
  OTP_LIFETIME_MS,
  OTP_TRIES,
  secondsBeforeResend,
  verdictMessage,
} from "./mobile-sign-in.ts";

describe("a mobile number", () => {
  it("is 10 digits starting 6 to 9, however it is typed", () => {
    for (const typed of ["9876543210", "98765 43210", "+91 98765 43210", "919876543210", "09876543210", "98765-43210"]) expect(normalizeMobile(typed)).toBe("9876543210");
    for (const typed of ["12345", "5876543210", "98765432100", "abc9876543210", "+1 9876543210", ""]) expect(normalizeMobile(typed)).toBeNull();
    expect(displayMobile("9876543210")).toBe("+91 98765 43210");
  });
  it("is refused with the specifications' phone message", () => {
    const result = mobileSendSchema.safeParse({ mobile: "12345" });
    expect(result.success ? null : result.error.issues[0]!.message).toBe("Enter a valid 10-digit phone number");
    expect(mobileVerifySchema.safeParse({ mobile: "9876543210", code: "12345" }).success).toBe(false);
    expect(mobileVerifySchema.parse({ mobile: "9876543210", code: "123456", email: "" }).email).toBeUndefined();
  });
});

describe("a code's try", () => {
  const now = Date.now();
  const kept = (attempts: number, extra: Partial<{ usedAt: Date | null; expiresAt: Date }> = {}) => ({
    digest: "right",
    expiresAt: new Date(now + OTP_LIFETIME_MS),
    attempts,
    usedAt: null,
    ...extra,
  });
  it("accepts the right code within its tries", () => {
    expect(judgeCode(kept(1), "right", now)).toBe("ok");
    expect(judgeCode(kept(OTP_TRIES), "right", now)).toBe("ok");
  });
  it("says invalid for a wrong one, and spent on the last try and after", () => {
    expect(judgeCode(kept(1), "wrong", now)).toBe("invalid");
    expect(judgeCode(kept(OTP_TRIES), "wrong", now)).toBe("spent");
    expect(judgeCode(kept(OTP_TRIES + 1), "right", now)).toBe("spent");
  });
  it("says how many tries a wrong code leaves, one or more, in English and in Hindi (issue 41)", () => {
    registerCatalogue("hi", hindi as Catalogue, recogniseEnglish);
    const wrong = (attempts: number) => verdictMessage(checkCode(kept(attempts), "wrong", now));
    expect(checkCode(kept(1), "wrong", now)).toEqual({ verdict: "invalid", triesLeft: OTP_TRIES - 1 });
    expect(wrong(1)).toBe("That code is not right. 4 tries left.");
    expect(wrong(OTP_TRIES - 1)).toBe("That code is not right. 1 try left.");
    // The Hindi page reads the English it is handed back into its message, count and all.
    expect(i18nFor("hi")._(wrong(2))).toBe("यह कोड सही नहीं है। 3 कोशिशें बाकी हैं।");
    expect(i18nFor("hi")._(wrong(OTP_TRIES - 1))).toBe("यह कोड सही नहीं है। 1 कोशिश बाकी है।");
    // The last try spends the code: that says so, with nothing left to count.
    expect(checkCode(kept(OTP_TRIES), "wrong", now)).toEqual({ verdict: "spent", triesLeft: 0 });
    expect(verdictMessage(checkCode(kept(OTP_TRIES), "wrong", now))).toBe("This code was tried too many times and no longer works. Ask for a new code.");
    expect(checkCode(kept(1), "right", now)).toEqual({ verdict: "ok", triesLeft: 0 });
  });
  it("says expired for a lapsed, used or missing code", () => {
    expect(judgeCode(kept(1, { expiresAt: new Date(now) }), "right", now)).toBe("expired");
    expect(judgeCode(kept(1, { usedAt: new Date(now) }), "right", now)).toBe("expired");
    expect(judgeCode(null, "right", now)).toBe("expired");
  });
  it("waits 30 seconds between codes", () => {
    expect(secondsBeforeResend(null, now)).toBe(0);
    expect(secondsBeforeResend(new Date(now - 10_000), now)).toBe(20);
    expect(secondsBeforeResend(new Date(now - 30_000), now)).toBe(0);
  });
});
