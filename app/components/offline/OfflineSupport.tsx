// The page's side of the service worker (issue 26, decision 049), with JavaScript only (the
// shop without it never registers one): registers /sw.js after hydration, offers a new version
// with 'Reload' (it waits until then, so no page mixes old and new scripts), and marks a page
// the worker answered with its kept copy: 'Offline: showing the page as you last saw it'.
import { withoutLocale } from "../../domain/i18n/locale.ts";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation, useNavigation } from "react-router";
import { keptLine, OFFLINE_MESSAGES } from "../../domain/offline.ts";
import { useI18n } from "../i18n.tsx";
import { useViewer } from "../root-data.ts";
import { ReplayQueuedPosts, stampPostKeys } from "./QueuedPosts.tsx";

interface Kept {
  path: string;
  keptAt: string;
}

// The kept copy the page shows, if any: the document's own (a meta tag the worker adds), then
// what the worker says of each `.data` load it answered from what it kept.
let kept: Kept | null | undefined;
const listeners = new Set<() => void>();
function setKept(next: Kept | null) {
  kept = next;
  for (const listener of listeners) listener();
}
function keptNow(): Kept | null {
  if (kept === undefined) {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="haat-kept-at"]');
    kept = meta ? { path: window.location.pathname, keptAt: meta.content } : null;
  }
  return kept;
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function OfflineSupport() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const current = useSyncExternalStore(subscribe, keptNow, () => null);
  const [update, setUpdate] = useState<(() => void) | null>(null);
  const signedIn = useViewer() !== null;
  const i18n = useI18n();

  useEffect(() => stampPostKeys(), []);

  // A new navigation forgets the last page's kept copy; the worker says again if this one is.
  useEffect(() => {
    if (navigation.state === "loading") setKept(null);
  }, [navigation.state]);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
    const onMessage = (event: MessageEvent<{ type?: string; path?: string; keptAt?: string }>) => {
      if (event.data?.type === "haat-kept-copy" && event.data.path && event.data.keptAt) setKept({ path: event.data.path, keptAt: event.data.keptAt });
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    let cancelled = false;
    // Once the page is idle, so the worker's precache never competes with what the page itself
    // still loads (a lazy form's code); its code comes in a chunk of its own, then.
    // The browser's own API (no helper library: its chunk and Vite's preload helper cost 4 kB of
    // a first visit on Slow 3G). A new version waits until the shopper says Reload; then the
    // worker skips waiting (Serwist listens for SKIP_WAITING) and the page reloads under it.
    const register = async () => {
      if (cancelled) return;
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const offer = (waiting: ServiceWorker) =>
        setUpdate(() => () => {
          navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
          waiting.postMessage({ type: "SKIP_WAITING" });
        });
      // Only a worker that would replace one: the first install takes over by itself.
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
        });
      });
    };
    // Safari has no requestIdleCallback: a moment after hydration there.
    const canIdle = typeof window.requestIdleCallback === "function";
    const start = () => void register().catch(() => undefined);
    const idle = canIdle ? window.requestIdleCallback(start, { timeout: 5000 }) : window.setTimeout(start, 2000);
    return () => {
      cancelled = true;
      if (canIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      navigator.serviceWorker.removeEventListener("message", onMessage);
    };
  }, []);

  return (
    <>
      {/* The queue is the signed-in shopper's: cleared by the worker at sign-out. */}
      {signedIn && <ReplayQueuedPosts />}
      {/* The worker names the path with its language prefix; the router's has none. */}
      {current && withoutLocale(current.path) === pathname && (
        <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-center text-sm text-amber-900">
          {keptLine(new Date(current.keptAt), new Date(), i18n)}
        </p>
      )}
      {update && (
        <div
          role="status"
          className="fixed inset-x-3 bottom-3 z-50 flex items-center gap-3 rounded-md border-l-4 border-sky-600 bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900 shadow-lg sm:left-auto sm:w-[22rem]"
        >
          <p className="flex-1">{i18n._(OFFLINE_MESSAGES.update)}</p>
          <button type="button" onClick={update} className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
            {i18n._(OFFLINE_MESSAGES.reload)}
          </button>
        </div>
      )}
    </>
  );
}
