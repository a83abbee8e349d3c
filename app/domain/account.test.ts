import { describe, expect, it } from "vitest";
import { resetSchema, signInSchema, signUpSchema } from "./account.ts";

describe("signUpSchema", () => {
  const good = { name: "Asha", email: " Asha@Example.IN ", phone: "98765 43210", password: "long enough" };
  it("normalises the e-mail", () => {
    expect(signUpSchema.parse(good).email).toBe("asha@example.in");
  });
  it.each([
    [{ email: "" }, "Enter your email"],
    [{ email: "asha@" }, "Enter a valid email address"],
    [{ phone: "12345" }, "Enter a valid 10-digit phone number"],
    [{ phone: "abcdefghijkl" }, "Enter a valid 10-digit phone number"],
    [{ password: "short" }, "Use at least 8 characters."],
    [{ name: "  " }, "Enter your name"],
  ])("refuses %j", (over, message) => {
    const r = signUpSchema.safeParse({ ...good, ...over });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe("signInSchema and resetSchema", () => {
  it("asks for the e-mail first", () => {
    expect(signInSchema.safeParse({ password: "x" }).error?.issues[0]?.message).toBe("Enter your email");
    expect(resetSchema.safeParse({ intent: "request", email: "" }).error?.issues[0]?.message).toBe("Enter your email");
  });
  it("wants a 6-digit code", () => {
    const r = resetSchema.safeParse({ intent: "reset", email: "a@b.in", code: "12345", password: "new password" });
    expect(r.error?.issues[0]?.message).toBe("Enter the 6-digit code");
  });
});
