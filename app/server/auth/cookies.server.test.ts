import { describe, expect, it } from "vitest";
import { cookieName, SESSION_COOKIE } from "./cookies.server.ts";

describe("cookie names", () => {
  it("carry the __Host- prefix when cookies are Secure, so only this host over HTTPS can set them", () => {
    expect(cookieName(SESSION_COOKIE, { cookieSecure: true })).toBe("__Host-haat_session");
    expect(cookieName(SESSION_COOKIE, { cookieSecure: false })).toBe("haat_session");
  });
});
