import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { raiseToast } from "../Toaster.tsx";

const REQUIRED = ["name", "email", "subject", "message"] as const;
const input = "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

type Reply = { ok: true; ticket: { name: string; url: string }; message: string } | { ok: false; error: string };

/**
 * The contact form (browsing §5) on the home page, /contact and /aboutus. It posts to
 * /contact: without JavaScript the answer is the new ticket's page; with it, the ticket's
 * name and 'View ticket' link show here, and Send waits for every required field.
 */
export function ContactForm({ id, heading = "Get in touch" }: { id: string; heading?: string }) {
  const fetcher = useFetcher<Reply>({ key: `contact-${id}` });
  const form = useRef<HTMLFormElement>(null);
  const [filled, setFilled] = useState(false);
  const sending = fetcher.state !== "idle";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply?.ok) {
      form.current?.reset();
      setFilled(false);
    } else if (reply && !reply.ok) raiseToast(reply.error);
  }, [reply]);
  const check = () => {
    const data = form.current ? new FormData(form.current) : null;
    setFilled(REQUIRED.every((f) => String(data?.get(f) ?? "").trim() !== ""));
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {heading}
      </h2>
      {reply && !reply.ok && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {reply.error}
        </p>
      )}
      {reply?.ok && (
        <p role="status" className="mt-3 rounded-md bg-brand-50 p-3 text-sm">
          {reply.message}{" "}
          <Link to={reply.ticket.url} className="font-semibold text-brand-700 underline">
            View ticket
          </Link>
        </p>
      )}
      <fetcher.Form ref={form} method="post" action="/contact" noValidate onChange={check} className="mt-4 grid gap-3 sm:grid-cols-2">
        <HoneypotInputs label="Leave this field empty" />
        <label className="text-sm font-medium">
          Name
          <input name="name" autoComplete="name" maxLength={100} className={input} />
        </label>
        <label className="text-sm font-medium">
          Email
          <input name="email" type="email" autoComplete="email" maxLength={254} className={input} />
        </label>
        <label className="text-sm font-medium">
          Phone (optional)
          <input name="phone" type="tel" autoComplete="tel" maxLength={20} className={input} />
        </label>
        <label className="text-sm font-medium">
          Subject
          <input name="subject" maxLength={150} className={input} />
        </label>
        <label className="text-sm font-medium sm:col-span-2">
          Message
          <textarea name="message" rows={4} maxLength={5000} className={input} />
        </label>
        <div className="sm:col-span-2">
          <SendButton sending={sending} enabled={filled} />
        </div>
      </fetcher.Form>
    </section>
  );
}

// Before hydration (and without JavaScript) Send is always enabled: the server checks.
function SendButton({ sending, enabled }: { sending: boolean; enabled: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={sending || (hydrated && !enabled)}
      className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {sending ? "Sending…" : "Send message"}
    </button>
  );
}
