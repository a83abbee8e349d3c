// /verify-email?token=…: the link mailed to a new account (issue 25, decision 047). It is one of
// the customer's pages, so a signed-out visitor signs in first and comes back here; the button
// (a POST, so a mail scanner fetching the link changes nothing) confirms the signed-in
// account's e-mail, and only with that account's own link.
import { waysIn } from "../server/ways-in.server.ts";
import { MailedLink } from "../components/MailedLink.tsx";
import { confirmEmail } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { EMAIL_CONFIRMATION_MESSAGES } from "../domain/account.ts";
import { customerIn } from "../server/access.server.ts";
import { accountForms } from "../server/forms/account.server.ts";
import type { Route } from "./+types/verify-email";

export async function loader({ url, context }: Route.LoaderArgs) {
  const customer = customerIn(context);
  const confirmed = await waysIn(context).reads.accounts.emailConfirmed(customer.id);
  return { token: url.searchParams.get("token") ?? "", email: customer.email ?? "", confirmed };
}

// The token is a secret: never cached, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export const action = accountForms.confirmEmail.run;

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email, confirmed } = loaderData;
  const i18n = useI18n();
  return (
    <MailedLink
      title={i18n._("Confirm your e-mail address")}
      state={confirmed ? "done" : actionData || !token ? "unknown" : "ask"}
      done={i18n._(EMAIL_CONFIRMATION_MESSAGES.already)}
      unknown={i18n._(EMAIL_CONFIRMATION_MESSAGES.unknownLink)}
      question={i18n._(EMAIL_CONFIRMATION_MESSAGES.question(email))}
      hidden={
        <>
          <input type="hidden" {...confirmEmail.intent("confirm-email")} />
          <input type="hidden" name={confirmEmail.field("confirm-email", "token")} value={token} />
        </>
      }
      button={i18n._(EMAIL_CONFIRMATION_MESSAGES.button)}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Confirm your e-mail address"), description: i18n._("Confirm the e-mail address of your account."), path: "/verify-email" });
};
