// /newsletter/confirm?token=…: the link in the confirmation mail (double opt-in). Opening it
// asks; the button (a POST) subscribes the address and sends the welcome, without signing in.
import { Form } from "react-router";
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
  let body;
  if (actionData?.ok || subscriber?.confirmed) body = <p role="status">{NEWSLETTER_MESSAGES.confirmed}</p>;
  else if (!subscriber || actionData) body = <p role="alert">{NEWSLETTER_MESSAGES.unknownConfirmLink}</p>;
  else
    body = (
      <Form method="post">
        <p>
          Send the {store.name} newsletter to <strong>{subscriber.email}</strong>?
        </p>
        <input type="hidden" {...confirmNewsletter.intent("confirm")} />
        <input type="hidden" name={confirmNewsletter.field("confirm", "token")} value={token} />
        <button type="submit" className="mt-4 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Confirm subscription
        </button>
      </Form>
    );
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-4 text-2xl font-semibold">Newsletter</h1>
      {body}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, { title: "Confirm your subscription", description: "Confirm the newsletter subscription.", path: "/newsletter/confirm" });
