// /newsletter/unsubscribe?token=…: the link in every newsletter mail. Opening it asks;
// the button (a POST) unsubscribes, without signing in.
import { data, Form } from "react-router";
import { NEWSLETTER_MESSAGES } from "../domain/contact.ts";
import { shopOf } from "../server/context.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/newsletter.unsubscribe";
import { privatePageMeta } from "../components/seo.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const subscriber = await shopOf(context).newsletter.byToken(token);
  return { token, subscriber };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = await shopOf(context).newsletter.unsubscribe(String(form.get("token") ?? ""));
  if (!email) return data({ done: false }, { status: 404 });
  return { done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, subscriber } = loaderData;
  let body;
  if (actionData?.done || (subscriber && !subscriber.subscribed)) body = <p role="status">{NEWSLETTER_MESSAGES.unsubscribed}</p>;
  else if (!subscriber || actionData?.done === false) body = <p role="alert">{NEWSLETTER_MESSAGES.unknownLink}</p>;
  else
    body = (
      <Form method="post">
        <p>
          Stop sending the {store.name} newsletter to <strong>{subscriber.email}</strong>?
        </p>
        <input type="hidden" name="token" value={token} />
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
