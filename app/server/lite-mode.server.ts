// Lite mode's request side (issue 26 part 4; app/domain/lite-mode.ts): the Save-Data header and
// the footer's choice, kept in a plain cookie (a preference about one's own connection: nothing
// to sign, readable without JavaScript by the server alone).
import { LITE_COOKIE, LITE_COOKIE_MAX_AGE, liteMode, type LiteMode } from "../domain/lite-mode.ts";
import { plainCookie, plainCookieHeader } from "./auth/cookies.server.ts";

export function liteModeOf(request: Request): LiteMode {
  return liteMode(request.headers.get("Save-Data"), plainCookie(request, LITE_COOKIE));
}

/** The Set-Cookie that keeps the shopper's choice for a year. */
export function liteChoiceCookie(on: boolean): string {
  return plainCookieHeader(LITE_COOKIE, on ? "on" : "off", LITE_COOKIE_MAX_AGE);
}
