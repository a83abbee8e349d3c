// Haat's cookies, all HttpOnly, SameSite=Lax, Secure in production, signed with the
// cookie secret: the session, the device, the pending item, the toast flash and a refused
// form's answer. With Secure cookies each name carries the __Host- prefix (ASVS 3.3.3): a
// browser then takes it only from this host, over HTTPS, for the whole site, so a sibling
// subdomain or a plain-HTTP page cannot plant or shadow it.
import { createCookie, createCookieSessionStorage, type Cookie } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { DEVICE_LIFETIME_MS, SESSION_LIFETIME_MS } from "../../domain/account.ts";
import { PENDING_ITEM_LIFETIME_MS } from "../../domain/pending-item.ts";
import { appEnv, type Env } from "../env.server.ts";
import { cookieSecret } from "../security/secret.server.ts";

export const SESSION_COOKIE = "haat_session";
export const DEVICE_COOKIE = "haat_device";
export const PENDING_COOKIE = "haat_pending";
export const TOAST_COOKIE = "haat_toast";
export const REPLY_COOKIE = "haat_reply";

/** The name a cookie is sent under: `__Host-` before it when cookies are Secure. */
export function cookieName(name: string, env: Pick<Env, "cookieSecure"> = appEnv()): string {
  return env.cookieSecure ? `__Host-${name}` : name;
}

interface Cookies {
  session: Cookie;
  device: Cookie;
  pending: Cookie;
  reply: Cookie;
  toast: ReturnType<typeof createToastUtilsWithCustomSession>;
  /** The toast's cookie itself, to expire once its toast is read. */
  toastCookie: Cookie;
}

let built: Cookies | undefined;

export function cookies(): Cookies {
  if (built) return built;
  const env = appEnv();
  const base = { httpOnly: true, sameSite: "lax" as const, secure: env.cookieSecure, path: "/", secrets: [cookieSecret(env)] };
  built = {
    session: createCookie(cookieName(SESSION_COOKIE, env), { ...base, maxAge: SESSION_LIFETIME_MS / 1000 }),
    // Outlives sessions and sign-outs: it is how the sign-in limit knows the account's owner (decision 020).
    device: createCookie(cookieName(DEVICE_COOKIE, env), { ...base, maxAge: DEVICE_LIFETIME_MS / 1000 }),
    pending: createCookie(cookieName(PENDING_COOKIE, env), { ...base, maxAge: PENDING_ITEM_LIFETIME_MS / 1000 }),
    // Read on the very next page: a minute is plenty.
    reply: createCookie(cookieName(REPLY_COOKIE, env), { ...base, maxAge: 60 }),
    toast: createToastUtilsWithCustomSession(createCookieSessionStorage({ cookie: { ...base, name: cookieName(TOAST_COOKIE, env) } })),
    toastCookie: createCookie(cookieName(TOAST_COOKIE, env), base),
  };
  return built;
}

/**
 * Once a toast is read its cookie holds nothing: expired, not kept empty, so the pages after it
 * are free of it (cacheable signed out, spliced signed in: issue 30) and of a Set-Cookie each.
 */
export function expiredToastCookie(): Promise<string> {
  return cookies().toastCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Whether a Cookie header carries the named cookie: spares parsing (and any Set-Cookie) when it does not. */
export function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get("Cookie") ?? "").includes(`${cookieName(name)}=`);
}

/** A plain (unsigned) preference cookie's value: Lite mode, the language. */
export function plainCookie(request: Request, name: string): string | null {
  const full = cookieName(name);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, value] = part.trim().split("=");
    if (key === full) return value ?? null;
  }
  return null;
}

/** The Set-Cookie of a plain preference cookie, kept `maxAge` seconds. */
export function plainCookieHeader(name: string, value: string, maxAge: number): string {
  const secure = appEnv().cookieSecure ? "; Secure" : "";
  return `${cookieName(name)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}
