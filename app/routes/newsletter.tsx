// /newsletter: the footer form's action. A plain post goes back to its page with a toast;
// a fetcher gets the message. Subscribing twice stores one row and is not an error.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { NEWSLETTER_MESSAGES, newsletterSchema } from "../domain/contact.ts";
import { safePath } from "../domain/safe-path.ts";
import { actionRan, markActionRan } from "../server/action-ran.server.ts";
import { clientAddressOf, shopOf } from "../server/context.server.ts";
import { appEnv } from "../server/env.server.ts";
import { finish, firstError, isDataRequest } from "../server/forms.server.ts";
import { mailer } from "../server/mail/mailer.server.ts";
import { isSpam } from "../server/security/honeypot.server.ts";
import { store } from "../store-config.ts";
import type { Route } from "./+types/newsletter";

export function loader({ context }: Route.LoaderArgs) {
  if (!actionRan(context)) throw redirect("/");
  return null;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  markActionRan(context);
  const form = await request.formData();
  const back = safePath(form.get("redirectTo"), "/");
  if (await isSpam(form)) return data({ ok: false as const, error: NEWSLETTER_MESSAGES.failed(400) }, { status: 400 });
  const submission = parseWithZod(form, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const error = firstError(submission.reply());
    return isDataRequest(request) ? data({ ok: false as const, error }, { status: 400 }) : finish(request, back, { type: "error", message: error }, { navigate: true });
  }
  const shop = shopOf(context);
  if (!(await shop.limits.hit(`newsletter:${clientAddressOf(context)}`, 10, 15 * 60 * 1000)).allowed) {
    return data({ ok: false as const, error: NEWSLETTER_MESSAGES.tooMany }, { status: 429 });
  }
  const { token, already } = await shop.newsletter.subscribe(submission.value.email);
  if (!already) {
    const unsubscribe = `${url.origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
    await mailer(appEnv()).send({
      to: submission.value.email,
      subject: `You're on the ${store.name} newsletter`,
      text: `Thank you for subscribing to the ${store.name} newsletter.\n\nTo stop receiving it, open this link: ${unsubscribe}\n`,
    });
  }
  if (isDataRequest(request)) return { ok: true as const, message: NEWSLETTER_MESSAGES.subscribed };
  return finish(request, back, { type: "success", message: NEWSLETTER_MESSAGES.subscribed }, { navigate: true });
}

export default function NewsletterRefused({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Newsletter</h1>
      <p role="alert" className="mt-3 text-stone-700">
        {actionData && !actionData.ok ? actionData.error : NEWSLETTER_MESSAGES.failed(400)}
      </p>
      <Link to="/" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white">
        Go Back Home
      </Link>
    </section>
  );
}
