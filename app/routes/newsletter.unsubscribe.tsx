// /newsletter/unsubscribe?token=…: the link in every newsletter mail. Opening it asks;
// the button (a POST) unsubscribes, without signing in.
import { Form } from "react-router";
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
  let body;
  if (actionData?.ok || (subscriber && !subscriber.subscribed)) body = <p role="status">{NEWSLETTER_MESSAGES.unsubscribed}</p>;
  else if (!subscriber || actionData) body = <p role="alert">{NEWSLETTER_MESSAGES.unknownLink}</p>;
  else
    body = (
      <Form method="post">
        <p>
          Stop sending the {store.name} newsletter to <strong>{subscriber.email}</strong>?
        </p>
        <input type="hidden" {...unsubscribe.intent("unsubscribe")} />
        <input type="hidden" name={unsubscribe.field("unsubscribe", "token")} value={token} />
        <button type="submit" className="mt-4 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Unsubscribe
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
  privatePageMeta(matches, { title: "Unsubscribe", description: "Stop receiving the newsletter.", path: "/newsletter/unsubscribe" });
