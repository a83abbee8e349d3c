// /notify: no page. The action behind every 'Notify Me' button and the account list's Cancel
// (issue 29); opened as a page, it is the account's list.
import { redirect } from "react-router";
import { notifyForm } from "../server/forms/notify.server.ts";

export function loader() {
  return redirect("/myaccount/notify", 303);
}

export const action = notifyForm.run;
