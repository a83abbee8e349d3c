import { useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { RootData } from "./viewer.ts";

type Toast = NonNullable<RootData["toast"]>;

// Toasts raised in the browser (a fetcher's refused form), next to those the server
// flashes through its cookie.
const listeners = new Set<() => void>();
let raised: Toast[] = [];
export function raiseToast(message: string, type: Toast["type"] = "error") {
  raised = [{ id: `local-${Date.now()}-${Math.random()}`, message, type }, ...raised].slice(0, 20);
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Browsing §9: 1500 ms on home and listing, 5000 ms elsewhere. */
function durationFor(pathname: string): number {
  return pathname === "/" || pathname === "/products" || pathname === "/shopretail" ? 1500 : 5000;
}

// Top-right, newest on top, closes on click, with a progress bar. Without JavaScript
// the server-rendered toast fades out by CSS after the same time.
export function Toaster({ toast }: { toast: Toast | null }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<Toast[]>(toast ? [toast] : []);
  const [lastId, setLastId] = useState(toast?.id);
  if (toast && toast.id !== lastId) {
    setLastId(toast.id);
    setShown((list) => [toast, ...list].slice(0, 20));
  }
  const local = useSyncExternalStore(
    subscribe,
    () => raised,
    () => raised,
  );
  const [lastLocal, setLastLocal] = useState(local);
  if (local !== lastLocal) {
    setLastLocal(local);
    const fresh = local.filter((t) => !lastLocal.includes(t));
    setShown((list) => [...fresh, ...list].slice(0, 20));
  }
  const duration = durationFor(pathname);
  const close = (id: string) => setShown((list) => list.filter((t) => t.id !== id));
  return (
    <div aria-live="polite" className="pointer-events-none fixed right-3 top-3 z-50 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2">
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

function ToastItem({ toast, duration, onClose }: { toast: Toast; duration: number; onClose: () => void }) {
  // The latest onClose, without restarting the timer when it changes.
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const timer = setTimeout(() => close(), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration]);
  return (
    <button
      type="button"
      role={toast.type === "error" ? "alert" : "status"}
      onClick={onClose}
      style={{ animationDuration: `${duration}ms` }}
      className={`toast pointer-events-auto relative overflow-hidden rounded-md border-l-4 px-4 py-3 text-left text-sm font-medium shadow-lg ${tone[toast.type]}`}
    >
      {toast.message}
      <span className="sr-only"> (select to close)</span>
      <span aria-hidden="true" className="toast-progress absolute bottom-0 left-0 h-0.5 w-full bg-current opacity-40" style={{ animationDuration: `${duration}ms` }} />
    </button>
  );
}
