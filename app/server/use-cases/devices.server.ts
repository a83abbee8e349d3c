// The devices an account was signed in from (decision 020): a lockout of the account's e-mail,
// which anyone can cause by guessing, spares a browser or an app its owner signed in on.
import { newToken } from "../security/tokens.server.ts";
import type { Customer, Shop } from "../shop/port.server.ts";

/**
 * The same for an app (the JSON API): it keeps the token itself and sends it back with its next
 * sign-in, so the e-mail's pause spares it as the cookie spares a browser. A random token of
 * 32 bytes needs no signature; an unknown one is simply no device.
 */
export async function rememberDeviceToken(shop: Shop, customer: Customer, token: string | null): Promise<string> {
  const deviceToken = token ?? newToken();
  await shop.accounts.rememberDevice(customer.id, deviceToken);
  return deviceToken;
}
