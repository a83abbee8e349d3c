// /newsletter/confirm?token=…: the link in the confirmation mail (double opt-in). Opening it
// asks; the button (a POST) subscribes the address and sends the welcome, without signing in.
import { MailedLink } from "../components/MailedLink.tsx";
import { confirmNewsletter } from "../components/forms.ts";
import { privatePageMeta } from "../components/seo.ts";
import { NEWSLETTER_MESSAGES } from "../domain/contact.ts";
import { shopOf } from "../server/context.server.ts";
import { confirmForm } from "../server/forms/contact.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/newsletter.confirm";

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const subscriber = await shopOf(context).newsletter.byConfirmToken(token);
  return { token, subscriber };
}

// The token is a secret: never cached, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export const action = confirmForm.run;

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscriber } = loaderData;
  return (
    <MailedLink
      title="Newsletter"
      state={actionData?.ok || subscriber?.confirmed ? "done" : !subscriber || actionData ? "unknown" : "ask"}
      done={NEWSLETTER_MESSAGES.confirmed}
      unknown={NEWSLETTER_MESSAGES.unknownConfirmLink}
      question={
        <>
          Send the {store.name} newsletter to <strong>{subscriber?.email}</strong>?
        </>
      }
      hidden={
        <>
          <input type="hidden" {...confirmNewsletter.intent("confirm")} />
          <input type="hidden" name={confirmNewsletter.field("confirm", "token")} value={token} />
        </>
      }
      button="Confirm subscription"
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Confirm your subscription", description: "Confirm the newsletter subscription.", path: "/newsletter/confirm" });
