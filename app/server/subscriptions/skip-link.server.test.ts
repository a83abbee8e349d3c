import { describe, expect, it } from "vitest";
import { readSkipLink, skipLinkPath } from "./skip-link.server.ts";

const secret = "a-secret-of-at-least-thirty-two-characters";
const partsOf = (path: string) => {
  const [, , , id, date, mac] = path.split("/");
  return { id, date, mac };
};

describe("the reminder's skip link", () => {
  it("names one day of one subscription, and is read back as that", () => {
    const path = skipLinkPath(secret, 42, "2026-12-01");
    expect(path).toMatch(/^\/subscriptions\/skip\/42\/2026-12-01\/[\w-]{43}$/);
    expect(readSkipLink(secret, partsOf(path))).toEqual({ subscriptionId: 42, date: "2026-12-01" });
  });

  it("skips nothing else: another day, another subscription, another secret, or a made-up proof", () => {
    const { mac } = partsOf(skipLinkPath(secret, 42, "2026-12-01"));
    expect(readSkipLink(secret, { id: "42", date: "2026-12-02", mac })).toBeNull();
    expect(readSkipLink(secret, { id: "43", date: "2026-12-01", mac })).toBeNull();
    expect(readSkipLink("another-secret-of-thirty-two-characters!", { id: "42", date: "2026-12-01", mac })).toBeNull();
    expect(readSkipLink(secret, { id: "42", date: "2026-12-01", mac: "A".repeat(43) })).toBeNull();
  });

  it("refuses parts that are not an id, a date and a proof", () => {
    const { mac } = partsOf(skipLinkPath(secret, 42, "2026-12-01"));
    expect(readSkipLink(secret, { id: "42x", date: "2026-12-01", mac })).toBeNull();
    expect(readSkipLink(secret, { id: "42", date: "2026-13-45", mac })).toBeNull();
    expect(readSkipLink(secret, { id: "42", date: "tomorrow", mac })).toBeNull();
    expect(readSkipLink(secret, { id: undefined, date: undefined, mac: undefined })).toBeNull();
    expect(readSkipLink(secret, { id: "42", date: "2026-12-01", mac: mac!.slice(1) })).toBeNull();
  });
});
