// /newsletter/confirm?token=…: the link in the confirmation mail (double opt-in). Opening it
// asks; the button (a POST) subscribes the address and sends the welcome, without signing in.
import { waysIn } from "../server/ways-in.server.ts";
import { MailedLink } from "../components/MailedLink.tsx";
import { confirmNewsletter } from "../components/forms.ts";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";
import { NEWSLETTER_MESSAGES } from "../domain/contact.ts";
import { confirmForm } from "../server/forms/contact.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/newsletter.confirm";

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const subscriber = await waysIn(context).reads.newsletter.byConfirmToken(token);
  return { token, subscriber };
}

// The token is a secret: never cached, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export const action = confirmForm.run;

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscriber } = loaderData;
  const i18n = useI18n();
  // The whole question is translated; the address in it stays bold (split where it goes).
  const [before, after] = i18n._("Send the {shop} newsletter to {email}?", { shop: store.name, email: "\u0000" }).split("\u0000");
  return (
    <MailedLink
      title={i18n._("Newsletter")}
      state={actionData?.ok || subscriber?.confirmed ? "done" : !subscriber || actionData ? "unknown" : "ask"}
      done={i18n._(NEWSLETTER_MESSAGES.confirmed)}
      unknown={i18n._(NEWSLETTER_MESSAGES.unknownConfirmLink)}
      question={
        <>
          {before}
          <strong>{subscriber?.email}</strong>
          {after}
        </>
      }
      hidden={
        <>
          <input type="hidden" {...confirmNewsletter.intent("confirm")} />
          <input type="hidden" name={confirmNewsletter.field("confirm", "token")} value={token} />
        </>
      }
      button={i18n._("Confirm subscription")}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Confirm your subscription"), description: i18n._("Confirm the newsletter subscription."), path: "/newsletter/confirm" });
};
