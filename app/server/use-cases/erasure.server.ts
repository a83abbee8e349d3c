// 'Delete my account' (issue 48 item 4, decision 086): proved by the password (an account with
// one) or by a fresh sign-in (one opened with a mobile number signs in with a code; a Clerk
// account with Clerk), then everything but the GST records erased at once (Shop: erasure.server.ts).
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import { ERASURE_MESSAGES } from "../../domain/privacy/rights.ts";
import { clearLimit, hitLimit } from "../security/rate-limits.server.ts";
import { ShopError, type AccountsPort, type Customer, type Shop } from "../shop/port.server.ts";
import { signedInRecently } from "./mobile-sign-in.server.ts";

const REFUSED = { "not-found": ERASURE_MESSAGES.signInAgain, "open-orders": ERASURE_MESSAGES.openOrders, "standing-orders": ERASURE_MESSAGES.standingOrders } as const;

/** How the account proves itself: its password when it has one, else a sign-in within the last minutes. */
export async function erasureProof(
  shop: { accounts: Pick<AccountsPort, "findLocal" | "sessionStartedAt">; capabilities: Pick<Shop["capabilities"], "erasesAccounts"> },
  customer: Customer,
  sessionToken: string,
): Promise<"password" | "recent" | "sign-in-again" | "elsewhere"> {
  // With the ERP, the account and its orders are the ERP's: the shop's staff erase it there.
  if (!shop.capabilities.erasesAccounts) return "elsewhere";
  // findLocal names only an account that has a password.
  if (customer.email && (await shop.accounts.findLocal(customer.email))?.id === customer.id) return "password";
  return (await signedInRecently(shop, sessionToken)) ? "recent" : "sign-in-again";
}

export async function deleteAccount(
  shop: Shop,
  customer: Customer,
  input: { password?: string; sessionToken: string; clientAddress: string },
): Promise<{ message: string; keptOrders: number }> {
  const proof = await erasureProof(shop, customer, input.sessionToken);
  if (proof === "elsewhere") throw new ShopError("conflict", ERASURE_MESSAGES.elsewhere);
  if (proof === "sign-in-again") throw new ShopError("conflict", ERASURE_MESSAGES.signInAgain);
  if (proof === "password") {
    // Counted as sign-in attempts are: a stolen session cannot guess the password here either.
    if (!(await hitLimit(shop, "signInPerEmail", customer.email!)).allowed) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManySignIns);
    if (!input.password || !(await shop.accounts.authenticate(customer.email!, input.password))) {
      if (!(await hitLimit(shop, "signInPerAddress", input.clientAddress)).allowed) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManySignIns);
      throw new ShopError("invalid", ERASURE_MESSAGES.wrongPassword);
    }
    // The right password: the e-mail's count starts again, as after a sign-in (a refusal below must not hold the owner back).
    await clearLimit(shop, "signInPerEmail", customer.email!);
  }
  const erased = await shop.privacy.erase(customer.id);
  if (!erased.erased) throw new ShopError("conflict", REFUSED[erased.refused]);
  return { message: ERASURE_MESSAGES.deleted, keptOrders: erased.keptOrders };
}
