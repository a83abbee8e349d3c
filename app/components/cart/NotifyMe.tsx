import { useFetcher } from "react-router";
import { NOTIFY_MESSAGES } from "../../domain/stock-request.ts";
import { notify, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";

/**
 * 'Notify Me' beside an out-of-stock item's disabled Add to Cart (issue 29): a plain post; signed
 * out, it goes through sign-in and is asked for after, back on this page.
 */
export function NotifyMe({ internalReference, title, back, wide }: { internalReference: string; title: string; back: string; wide: string }) {
  const fetcher = useFetcher({ key: `notify:${internalReference}` });
  useRefusalToast(fetcher);
  const i18n = useI18n();
  return (
    <fetcher.Form method="post" action={notify.action} className="relative z-10">
      <input type="hidden" {...notify.intent("request")} />
      <input type="hidden" name={notify.field("request", "internal_reference")} value={internalReference} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={i18n._("Notify me when {title} is back in stock", { title })}
        className={`rounded-md border-2 border-brand-700 font-semibold text-brand-800 hover:bg-brand-50 ${wide}`}
      >
        {i18n._(NOTIFY_MESSAGES.button)}
      </button>
    </fetcher.Form>
  );
}
