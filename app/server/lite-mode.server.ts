// Lite mode's request side (issue 26 part 4; app/domain/lite-mode.ts): the Save-Data header and
// the footer's choice, kept in a plain cookie (a preference about one's own connection: nothing
// to sign, readable without JavaScript by the server alone).
import { LITE_COOKIE, LITE_COOKIE_MAX_AGE, liteMode, type LiteMode } from "../domain/lite-mode.ts";
import { cookieName } from "./auth/cookies.server.ts";
import { appEnv } from "./env.server.ts";

function choiceOf(request: Request): string | null {
  const name = cookieName(LITE_COOKIE);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, value] = part.trim().split("=");
    if (key === name) return value ?? null;
  }
  return null;
}

export function liteModeOf(request: Request): LiteMode {
  return liteMode(request.headers.get("Save-Data"), choiceOf(request));
}

/** The Set-Cookie that keeps the shopper's choice for a year. */
export function liteChoiceCookie(on: boolean): string {
  const secure = appEnv().cookieSecure ? "; Secure" : "";
  return `${cookieName(LITE_COOKIE)}=${on ? "on" : "off"}; Path=/; Max-Age=${LITE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}
