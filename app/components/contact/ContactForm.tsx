import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { refusalOf, typedValue, type FormReply } from "../../domain/form-reply.ts";
import { contact } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { raiseToast } from "../raise-toast.ts";
import { RefusalNotice } from "../ui/RefusalNotice.tsx";
import { PrivacyNoticeLink } from "../PrivacyNoticeLink.tsx";

const REQUIRED = ["name", "email", "subject", "message"] as const;
const input = "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

type Sent = FormReply<{ ticket: { name: string; url: string } }>;

/**
 * The contact form (Specification: Contact form) on the home page, /contact, /aboutus and /googleform. It
 * posts to the page it is on: without JavaScript the answer is the new ticket's page, or
 * this page again with the reason and what was typed; with it, the ticket's name and
 * 'View ticket' link show here, and Send waits for every required field.
 */
export function ContactForm({ id, heading }: { id: string; /** In the page's language already; "Get in touch" when none is given. */ heading?: string }) {
  const i18n = useI18n();
  const fetcher = useFetcher<Sent>({ key: `contact-${id}` });
  const form = useRef<HTMLFormElement>(null);
  const [filled, setFilled] = useState(false);
  const sending = fetcher.state !== "idle";
  // With JavaScript the fetcher's answer; without, the page's own (a refused plain post).
  const pageReply = useActionData();
  const reply = (fetcher.state === "idle" ? fetcher.data : undefined) ?? (pageReply as Sent | undefined);
  const refusal = refusalOf(reply);
  // A new answer: after a ticket the fields are empty again, so Send waits once more.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setFilled(false);
  }
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) form.current?.reset();
    else raiseToast(fetcher.data.error);
  }, [fetcher.data]);
  const check = () => {
    const data = form.current ? new FormData(form.current) : null;
    setFilled(REQUIRED.every((f) => String(data?.get(f) ?? "").trim() !== ""));
  };
  // What was typed before the scripts came counts too (the hydration gap): Send is enabled by the form as it is.
  useEffect(check, []);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-stone-200 bg-surface p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {heading ?? i18n._("Get in touch")}
      </h2>
      <RefusalNotice reply={refusal} className="mt-3" />
      {reply?.ok && (
        <p role="status" className="mt-3 rounded-md bg-brand-50 p-3 text-sm">
          {reply.message ? i18n._(reply.message) : null}{" "}
          <Link to={reply.data.ticket.url} className="font-semibold text-brand-700 underline">
            {i18n._("View ticket")}
          </Link>
        </p>
      )}
      <fetcher.Form ref={form} method="post" noValidate onChange={check} className="mt-4 grid gap-3 sm:grid-cols-2">
        <HoneypotInputs label={i18n._("Leave this field empty")} />
        <label className="text-sm font-medium">
          {i18n._("Name")}
          <input name={contact.field("send", "name")} autoComplete="name" maxLength={100} defaultValue={typedValue(refusal, "name")} className={input} />
        </label>
        <label className="text-sm font-medium">
          {i18n._("Email")}
          <input name={contact.field("send", "email")} type="email" autoComplete="email" maxLength={254} defaultValue={typedValue(refusal, "email")} className={input} />
        </label>
        <label className="text-sm font-medium">
          {i18n._("Phone (optional)")}
          <input name={contact.field("send", "phone")} type="tel" autoComplete="tel" maxLength={20} defaultValue={typedValue(refusal, "phone")} className={input} />
        </label>
        <label className="text-sm font-medium">
          {i18n._("Subject")}
          <input name={contact.field("send", "subject")} maxLength={150} defaultValue={typedValue(refusal, "subject")} className={input} />
        </label>
        <label className="text-sm font-medium sm:col-span-2">
          {i18n._("Message")}
          <textarea name={contact.field("send", "message")} rows={4} maxLength={5000} defaultValue={typedValue(refusal, "message")} className={input} />
        </label>
        <div className="space-y-3 sm:col-span-2">
          <PrivacyNoticeLink />
          <SendButton sending={sending} enabled={filled} />
        </div>
      </fetcher.Form>
    </section>
  );
}

// Before hydration (and without JavaScript) Send is always enabled: the server checks.
function SendButton({ sending, enabled }: { sending: boolean; enabled: boolean }) {
  const hydrated = useHydrated();
  const i18n = useI18n();
  return (
    <button
      type="submit"
      disabled={sending || (hydrated && !enabled)}
      className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {sending ? i18n._("Sending…") : i18n._("Send message")}
    </button>
  );
}
