// Haat's cookies, all HttpOnly, SameSite=Lax, Secure in production, signed with the
// cookie secret: the session, the device, the pending item, the toast flash and a refused
// form's answer.
import { createCookie, createCookieSessionStorage, type Cookie } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { DEVICE_LIFETIME_MS, SESSION_LIFETIME_MS } from "../../domain/account.ts";
import { PENDING_ITEM_LIFETIME_MS } from "../../domain/pending-item.ts";
import { appEnv } from "../env.server.ts";
import { cookieSecret } from "./secret.server.ts";

export const SESSION_COOKIE = "haat_session";
export const DEVICE_COOKIE = "haat_device";
export const PENDING_COOKIE = "haat_pending";
export const TOAST_COOKIE = "haat_toast";
export const REPLY_COOKIE = "haat_reply";

interface Cookies {
  session: Cookie;
  device: Cookie;
  pending: Cookie;
  reply: Cookie;
  toast: ReturnType<typeof createToastUtilsWithCustomSession>;
}

let built: Cookies | undefined;

export function cookies(): Cookies {
  if (built) return built;
  const env = appEnv();
  const base = { httpOnly: true, sameSite: "lax" as const, secure: env.cookieSecure, path: "/", secrets: [cookieSecret(env)] };
  built = {
    session: createCookie(SESSION_COOKIE, { ...base, maxAge: SESSION_LIFETIME_MS / 1000 }),
    // Outlives sessions and sign-outs: it is how the sign-in limit knows the account's owner (decision 020).
    device: createCookie(DEVICE_COOKIE, { ...base, maxAge: DEVICE_LIFETIME_MS / 1000 }),
    pending: createCookie(PENDING_COOKIE, { ...base, maxAge: PENDING_ITEM_LIFETIME_MS / 1000 }),
    // Read on the very next page: a minute is plenty.
    reply: createCookie(REPLY_COOKIE, { ...base, maxAge: 60 }),
    toast: createToastUtilsWithCustomSession(createCookieSessionStorage({ cookie: { ...base, name: TOAST_COOKIE } })),
  };
  return built;
}

/** Whether a Cookie header carries the named cookie: spares parsing (and any Set-Cookie) when it does not. */
export function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get("Cookie") ?? "").includes(`${name}=`);
}
