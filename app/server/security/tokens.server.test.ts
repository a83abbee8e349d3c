import { describe, expect, it } from "vitest";
import { digest, hashPassword, newResetCode, verifyPassword } from "./tokens.server.ts";

describe("passwords", () => {
  it("verifies the password it hashed and nothing else", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(await verifyPassword("correct horse", null)).toBe(false);
    expect(await verifyPassword("correct horse", "garbage")).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
  it("makes 6-digit codes and stable digests", () => {
    for (let i = 0; i < 50; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
    expect(digest("a")).toBe(digest("a"));
    expect(digest("a")).toHaveLength(64);
  });
});
