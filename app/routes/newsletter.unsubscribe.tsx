// /newsletter/unsubscribe?token=…: the link in every newsletter mail. Opening it asks;
// the button (a POST) unsubscribes, without signing in.
import { waysIn } from "../server/ways-in.server.ts";
import { MailedLink } from "../components/MailedLink.tsx";
import { unsubscribe } from "../components/forms.ts";
import { NEWSLETTER_MESSAGES } from "../domain/contact.ts";
import { unsubscribeForm } from "../server/forms/contact.server.ts";
import { store } from "../domain/store-config.ts";
import type { Route } from "./+types/newsletter.unsubscribe";
import { i18nFor, useI18n } from "../components/i18n.tsx";
import { localeOfMatches, privatePageMeta } from "../components/seo.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const subscriber = await waysIn(context).reads.newsletter.byToken(token);
  return { token, subscriber };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export const action = unsubscribeForm.run;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscriber } = loaderData;
  const i18n = useI18n();
  // The whole question is translated; the address in it stays bold (split where it goes).
  const [before, after] = i18n._("Stop sending the {shop} newsletter to {email}?", { shop: store.name, email: "\u0000" }).split("\u0000");
  return (
    <MailedLink
      title={i18n._("Newsletter")}
      state={actionData?.ok || (subscriber && !subscriber.subscribed) ? "done" : !subscriber || actionData ? "unknown" : "ask"}
      done={i18n._(NEWSLETTER_MESSAGES.unsubscribed)}
      unknown={i18n._(NEWSLETTER_MESSAGES.unknownLink)}
      question={
        <>
          {before}
          <strong>{subscriber?.email}</strong>
          {after}
        </>
      }
      hidden={
        <>
          <input type="hidden" {...unsubscribe.intent("unsubscribe")} />
          <input type="hidden" name={unsubscribe.field("unsubscribe", "token")} value={token} />
        </>
      }
      button={i18n._("Unsubscribe")}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nFor(localeOfMatches(matches));
  return privatePageMeta(matches, { title: i18n._("Unsubscribe"), description: i18n._("Stop receiving the newsletter."), path: "/newsletter/unsubscribe" });
};
