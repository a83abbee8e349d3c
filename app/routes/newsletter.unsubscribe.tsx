// /newsletter/unsubscribe?token=…: the link in every newsletter mail. Opening it asks;
// the button (a POST) unsubscribes, without signing in.
import { MailedLink } from "../components/MailedLink.tsx";
import { unsubscribe } from "../components/forms.ts";
import { NEWSLETTER_MESSAGES } from "../domain/contact.ts";
import { shopOf } from "../server/context.server.ts";
import { unsubscribeForm } from "../server/forms/contact.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/newsletter.unsubscribe";
import { privatePageMeta } from "../components/seo.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const subscriber = await shopOf(context).newsletter.byToken(token);
  return { token, subscriber };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export const action = unsubscribeForm.run;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscriber } = loaderData;
  return (
    <MailedLink
      title="Newsletter"
      state={actionData?.ok || (subscriber && !subscriber.subscribed) ? "done" : !subscriber || actionData ? "unknown" : "ask"}
      done={NEWSLETTER_MESSAGES.unsubscribed}
      unknown={NEWSLETTER_MESSAGES.unknownLink}
      question={
        <>
          Stop sending the {store.name} newsletter to <strong>{subscriber?.email}</strong>?
        </>
      }
      hidden={
        <>
          <input type="hidden" {...unsubscribe.intent("unsubscribe")} />
          <input type="hidden" name={unsubscribe.field("unsubscribe", "token")} value={token} />
        </>
      }
      button="Unsubscribe"
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Unsubscribe", description: "Stop receiving the newsletter.", path: "/newsletter/unsubscribe" });
