// The JSON API's bearer tokens (Specification: Transaction calls; issue 17): a pair issued at
// sign-in, sign-up or a code's sign-in, refreshed (the refresh token is spent) and revoked.
import type { ApiTokenPair, Customer, Shop } from "../shop/port.server.ts";
import { ensureOwnSignIn } from "./password-sign-in.server.ts";

// With Clerk, a bearer is Clerk's session token: Haat issues, refreshes and revokes none of its own.
export function issueApiTokens(shop: Shop, customerId: number): Promise<ApiTokenPair> {
  ensureOwnSignIn();
  return shop.tokens.issue(customerId);
}

/** A new pair for a refresh token, with the customer it is for; null when the token is spent, unknown or expired. */
export async function refreshApiTokens(shop: Shop, refreshToken: string): Promise<{ pair: ApiTokenPair; customer: Customer | null } | null> {
  ensureOwnSignIn();
  const pair = await shop.tokens.refresh(refreshToken);
  if (!pair) return null;
  return { pair, customer: await shop.tokens.resume(pair.accessToken) };
}

export function revokeApiTokens(shop: Shop, token: string): Promise<boolean> {
  ensureOwnSignIn();
  return shop.tokens.revoke(token);
}
