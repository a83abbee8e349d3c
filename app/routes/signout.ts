// POST /signout: ends the session row and the cookie; Log Out returns to '/'.
import { redirect } from "react-router";
import { ACCOUNT_MESSAGES } from "../domain/account.ts";
import { cookies } from "../server/auth/cookies.server.ts";
import { expiredSessionCookie, signedInOf } from "../server/auth/session.server.ts";
import { shopOf } from "../server/context.server.ts";
import type { Route } from "./+types/signout";

export function loader() {
  // Signing out changes state: only a POST does it.
  return redirect("/", 303);
}

export async function action({ context }: Route.ActionArgs) {
  const signedIn = signedInOf(context);
  if (signedIn) await shopOf(context).accounts.endSession(signedIn.token);
  return cookies().toast.redirectWithToast("/", { type: "info", message: ACCOUNT_MESSAGES.signedOut }, { status: 303, headers: { "Set-Cookie": await expiredSessionCookie() } });
}
