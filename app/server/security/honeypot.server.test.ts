import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { honeypotInputProps, isSpam } from "./honeypot.server.ts";

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-secret-that-is-long-enough-0123456789";
});
afterEach(() => vi.useRealTimers());

describe("honeypotInputProps", () => {
  it("serves one set of fields within a second and a fresh set after it, each passing the check", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00.000Z"), toFake: ["Date"] });
    const first = await honeypotInputProps();
    vi.setSystemTime(new Date("2026-11-24T10:00:00.900Z"));
    expect((await honeypotInputProps()).encryptedValidFrom).toBe(first.encryptedValidFrom);
    vi.setSystemTime(new Date("2026-11-24T10:00:01.000Z"));
    const next = await honeypotInputProps();
    expect(next.encryptedValidFrom).not.toBe(first.encryptedValidFrom);
    for (const props of [first, next]) {
      const form = new FormData();
      form.set(props.nameFieldName, "");
      form.set(props.validFromFieldName!, props.encryptedValidFrom);
      expect(await isSpam(form)).toBe(false);
    }
  });
});
