// POST /signout: ends the session row and the cookie; Log Out returns to '/'.
import { redirect } from "react-router";
import { accountForms } from "../server/forms/account.server.ts";

export function loader() {
  // Signing out changes state: only a POST does it.
  return redirect("/", 303);
}

export const action = accountForms.signOut.run;
