// A session begins and ends (decision 008): after a password, a code or a sign-up, and at Log Out
// or 'Sign in again'. The session's row is the Shop's; its cookie and the device's are auth's.
import { rememberDevice } from "../auth/device.server.ts";
import { startSession } from "../auth/session.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

/** A new session, and this browser remembered as one the customer signs in from (decision 020): their Set-Cookie values. */
export async function beginSession(shop: Shop, customer: Customer, deviceToken: string | null): Promise<{ session: string; device: string }> {
  return { session: await startSession(shop, customer), device: await rememberDevice(shop, customer, deviceToken) };
}

/** Ends the session of `token`: signed out everywhere that cookie was. */
export function endSession(shop: Shop, token: string): Promise<void> {
  return shop.accounts.endSession(token);
}
