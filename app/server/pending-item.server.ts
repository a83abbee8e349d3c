// The signed cookie of what a signed-out shopper tapped (Specification: Adding to cart and After sign-in).
import type { PendingItem } from "../domain/pending-item.ts";
import { readPendingItem } from "../domain/pending-item.ts";
import { cookies, hasCookie, PENDING_COOKIE } from "./auth/cookies.server.ts";

type Unstamped<T> = T extends unknown ? Omit<T, "ts"> : never;

export async function savePendingItem(item: Unstamped<PendingItem>, now = Date.now()): Promise<string> {
  return cookies().pending.serialize({ ...item, ts: now });
}

/** The stored item, or null when there is none, it is unreadable or older than 30 minutes. */
export async function readPendingCookie(request: Request, now = Date.now()): Promise<PendingItem | null> {
  if (!hasCookie(request, PENDING_COOKIE)) return null;
  return readPendingItem(await cookies().pending.parse(request.headers.get("Cookie")), now);
}

export async function clearPendingItem(): Promise<string> {
  return cookies().pending.serialize("", { maxAge: 0, expires: new Date(0) });
}
