import { useFetcher } from "react-router";
import { NOTIFY_MESSAGES } from "../../domain/stock-request.ts";
import { notify, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { useViewer } from "../root-data.ts";

/**
 * 'Notify Me' beside an out-of-stock item's disabled Add to Cart (issue 29): a plain post; signed
 * out, it goes through sign-in and is asked for after, back on this page. Once the shopper asked,
 * its place says 'We will let you know', with Cancel (issue 41): the viewer's open requests say
 * so, and with JavaScript a press shows the other state before the server answers.
 */
export function NotifyMe({ internalReference, title, back, wide }: { internalReference: string; title: string; back: string; wide: string }) {
  // One fetcher for both forms: only one is on screen, and its pending post is the optimistic view.
  const fetcher = useFetcher({ key: `notify:${internalReference}` });
  useRefusalToast(fetcher);
  const i18n = useI18n();
  const viewer = useViewer();
  const requestId = viewer?.notify?.[internalReference];
  const pending = viewer && fetcher.formData ? notify.read(fetcher.formData) : null;
  const waiting = pending ? pending.intent === "request" : requestId !== undefined;
  const busy = fetcher.state !== "idle";

  if (waiting) {
    return (
      <fetcher.Form method="post" action={notify.action} className="relative z-10 flex flex-wrap items-center gap-2">
        <input type="hidden" {...notify.intent("cancel")} />
        <input type="hidden" name={notify.field("cancel", "request")} value={requestId ?? ""} />
        <input type="hidden" name="redirectTo" value={back} />
        <p role="status" className="text-sm font-medium text-brand-800">
          {i18n._(NOTIFY_MESSAGES.waiting)}
        </p>
        <button
          type="submit"
          // Until the server has answered the request, there is no request to cancel yet.
          disabled={busy || requestId === undefined}
          aria-label={i18n._("Cancel the request for {title}", { title })}
          className={`rounded-md border border-stone-400 font-medium text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500 ${wide}`}
        >
          {i18n._(NOTIFY_MESSAGES.cancel)}
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" action={notify.action} className="relative z-10">
      <input type="hidden" {...notify.intent("request")} />
      <input type="hidden" name={notify.field("request", "internal_reference")} value={internalReference} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        disabled={busy}
        aria-label={i18n._("Notify me when {title} is back in stock", { title })}
        className={`rounded-md border-2 border-brand-700 font-semibold text-brand-800 hover:bg-brand-50 ${wide}`}
      >
        {i18n._(NOTIFY_MESSAGES.button)}
      </button>
    </fetcher.Form>
  );
}
