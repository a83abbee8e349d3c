import type { RootData } from "./root-data.ts";

export type Toast = NonNullable<RootData["toast"]>;

// Toasts raised in the browser (a fetcher's refused form), next to those the server flashes
// through its cookie. Apart from the Toaster, whose code comes after hydration (components/
// later.tsx): a toast raised before it has come waits here for it.
const listeners = new Set<() => void>();
/** None yet: the Toaster shows what was raised since, even before its code came. */
export const NO_TOASTS: Toast[] = [];
let raised = NO_TOASTS;

export function raiseToast(message: string, type: Toast["type"] = "error") {
  raised = [{ id: `local-${Date.now()}-${Math.random()}`, message, type }, ...raised].slice(0, 20);
  for (const l of listeners) l();
}

export const raisedToasts = () => raised;

export function onRaisedToast(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
