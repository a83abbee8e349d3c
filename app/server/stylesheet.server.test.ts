import { describe, expect, it } from "vitest";
import appCss from "../app.css?url";
import { cookieName } from "./auth/cookies.server.ts";
import { hasStylesheet, onlyStylesheetCookie, STYLESHEET_COOKIE, stylesheetCookieFor, stylesheetCookieOf } from "./stylesheet.server.ts";

const name = appCss.split("/").pop()!;
const asked = (cookie?: string) => new Request("http://shop/products", { headers: cookie ? { cookie } : {} });

describe("the stylesheet's cookie", () => {
  it("is set by the stylesheet's file alone, for a year", () => {
    expect(stylesheetCookieFor(appCss)).toMatch(new RegExp(`^${cookieName(STYLESHEET_COOKIE)}=${name.replace(".", "\\.")}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`));
    expect(stylesheetCookieFor("/assets/entry.client-abc.js")).toBeNull();
  });

  it("says the browser has this build's file, and no other's", () => {
    const mine = `${cookieName(STYLESHEET_COOKIE)}=${name}`;
    expect(hasStylesheet(asked(mine))).toBe(true);
    expect(hasStylesheet(asked(`${cookieName(STYLESHEET_COOKIE)}=app-older.css`))).toBe(false);
    expect(hasStylesheet(asked())).toBe(false);
    expect(stylesheetCookieOf(asked(`a=1; ${mine}`))).toBe(mine);
    expect(stylesheetCookieOf(asked("a=1"))).toBeNull();
  });

  it("alone leaves the page everyone's: with any other cookie it is not", () => {
    const mine = `${cookieName(STYLESHEET_COOKIE)}=${name}`;
    expect(onlyStylesheetCookie(asked(mine))).toBe(true);
    expect(onlyStylesheetCookie(asked(`${mine}; session=abc`))).toBe(false);
    expect(onlyStylesheetCookie(asked())).toBe(false);
  });
});
