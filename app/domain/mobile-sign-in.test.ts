import { describe, expect, it } from "vitest";
import { displayMobile, judgeCode, mobileSendSchema, mobileVerifySchema, normalizeMobile, OTP_LIFETIME_MS, OTP_TRIES, secondsBeforeResend } from "./mobile-sign-in.ts";

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
