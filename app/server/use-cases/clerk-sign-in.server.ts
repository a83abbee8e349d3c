// AUTH_PROVIDER=clerk: a Clerk user becomes a Haat customer, linked by Clerk's user id, once, and
// only with an e-mail address Clerk has verified. Both ways a Clerk user arrives come here:
// /auth/clerk after Clerk's pages, and the JSON API's first call with a Clerk session token.
import { startSession } from "../auth/session.server.ts";
import { ShopError, type Customer, type Shop } from "../shop/port.server.ts";

export const NEEDS_VERIFIED_EMAIL = "Your account needs a verified e-mail address to shop here.";

/** Who Clerk says the user is. */
export interface ClerkIdentity {
  clerkUserId: string;
  /** The user's primary e-mail address, verified by Clerk; null when it is not. */
  email: string | null;
  name: string;
  /** The Clerk session signed in with: with the ERP, its tokens are what the ERP is sent (decision 043). */
  sessionId?: string | null;
}

/** The customer of a Clerk user, linked (or made) the first time; ShopError "invalid" without a verified e-mail. */
export function linkClerkUser(shop: Shop, identity: ClerkIdentity): Promise<Customer> {
  if (!identity.email) throw new ShopError("invalid", NEEDS_VERIFIED_EMAIL);
  return shop.accounts.linkClerkUser({ clerkUserId: identity.clerkUserId, email: identity.email, name: identity.name, sessionId: identity.sessionId ?? null });
}

/** /auth/clerk: the customer, and a new Haat session's cookie value. */
export async function clerkSignIn(shop: Shop, identity: ClerkIdentity): Promise<{ customer: Customer; session: string }> {
  const customer = await linkClerkUser(shop, identity);
  return { customer, session: await startSession(shop, customer) };
}
