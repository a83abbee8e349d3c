// The page an error shows (the root's and the staff layout's boundaries): the shop's 404, the
// offline page when there was no answer, or 'Something went wrong' with the request's reference.
import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { isNoAnswer, offlinePathFor } from "../domain/offline.ts";
import { BASENAME } from "../domain/i18n/locale.ts";
import { useI18n } from "./i18n.tsx";
import { later } from "./later.tsx";
import { useErrorRequestId } from "./request-id.ts";

const NotFound = later(import.meta.env.SSR ? await import("./NotFound.tsx") : () => import("./NotFound.tsx"), "NotFound");

export function ErrorPage({ error }: { error: unknown }) {
  const requestId = useErrorRequestId();
  const i18n = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // A load that got no answer (offline, or the network dropped while the page's data reloaded):
  // the shop's offline page and its Try again, not 'Something went wrong'.
  if (isNoAnswer(error) || (error instanceof TypeError && typeof navigator !== "undefined" && !navigator.onLine)) return <ToOfflinePage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 503's body is the shop's own message (a database out of reach); others say nothing of the cause.
  const message =
    status === 400
      ? i18n._("That request could not be understood.")
      : status === 503 && isRouteErrorResponse(error) && typeof error.data === "string"
        ? i18n._(error.data)
        : i18n._("Please try again in a moment.");
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`${i18n._("Something went wrong")} | Haat`}</title>
      <h1 className="text-2xl font-semibold">{i18n._("Something went wrong")}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      {requestId ? <p className="mt-2 text-sm text-stone-600">{i18n._("If you write to us about this, quote reference {requestId}.", { requestId })}</p> : null}
      <a href={BASENAME[i18n.locale]} className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        {i18n._("Go Back Home")}
      </a>
    </section>
  );
}

/**
 * Offline, a page the worker did not keep: its offline page, as a document load of the page
 * would get (the worker's own answer), so the offline page's code is not part of every visit.
 */
function ToOfflinePage() {
  useEffect(() => {
    window.location.replace(`${offlinePathFor(window.location.pathname)}?from=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, []);
  return null;
}
