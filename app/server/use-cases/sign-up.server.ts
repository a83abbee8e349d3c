// Opening an account (Specification: Sign-in): the sign-up page and the JSON API's register call. Only
// the local provider opens accounts here (Clerk's shoppers sign up in Clerk), SIGNUP_ENABLED=false
// turns it off, and a connection may open only so many (the rate-limit table's signUpPerAddress).
// Every new account is mailed the link that confirms its e-mail (decision 047).
import type { I18n } from "../../domain/i18n/messages.ts";
import { ACCOUNT_MESSAGES } from "../../domain/account.ts";
import { allowSignUp, ownSignIn } from "./password-sign-in.server.ts";
import { appEnv, type Env } from "../env.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { ShopError, type Customer, type NewCustomer, type Shop } from "../shop/port.server.ts";
import { mailConfirmationLink } from "./email-confirmation.server.ts";

/** Whether this shop opens accounts itself: the sign-up page exists only then. */
export function signUpOpen(env: Env = appEnv()): boolean {
  return env.SIGNUP_ENABLED && ownSignIn(env);
}

/** A new account, from the connection `clientAddress`. ShopError "conflict" when the e-mail has one. */
/** `i18n`: the sign-up page's language (issue 27), for the confirmation mail. */
export async function signUp(shop: Shop, mail: Mailer, input: NewCustomer, clientAddress: string, i18n?: I18n): Promise<Customer> {
  if (!signUpOpen()) throw new ShopError("not_found", ACCOUNT_MESSAGES.signupDisabled);
  if (!(await allowSignUp(shop, clientAddress))) throw new ShopError("too_many", ACCOUNT_MESSAGES.tooManySignUps);
  const customer = await shop.accounts.register(input);
  await mailConfirmationLink(shop, mail, customer, i18n);
  return customer;
}
