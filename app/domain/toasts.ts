// Which toasts are on screen (issue 11 point 13): a few at most, and one per message.

/** At most this many toasts are on screen at once; the newest win. */
export const VISIBLE_TOASTS = 3;

export type ShownToast<T> = T & { count: number };

/**
 * Adds `fresh` (newest first) to what is shown: a toast saying what one on screen already says
 * replaces it with a count ("×2") rather than stacking a copy.
 */
export function addToasts<T extends { message: string; type: string }>(shown: readonly ShownToast<T>[], fresh: readonly T[]): ShownToast<T>[] {
  let list = [...shown];
  for (const t of [...fresh].reverse()) {
    const same = list.find((s) => s.message === t.message && s.type === t.type);
    list = [{ ...t, count: (same?.count ?? 0) + 1 }, ...list.filter((s) => s !== same)];
  }
  return list.slice(0, VISIBLE_TOASTS);
}
