import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { typedValue, type FormReply } from "../domain/form-reply.ts";
import { newsletter } from "./forms.ts";
import { useI18n } from "./i18n.tsx";
import { useHere, useRootData } from "./root-data.ts";

// The footer's newsletter form (Specification: Newsletter): one e-mail field. Without JavaScript it
// posts and comes back to this page with a toast, or with the reason and what was typed;
// with it the answer shows here.
export function NewsletterForm() {
  const fetcher = useFetcher<FormReply>({ key: "newsletter" });
  const form = useRef<HTMLFormElement>(null);
  const here = useHere();
  const flashed = useRootData()?.flashed;
  const i18n = useI18n();
  const reply = (fetcher.state === "idle" ? fetcher.data : undefined) ?? (flashed?.form === newsletter.action ? flashed.reply : undefined);
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  return (
    <section aria-labelledby="footer-newsletter" className="mt-6">
      <h2 id="footer-newsletter" className="text-lg font-semibold text-white">
        {i18n._("Newsletter")}
      </h2>
      <p className="mt-1 text-sm text-stone-300">{i18n._("New arrivals, seasonal hampers and offers, once a fortnight.")}</p>
      <fetcher.Form ref={form} method="post" action={newsletter.action} noValidate className="mt-3 flex gap-2">
        <HoneypotInputs label={i18n._("Leave this field empty")} />
        <input type="hidden" name="redirectTo" value={here} />
        <label htmlFor="newsletter-email" className="sr-only">
          {i18n._("Email address for the newsletter")}
        </label>
        <input
          id="newsletter-email"
          name={newsletter.field("subscribe", "email")}
          defaultValue={typedValue(reply, "email")}
          type="email"
          autoComplete="email"
          placeholder={i18n._("Your email")}
          className="min-w-0 flex-1 rounded-md border border-stone-600 bg-stone-800 px-3 py-2 text-white placeholder:text-stone-400"
        />
        <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {i18n._("Subscribe")}
        </button>
      </fetcher.Form>
      {reply && (
        <p role={reply.ok ? "status" : "alert"} className={`mt-2 text-sm ${reply.ok ? "text-brand-100" : "text-red-300"}`}>
          {/* The answer's message is a marked constant: translated as it is shown. */}
          {reply.ok ? reply.message && i18n._(reply.message) : i18n._(reply.error)}
        </p>
      )}
    </section>
  );
}
