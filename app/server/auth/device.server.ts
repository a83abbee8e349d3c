// The device cookie (decision 020): a random token a browser keeps for a year after it signs
// in or signs up. The accounts signed in from it know it (shop.accounts.knownDevice), so
// a lockout of an account's e-mail, which anyone can cause by guessing, spares its owner.
import type { Customer, Shop } from "../shop/port.server.ts";
import { rememberDeviceToken } from "../use-cases/devices.server.ts";
import { cookies, DEVICE_COOKIE, hasCookie } from "./cookies.server.ts";

/** The request's device token when its cookie carries a valid signature, else null. */
export async function deviceTokenOf(request: Request): Promise<string | null> {
  if (!hasCookie(request, DEVICE_COOKIE)) return null;
  const token: unknown = await cookies().device.parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? token : null;
}

/**
 * Remembers this browser for the customer who has just signed in: the Set-Cookie header.
 * A browser keeps one token for every account signed in from it (a family's shared phone).
 */
export async function rememberDevice(shop: Shop, customer: Customer, token: string | null): Promise<string> {
  return cookies().device.serialize(await rememberDeviceToken(shop, customer, token));
}
