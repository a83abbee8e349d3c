// /newsletter: where the footer's newsletter form posts (Specification: Newsletter). It has no page: a
// fetcher gets the answer on the form; a plain post goes back to the page it came from,
// with the toast, or with the reason and what was typed (app/server/forms/contact.server.ts).
import { redirect } from "react-router";
import { newsletterForm } from "../server/forms/contact.server.ts";

export function loader() {
  return redirect("/");
}

export const action = newsletterForm.run;
