import { useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { useI18n, carryMessages } from "./i18n.tsx";
import { useLocation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { addToasts, type ShownToast } from "../domain/toasts.ts";
import { NO_TOASTS, onRaisedToast, raisedToasts, type Toast } from "./raise-toast.ts";

type Shown = ShownToast<Toast>;

/** Specification: Browsing constants: 1500 ms on home and listing, 5000 ms elsewhere. */
function durationFor(pathname: string): number {
  return pathname === "/" || pathname === "/products" || pathname === "/shopretail" ? 1500 : 5000;
}

// At the bottom of the screen, where they cover neither the header (its cart and account)
// nor the page's first lines: across the bottom on a phone, bottom-right on a laptop.
// Newest nearest the edge, closes on click, with a progress bar. Without JavaScript the
// server-rendered toast fades out by CSS after the same time.
export function Toaster({ toast }: { toast: Toast | null }) {
  const { pathname } = useLocation();
  // A toast raised once the page is React's is closed with this.
  carryMessages(useI18n(), ["Dismiss"]);
  const [shown, setShown] = useState<Shown[]>(toast ? addToasts([], [toast]) : []);
  const [lastId, setLastId] = useState(toast?.id);
  if (toast && toast.id !== lastId) {
    setLastId(toast.id);
    setShown((list) => addToasts(list, [toast]));
  }
  const local = useSyncExternalStore(onRaisedToast, raisedToasts, raisedToasts);
  const [lastLocal, setLastLocal] = useState(NO_TOASTS);
  if (local !== lastLocal) {
    setLastLocal(local);
    const fresh = local.filter((t) => !lastLocal.includes(t));
    setShown((list) => addToasts(list, fresh));
  }
  const duration = durationFor(pathname);
  const close = (id: string) => setShown((list) => list.filter((t) => t.id !== id));
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col-reverse gap-2 sm:left-auto sm:w-[22rem]">
      {shown.map((t) => (
        <ToastItem key={t.id} toast={t} duration={duration} onClose={() => close(t.id)} />
      ))}
    </div>
  );
}

const tone: Record<Toast["type"], string> = {
  success: "border-brand-600 bg-brand-50 text-stone-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
};

function ToastItem({ toast, duration, onClose }: { toast: Shown; duration: number; onClose: () => void }) {
  // The latest onClose, without restarting the timer when it changes.
  const close = useEffectEvent(onClose);
  // Without JavaScript the toast fades by CSS alone, and a button would do nothing.
  const hydrated = useHydrated();
  const i18n = useI18n();
  useEffect(() => {
    const timer = setTimeout(() => close(), duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.count, duration]);
  // A live region holding the message and its own close button: the region is read out,
  // the button has a name, and the whole toast still closes on a click.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the close button is the keyboard's way; a click anywhere is a mouse convenience
    <div
      role={toast.type === "error" ? "alert" : "status"}
      onClick={onClose}
      style={{ animationDuration: `${duration}ms` }}
      className={`toast pointer-events-auto relative flex cursor-pointer items-start gap-2 overflow-hidden rounded-md border-l-4 py-3 pl-4 pr-2 text-sm font-medium shadow-lg ${tone[toast.type]}`}
    >
      <p className="flex-1">
        {/* Toasts are said in English by the server and the page, and translated as they are shown (decision 052). */}
        {i18n._(toast.message)}
        {toast.count > 1 && <span className="ml-1 font-semibold"> (×{toast.count})</span>}
      </p>
      {hydrated && (
        <button type="button" aria-label={i18n._("Dismiss")} onClick={onClose} className="-my-1 rounded px-1.5 text-base leading-6 opacity-70 hover:opacity-100">
          <span aria-hidden="true">×</span>
        </button>
      )}
      <span aria-hidden="true" className="toast-progress absolute bottom-0 left-0 h-0.5 w-full bg-current opacity-40" style={{ animationDuration: `${duration}ms` }} />
    </div>
  );
}
