import { useSyncExternalStore } from "react";
import { OFFLINE_MESSAGES } from "../../domain/offline.ts";
import { safePath } from "../../domain/safe-path.ts";
import { useI18n } from "../i18n.tsx";

const noChanges = () => () => {};
/** The page that could not be fetched: /offline?from=… as the worker sends it, else this very page. */
const retryTarget = () => safePath(new URLSearchParams(window.location.search).get("from"), window.location.pathname + window.location.search);

/** 'You are offline', what still works, and Try again: the /offline page and a page that failed to load offline. */
export function OfflineNotice() {
  // Read from the address bar once hydrated (the page's HTML is the same whatever was asked for).
  const retry = useSyncExternalStore(noChanges, retryTarget, () => "/");
  const i18n = useI18n();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-4 text-2xl font-semibold">{i18n._(OFFLINE_MESSAGES.title)}</h1>
      <p>{i18n._(OFFLINE_MESSAGES.intro)}</p>
      <p className="mt-2 text-stone-700">{i18n._(OFFLINE_MESSAGES.stillWorks)}</p>
      <form method="get" action={retry.split("?")[0]} className="mt-6">
        <button
          type="submit"
          onClick={(event) => {
            event.preventDefault();
            window.location.assign(retry);
          }}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {i18n._(OFFLINE_MESSAGES.tryAgain)}
        </button>
      </form>
    </section>
  );
}
